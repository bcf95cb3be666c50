import * as Slider from 'radix-ui/slider';

/** A 1–5 slider in steps of 1; `label` names the thumb for assistive technology. */
export function LevelSlider({
  label,
  value,
  onChange,
  min = 1,
  max = 5,
  valueText,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  /** What a screen reader announces for the value (e.g. "Moderate"). */
  valueText?: string;
}) {
  return (
    <div className="level-slider">
      <Slider.Root
        className="level-slider__root"
        min={min}
        max={max}
        step={1}
        value={[value]}
        onValueChange={([next]) => {
          if (next !== undefined) onChange(next);
        }}
      >
        <Slider.Track className="level-slider__track">
          <Slider.Range className="level-slider__range" />
        </Slider.Track>
        <Slider.Thumb className="level-slider__thumb" aria-label={label} aria-valuetext={valueText} />
      </Slider.Root>
      <div className="level-slider__scale" aria-hidden="true">
        {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((tick) => (
          <span key={tick} className={tick === value ? 'level-slider__tick level-slider__tick--active' : 'level-slider__tick'}>
            {tick}
          </span>
        ))}
      </div>
    </div>
  );
}
