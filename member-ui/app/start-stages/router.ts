// Second start-up stage (see ./react-dom.ts).
import './react-dom';
import { afterNextPaint } from './after-paint';

export { RouterProvider } from '@tanstack/react-router';

await afterNextPaint();
