import './start-stages/query';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { rememberReader } from '../lib/reader';
import { createAppQueryClient } from '../lib/query-client';
import { createAppRouter } from '../router';
import { keepFirstScreen } from './layout/first-screen';
import { afterNextPaint } from './start-stages/after-paint';
import { DEFAULT_LANGUAGE } from '../../contracts/i18n/languages';
import { ENGLISH_MESSAGES, loadCatalogue } from '../i18n/catalogue';
import { pageLanguage } from '../i18n/language-choice';

/** How long the first render waits for the first screen's requests; a slow answer then arrives into the screen. */
const FIRST_DATA_WAIT_MS = 2000;

/**
 * Resolves once no request of `queryClient` is in flight, or after `limit` ms. The routes' loaders start their screen's
 * requests without awaiting them (a screen opened from another shows its skeleton meanwhile); on the first screen,
 * rendering before they answer would render the screen twice, the second time synchronously when the answer comes
 * (a query's update is never a transition): a 130 ms task of a settings page's start at 4× throttling.
 */
function requestsSettled(queryClient: QueryClient, limit: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, limit);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
    if (queryClient.isFetching() === 0) done();
  });
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * React's first render of the member app into `container`, replacing the page's own header and spinner.
 *
 * The router is made and its first route loaded (the session check, the screen's code and data) before React
 * renders anything. Rendered with no route loaded, the app's first commit would start that load from a layout
 * effect, and the router's store updates would then render the whole screen synchronously, in one task: in a CPU
 * profile of a profile page's cold start at 4× throttling, a 280–410 ms task, the longest of the start. Loaded
 * first, the screen is there for React's first render, which as a transition is rendered in slices.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  keepFirstScreen(container);
  rememberReader();
  // The page's language (the server wrote it into <html lang>): its catalogue is fetched beside the first route's load.
  const pageLanguageCode = pageLanguage();
  // A catalogue that cannot be fetched (the network dropped) leaves the app in English rather than not started.
  const catalogue = loadCatalogue(pageLanguageCode).then(
    (messages) => ({ language: pageLanguageCode, messages }),
    () => ({ language: DEFAULT_LANGUAGE, messages: ENGLISH_MESSAGES }),
  );
  await afterNextPaint();
  const queryClient = createAppQueryClient();
  const router = createAppRouter({ queryClient });
  // Making the router (its route tree) and the load's first steps (the session check's request) are two tasks.
  await nextTask();
  // A load that fails is shown by the route's error page; the router loads again when it is mounted.
  await router.load().catch(() => undefined);
  await requestsSettled(queryClient, FIRST_DATA_WAIT_MS);
  const { language, messages } = await catalogue;
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} language={language} messages={messages} />
      </StrictMode>,
    );
  });
}
