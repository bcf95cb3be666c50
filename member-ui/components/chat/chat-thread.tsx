import Check from 'lucide-react/icons/check';
import CheckCheck from 'lucide-react/icons/check-check';
import PhoneMissed from 'lucide-react/icons/phone-missed';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import Video from 'lucide-react/icons/video';
import type { CallLogEntry } from '../../../contracts/calls';
import { translate } from '../../i18n/translate';
import { useT } from '../../i18n/use-t';
import { callLengthText } from '../calls/call-length';
import type { MessageView } from '../../../contracts/views';
import { cn } from '../ui/cn';
import { clockTime, groupByDay } from '../../lib/message-time';
import { messageAuthor } from './message-author';

type Line = { kind: 'message'; createdAt: string; message: MessageView } | { kind: 'call'; createdAt: string; call: CallLogEntry };

/** A call as one line of the chat: "Missed video call", "Video call · 12 min", "Call declined". */
export function callLineText(call: CallLogEntry): string {
  if (call.status === 'missed') return translate(call.direction === 'incoming' ? 'chat.call.missed' : 'chat.call.noAnswer');
  if (call.status === 'declined') return translate(call.direction === 'incoming' ? 'chat.call.youDeclined' : 'chat.call.declined');
  if (call.lengthSeconds !== null) return translate('chat.call.withLength', { length: callLengthText(call.lengthSeconds) });
  return translate('chat.call.plain');
}

function CallLine({ call }: { call: CallLogEntry }) {
  const missed = call.status === 'missed' && call.direction === 'incoming';
  const Icon = missed ? PhoneMissed : Video;
  return (
    <li className={cn('chat-call-line', missed && 'chat-call-line--missed')} data-call-id={call.id}>
      <span className="chat-call-line__pill">
        <Icon size={14} aria-hidden="true" />
        <span>{callLineText(call)}</span>
        <time dateTime={call.startedAt}>{clockTime(call.startedAt)}</time>
      </span>
    </li>
  );
}

/** Messages and calls in the order they happened (each list oldest first). */
function linesOf(messages: MessageView[], calls: CallLogEntry[]): Line[] {
  const lines: Line[] = messages.map((message) => ({ kind: 'message', createdAt: message.createdAt, message }));
  for (const call of calls) {
    const at = Date.parse(call.startedAt);
    const index = lines.findIndex((line) => Date.parse(line.createdAt) > at);
    const line: Line = { kind: 'call', createdAt: call.startedAt, call };
    if (index === -1) lines.push(line);
    else lines.splice(index, 0, line);
  }
  return lines;
}

/**
 * Messages grouped by day (Today / Yesterday / long date); own messages on the right; the calls of the conversation
 * as lines between them. `names`: family reading a conversation for the member see every message's author named (the
 * member, their family, the other member).
 */
export function ChatThread({ messages, calls = [], userId, now, names }: { messages: MessageView[]; calls?: CallLogEntry[]; userId: number; now?: Date; names?: { own: string; theirs: string } }) {
  const t = useT();
  const days = groupByDay(linesOf(messages, calls), now);
  return (
    <div className="chat-thread">
      {days.map((day) => (
        <section key={day.key} className="chat-day" aria-label={day.label}>
          <h2 className="chat-day__label">
            <span>{day.label}</span>
          </h2>
          <ol className="chat-day__list">
            {day.messages.map((line, index) => {
              if (line.kind === 'call') return <CallLine key={`call-${line.call.id}`} call={line.call} />;
              const { message } = line;
              const mine = message.senderId === userId;
              const next = day.messages[index + 1];
              const lastOfRun = next?.kind !== 'message' || next.message.senderId !== message.senderId;
              const by = messageAuthor(message, userId, names);
              const bubble = (
                <li
                  key={message.id}
                  className={cn(
                    'bubble',
                    mine ? 'bubble--mine' : 'bubble--theirs',
                    lastOfRun && 'bubble--tail',
                  )}
                  data-message-id={message.id}
                >
                  {/* Written by the member's family for them: both sides see who ("Priya's mother"). */}
                  {by ? <span className="bubble__by">{by}</span> : null}
                  <p className="bubble__text">{message.content}</p>
                  <span className="bubble__meta">
                    <time dateTime={message.createdAt}>{clockTime(message.createdAt)}</time>
                    {mine ? (
                      message.isRead ? (
                        <CheckCheck size={14} aria-label={t('chat.read')} className="bubble__status bubble__status--read" />
                      ) : (
                        <Check size={14} aria-label={t('chat.sent')} className="bubble__status" />
                      )
                    ) : null}
                  </span>
                </li>
              );
              // A message the scam rules recognised: the recipient reads a calm notice under it.
              if (!message.safetyNotice || mine) return bubble;
              return [
                bubble,
                <li key={`${message.id}-notice`} className="chat-safety-notice" role="note">
                  <ShieldAlert size={16} aria-hidden="true" />
                  <span>{message.safetyNotice}</span>
                </li>,
              ];
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}
