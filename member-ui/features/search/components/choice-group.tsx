import * as ToggleGroup from 'radix-ui/toggle-group';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

/** A single-choice segmented control (radio semantics via Radix ToggleGroup). */
export function ChoiceGroup<T extends string>({
  label,
  value,
  choices,
  onChange,
  disabled = false,
}: {
  label: string;
  value: T;
  choices: ReadonlyArray<Choice<T>>;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      className="choice-group"
      aria-label={label}
      value={value}
      disabled={disabled}
      onValueChange={(next) => {
        // Radix reports "" when the active item is pressed again; a choice stays selected.
        if (next) onChange(next as T);
      }}
    >
      {choices.map((choice) => (
        <ToggleGroup.Item key={choice.value} value={choice.value} className="choice-group__item">
          {choice.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
