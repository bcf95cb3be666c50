import { type SelectHTMLAttributes, useId } from 'react';

export interface SelectOption<TValue extends string> {
  value: TValue;
  label: string;
}

export interface SelectFieldProps<TValue extends string>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange'> {
  label: string;
  value: TValue;
  options: ReadonlyArray<SelectOption<TValue>>;
  onValueChange: (value: TValue) => void;
  error?: string;
}

/** A native select: dense, keyboard-friendly and announced correctly everywhere. */
export function SelectField<TValue extends string>({
  label,
  value,
  options,
  onValueChange,
  error,
  className,
  ...rest
}: SelectFieldProps<TValue>) {
  const id = useId();
  return (
    <div className={['ops-field', className].filter(Boolean).join(' ')}>
      <label className="ops-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="ops-field__input ops-field__select"
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const next = options.find((option) => option.value === event.currentTarget.value);
          if (next) onValueChange(next.value);
        }}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? <p className="ops-field__error">{error}</p> : null}
    </div>
  );
}
