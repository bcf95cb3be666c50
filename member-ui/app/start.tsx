import './start-stages/query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { rememberReader } from '../lib/reader';
import { createAppQueryClient } from '../lib/query-client';
import { createAppRouter } from '../router';
import { keepFirstScreen } from './layout/first-screen';
import { afterNextPaint } from './start-stages/after-paint';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * React's first render of the member app into `container`, replacing the page's own header and spinner.
 *
 * The router is made and its first route loaded (the session check, the screen's code and data) before React
 * renders anything. Rendered first with no route loaded, the app's first commit started that load from a layout
 * effect, and the router's store updates then rendered the whole screen synchronously, in one task: a CPU profile of
 * a profile page's cold start at 4× throttling showed it as a 280–410 ms task, the longest of the start. Loaded
 * first, the screen is there for React's first render, which as a transition is rendered in slices.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  keepFirstScreen(container);
  rememberReader();
  await afterNextPaint();
  const queryClient = createAppQueryClient();
  const router = createAppRouter({ queryClient });
  // Making the router (its route tree) and the load's first steps (the session check's request) are two tasks.
  await nextTask();
  // A load that fails is shown by the route's error page; the router loads again when it is mounted.
  await router.load().catch(() => undefined);
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
}
