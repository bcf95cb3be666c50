export interface Segment<TValue extends string> {
  value: TValue;
  label: string;
}

export interface SegmentedControlProps<TValue extends string> {
  label: string;
  value: TValue;
  segments: ReadonlyArray<Segment<TValue>>;
  onValueChange: (value: TValue) => void;
}

/** A row of toggle buttons for switching a list between views (pending / approved / rejected…). */
export function SegmentedControl<TValue extends string>({
  label,
  value,
  segments,
  onValueChange,
}: SegmentedControlProps<TValue>) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not form fields; a <fieldset> would need a legend and undoing its default box
    <div className="ops-segmented" role="group" aria-label={label}>
      {segments.map((segment) => (
        <button
          key={segment.value}
          type="button"
          className={segment.value === value ? 'ops-segmented__item is-current' : 'ops-segmented__item'}
          aria-pressed={segment.value === value}
          onClick={() => onValueChange(segment.value)}
        >
          {segment.label}
        </button>
      ))}
    </div>
  );
}
