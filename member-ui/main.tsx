import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './pwa/register';
import './styles/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The page's own header and spinner (sent with the HTML) show until React's first render replaces them. On a
// slow phone the first render must not freeze the page: it starts in a task of its own, after the stylesheet has
// arrived and the shell has been painted once, and as a transition React renders it in slices.
/**
 * The page inlines only the header's and spinner's rules and preloads the app's stylesheet without blocking the
 * first paint; attach it and wait for it, so the first render is never unstyled.
 */
function stylesheetsReady(): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')].map(
    (preload) =>
      new Promise<void>((resolve) => {
        const sheet = document.createElement('link');
        sheet.rel = 'stylesheet';
        sheet.href = preload.href;
        sheet.onload = () => resolve();
        sheet.onerror = () => resolve();
        document.head.appendChild(sheet);
      }),
  );
  return Promise.all(pending).then(() => undefined);
}

// requestAnimationFrame then setTimeout: the first render starts after the browser has painted the page's own
// header and spinner once, so a phone shows something at once even when the scripts arrive quickly.
const afterNextPaint = (run: () => void) => requestAnimationFrame(() => setTimeout(run, 0));

void stylesheetsReady().then(() => afterNextPaint(() => {
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}));

registerServiceWorker();
