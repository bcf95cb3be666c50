import { type TextareaHTMLAttributes, useId } from 'react';

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: string;
  error?: string;
}

export function TextareaField({ label, hint, error, className, rows = 3, ...rest }: TextareaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['ops-field', className].filter(Boolean).join(' ')}>
      <label className="ops-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className="ops-field__input ops-field__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="ops-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ops-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
