import { type ReactElement, type ReactNode, cloneElement, useId } from 'react';

/**
 * Tooltips open after 700 ms (hover or keyboard focus). Done in CSS (see .tooltip-host in
 * components.css) rather than with a positioning library, because the header that uses it loads with the first
 * screen and must stay small.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

export function Tooltip({ content, children }: { content: string; children: ReactElement<{ 'aria-describedby'?: string }> }) {
  const id = useId();
  return (
    <span className="tooltip-host">
      {cloneElement(children, { 'aria-describedby': id })}
      <span role="tooltip" id={id} className="tooltip tooltip--css">
        {content}
      </span>
    </span>
  );
}
