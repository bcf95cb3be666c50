import Check from 'lucide-react/icons/check';
import * as ToggleGroup from 'radix-ui/toggle-group';
import type { Choice } from './choice-group';

/** Chips that toggle independently (any number chosen; none chosen means "any"). */
export function MultiChoice<T extends string>({
  label,
  value,
  choices,
  onChange,
  disabled = false,
}: {
  label: string;
  value: readonly T[];
  choices: ReadonlyArray<Choice<T>>;
  onChange: (value: T[]) => void;
  disabled?: boolean;
}) {
  return (
    <ToggleGroup.Root
      type="multiple"
      className="chip-choice"
      aria-label={label}
      value={[...value]}
      disabled={disabled}
      // Kept in the vocabulary's order, whatever order the chips were pressed in.
      onValueChange={(next) => onChange(choices.map((c) => c.value).filter((v) => next.includes(v)))}
    >
      {choices.map((choice) => (
        <ToggleGroup.Item key={choice.value} value={choice.value} className="chip-choice__item">
          {value.includes(choice.value) ? <Check size={14} aria-hidden="true" /> : null}
          {choice.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
