import { type InputHTMLAttributes, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
}

export function TextField({ label, error, className, ...rest }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={['ops-field', className].filter(Boolean).join(' ')}>
      <label className="ops-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="ops-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      />
      {error ? (
        <p id={errorId} className="ops-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
