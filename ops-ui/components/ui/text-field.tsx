import { type InputHTMLAttributes, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  /** A line under this field (the error replaces it while there is one). */
  hint?: string;
}

export function TextField({ label, error, hint, className, ...rest }: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={['ops-field', className].filter(Boolean).join(' ')}>
      <label className="ops-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="ops-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...rest}
      />
      {error ? (
        <p id={messageId} className="ops-field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="ops-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
