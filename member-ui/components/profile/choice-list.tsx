import Check from 'lucide-react/icons/check';
import * as ToggleGroup from 'radix-ui/toggle-group';
import type { SelectOption } from '../ui/select-field';

/**
 * A preference that accepts any number of values (marital statuses, diets, religions, mother tongues): chips that
 * toggle, none chosen meaning "open to all".
 */
export function ChoiceList({
  label,
  hint,
  value,
  options,
  error,
  onChange,
}: {
  label: string;
  hint?: string;
  value: readonly string[];
  options: readonly SelectOption[];
  error?: string;
  onChange: (value: string[]) => void;
}) {
  return (
    <fieldset className="field choice-list">
      <legend className="field__label">{label}</legend>
      <ToggleGroup.Root
        type="multiple"
        className="chip-choice"
        aria-label={label}
        value={[...value]}
        // Kept in the vocabulary's order, whatever order the chips were pressed in.
        onValueChange={(next) => onChange(options.map((o) => o.value).filter((v) => next.includes(v)))}
      >
        {options.map((option) => (
          <ToggleGroup.Item key={option.value} value={option.value} className="chip-choice__item">
            {value.includes(option.value) ? <Check size={14} aria-hidden="true" /> : null}
            {option.label}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint">{hint}</p>
      ) : null}
    </fieldset>
  );
}
