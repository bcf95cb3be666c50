import { Switch } from '../../../components/ui/switch';
import { useId } from 'react';

/** A labelled on/off switch (a button with role="switch"). */
export function LabelledSwitch({
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="labelled-switch">
      <div className="labelled-switch__text">
        <label htmlFor={id} className="labelled-switch__label">
          {label}
        </label>
        {hint ? <p className="labelled-switch__hint">{hint}</p> : null}
      </div>
      <Switch id={id} className="mood-switch" checked={checked} onCheckedChange={onCheckedChange} thumbClassName="mood-switch__thumb" />
    </div>
  );
}
