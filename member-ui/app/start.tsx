import './start-stages/query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { rememberReader } from '../lib/reader';
import { keepFirstScreen } from './layout/first-screen';

/**
 * React's first render of the member app into `container`, replacing the page's own header and spinner. As a
 * transition React renders it in slices, so a slow phone's page does not freeze.
 */
export function startApp(container: HTMLElement): void {
  keepFirstScreen(container);
  rememberReader();
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
