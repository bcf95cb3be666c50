import ChevronDown from 'lucide-react/icons/chevron-down';
import { type SelectHTMLAttributes, useId } from 'react';
import { cn } from './cn';

export interface SelectOption {
  value: string;
  label: string;
  /** options with a group are shown under it (<optgroup>), in the order the groups first appear */
  group?: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly SelectOption[];
  /** Text of the empty first option; omit to offer no empty choice. */
  placeholder?: string;
  error?: string;
  hint?: string;
}

/** Native <select> (the phone's own picker) styled like TextField, with the same error wiring. */
export function SelectField({ label, options, placeholder, error, hint, className, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={cn('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control select">
        <select
          id={id}
          className="field__input select__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          {...selectProps}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {groupsOf(options).map(([group, members]) =>
            group === null ? (
              members.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))
            ) : (
              <optgroup key={group} label={group}>
                {members.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ),
          )}
        </select>
        <ChevronDown size={18} aria-hidden="true" className="select__chevron" />
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

/** Options whose label is the value itself (lists already written for people, e.g. "Master's"). */
export function optionsOf(values: readonly string[]): SelectOption[] {
  return values.map((value) => ({ value, label: value }));
}

/** Consecutive runs of options by group (null: options outside any group). */
function groupsOf(options: readonly SelectOption[]): Array<[string | null, SelectOption[]]> {
  const runs: Array<[string | null, SelectOption[]]> = [];
  for (const option of options) {
    const group = option.group ?? null;
    const last = runs[runs.length - 1];
    if (last && last[0] === group) last[1].push(option);
    else runs.push([group, [option]]);
  }
  return runs;
}
