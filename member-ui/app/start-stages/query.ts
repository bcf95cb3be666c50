// Third start-up stage (see ./react-dom.ts).
import './router';
import { afterNextPaint } from './after-paint';

export { QueryClient } from '@tanstack/react-query';

await afterNextPaint();
