/**
 * Resolves after the browser has painted once more (requestAnimationFrame, then a task after it). A module that
 * awaits it at its top level ends the task evaluating the start-up code there (see ./react-dom.ts).
 */
export const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
