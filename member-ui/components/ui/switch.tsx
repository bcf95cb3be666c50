import type { ComponentProps } from 'react';

type SwitchProps = Omit<ComponentProps<'button'>, 'role' | 'type' | 'onChange' | 'children'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** the class of the sliding thumb inside */
  thumbClassName: string;
};

/**
 * An on/off switch: a button with role="switch" and aria-checked, its state also in data-state for the styles (as
 * Radix's switch marks it). Not Radix's own: that one keeps the button in state from a ref callback and measures it
 * in a layout effect (for a hidden form input these switches never need), two synchronous re-renders per switch in
 * the commit that mounts it, which also pull every passive effect of the first screen into that task: on /settings
 * at 4x CPU, 107-117 ms of a 150-200 ms first commit. The native button gives Enter and Space.
 */
export function Switch({ checked, onCheckedChange, thumbClassName, onClick, disabled, ...props }: SwitchProps) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange(!checked);
      }}
      {...props}
    >
      <span className={thumbClassName} data-state={state} />
    </button>
  );
}
