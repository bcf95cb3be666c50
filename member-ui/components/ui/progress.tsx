import { cn } from './cn';

export type ProgressTone = 'brand' | 'danger' | 'warning' | 'success';

/** Horizontal bar for 0–100; `label` names it for screen readers. */
export function Progress({
  value,
  label,
  tone = 'brand',
  className,
}: {
  value: number;
  label: string;
  tone?: ProgressTone;
  className?: string;
}) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('progress', `progress--${tone}`, className)}
      data-tone={tone}
    >
      <div className="progress__bar" style={{ width: `${clamped}%` }} />
    </div>
  );
}
