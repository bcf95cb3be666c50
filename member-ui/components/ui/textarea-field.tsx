import { type TextareaHTMLAttributes, useId } from 'react';
import { cn } from './cn';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
}

export function TextAreaField({ label, error, hint, className, rows = 3, ...textareaProps }: TextAreaFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={cn('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className="field__input field__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...textareaProps}
      />
      {error ? (
        <p id={messageId} className="field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
