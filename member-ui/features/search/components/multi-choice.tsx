import * as ToggleGroup from 'radix-ui/toggle-group';

/** Chips that can each be on or off (Radix ToggleGroup "multiple"): none chosen means "any". */
export function MultiChoice({
  label,
  values,
  choices,
  onChange,
  disabled = false,
}: {
  label: string;
  values: string[];
  choices: ReadonlyArray<{ value: string; label: string }>;
  onChange: (values: string[]) => void;
  disabled?: boolean;
}) {
  return (
    <ToggleGroup.Root type="multiple" className="chip-group" aria-label={label} value={values} disabled={disabled} onValueChange={onChange}>
      {choices.map((choice) => (
        <ToggleGroup.Item key={choice.value} value={choice.value} className="chip-group__item">
          {choice.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
