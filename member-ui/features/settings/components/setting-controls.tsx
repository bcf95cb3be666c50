import { Switch } from '../../../components/ui/switch';
import { useId } from 'react';
import { cn } from '../../../components/ui/cn';

/** A labelled on/off row; the change applies at once. */
export function SettingSwitch({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="setting-row">
      <div className="setting-row__text">
        <label className="setting-row__label" htmlFor={id}>
          {label}
        </label>
        {description ? (
          <p className="setting-row__description" id={`${id}-description`}>
            {description}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        className="settings-switch"
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
        thumbClassName="settings-switch__thumb"
      />
    </div>
  );
}

export interface Choice<V extends string> {
  value: V;
  label: string;
}

/** A one-of-three choice shown as a segmented control built on native radio buttons. */
export function SettingChoice<V extends string>({
  label,
  description,
  name,
  value,
  choices,
  onChange,
  disabled,
}: {
  label: string;
  description?: string;
  name: string;
  value: V;
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="setting-choice" aria-describedby={description ? `${id}-description` : undefined} disabled={disabled}>
      <legend className="setting-row__label">{label}</legend>
      {description ? (
        <p className="setting-row__description" id={`${id}-description`}>
          {description}
        </p>
      ) : null}
      <div className="segments">
        {choices.map((choice) => (
          <label key={choice.value} className={cn('segments__option', choice.value === value && 'segments__option--checked')}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
