import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { type InputHTMLAttributes, useId, useState } from 'react';
import { cn } from './cn';
import { useT } from '../../i18n/use-t';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
}

/** Labelled input with an error line wired to aria-invalid / aria-describedby. */
export function TextField({ label, error, hint, className, type = 'text', ...inputProps }: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const [revealed, setRevealed] = useState(false);
  const t = useT();
  const isPassword = type === 'password';
  return (
    <div className={cn('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          className="field__input"
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          {...inputProps}
        />
        {isPassword ? (
          <button
            type="button"
            className="field__reveal"
            aria-label={t(revealed ? 'field.hide' : 'field.show', { label: label.toLocaleLowerCase() })}
            aria-pressed={revealed}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
          </button>
        ) : null}
      </div>
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
