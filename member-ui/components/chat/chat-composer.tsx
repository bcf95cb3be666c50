import SendHorizontal from 'lucide-react/icons/send-horizontal';
import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { LIMITS } from '../../../contracts/enums';
import { RENDERED_ON_SERVER } from '../../lib/server-render';
import { useT } from '../../i18n/use-t';

const MAX_HEIGHT_PX = 120;

/**
 * Message box: Enter sends, Shift+Enter inserts a newline; blank (after trimming) text cannot be sent.
 * The box grows with its text up to about five lines.
 */
export function ChatComposer({
  value,
  onChange,
  onSend,
  disabled,
  sending,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  disabled: boolean;
  sending: boolean;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const t = useT();
  const blank = value.trim().length === 0;

  // After every render (the text changed, or was cleared by sending), fit the box to its text.
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${Math.min(box.scrollHeight, MAX_HEIGHT_PX)}px`;
  });

  function send() {
    const text = value.trim();
    if (!text || disabled || sending) return;
    onSend(text);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send();
  }

  return (
    <form className="chat-composer" onSubmit={handleSubmit}>
      <textarea
        ref={ref}
        className="chat-composer__input"
        rows={1}
        aria-label={t('chat.messageLabel')}
        placeholder={disabled ? t('chat.unavailablePlaceholder') : t('chat.placeholder')}
        value={value}
        maxLength={LIMITS.messageMax}
        disabled={disabled}
        readOnly={RENDERED_ON_SERVER || undefined}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={handleKeyDown}
        enterKeyHint="send"
      />
      <button
        type="submit"
        className="chat-composer__send"
        aria-label={t('chat.send')}
        disabled={disabled || sending || blank}
      >
        <SendHorizontal size={20} aria-hidden="true" />
      </button>
    </form>
  );
}
