import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type * as z from 'zod';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog, DialogFooter } from './dialog';
import { TextareaField } from './textarea-field';

export interface ActionDialogNote {
  label: string;
  hint?: string;
  placeholder?: string;
  /** Validates the trimmed text before anything is sent; its message is shown under the field. */
  schema?: z.ZodType<unknown>;
  /** Reasons given often, each one click to fill the note (which stays editable). */
  suggestions?: readonly string[];
}

export interface ActionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  tone?: 'danger' | 'primary';
  /** Ask for a reason or note to go with the action. */
  note?: ActionDialogNote;
  isPending: boolean;
  /** The server's refusal, shown inside the dialog so the reviewer can correct and retry. */
  error: string | null;
  onConfirm: (note: string) => void;
  /** Context shown above the note, such as the text being acted on. */
  children?: ReactNode;
}

/** Confirmation for an action that changes a member's account or content, optionally with a reason. */
export function ActionDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  tone = 'danger',
  note,
  isPending,
  error,
  onConfirm,
  children,
}: ActionDialogProps) {
  const [text, setText] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);

  // Each opening starts with an empty note.
  useEffect(() => {
    if (open) {
      setText('');
      setNoteError(null);
    }
  }, [open]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = text.trim();
    if (note?.schema) {
      const parsed = note.schema.safeParse(trimmed);
      if (!parsed.success) {
        setNoteError(parsed.error.issues[0]?.message ?? 'Check this field');
        return;
      }
    }
    setNoteError(null);
    onConfirm(trimmed);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (isPending ? undefined : onOpenChange(next))} title={title} description={description}>
      <form className="ops-dialog__form" onSubmit={handleSubmit} noValidate>
        {children}
        {note?.suggestions?.length ? (
          <fieldset className="ops-suggestions">
            <legend className="ops-suggestions__legend">Common reasons</legend>
            {note.suggestions.map((suggestion) => (
              <button
                key={suggestion}
                type="button"
                className="ops-suggestions__item"
                aria-pressed={text === suggestion}
                onClick={() => {
                  setText(suggestion);
                  setNoteError(null);
                }}
              >
                {suggestion}
              </button>
            ))}
          </fieldset>
        ) : null}
        {note ? (
          <TextareaField
            label={note.label}
            hint={note.hint}
            placeholder={note.placeholder}
            value={text}
            error={noteError ?? undefined}
            onChange={(event) => setText(event.currentTarget.value)}
            autoFocus
          />
        ) : null}
        {error ? (
          <Alert tone="danger">
            <p>{error}</p>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant={tone === 'danger' ? 'danger' : 'primary'} disabled={isPending}>
            {isPending ? (pendingLabel ?? 'Working…') : confirmLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
