// The app's start-up code is one file (member-ui/app/start.tsx and all it imports: a phone's every further file is
// a round trip more), evaluated in four tasks with a paint between them: React DOM, the router, TanStack Query,
// then the app. Each stage module re-exports its library, so the library is evaluated where the module is, and
// then awaits a paint at its top level; the next stage imports the previous one first. Evaluating all of it at
// once was one task of 60–100 ms on this machine, four times that on Lighthouse's phone, during which the page
// cannot respond.
import { afterNextPaint } from './after-paint';

export { createRoot } from 'react-dom/client';

await afterNextPaint();
