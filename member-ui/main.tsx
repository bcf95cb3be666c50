import { holdEarlyTaps } from './lib/early-taps';
import { registerServiceWorker } from './pwa/register';
import './styles/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
// A tap on the server's copy of the screen before the app has replaced it goes to the app's button after.
holdEarlyTaps(container);

// The page's own header and spinner (sent with the HTML) show until React's first render replaces them. This file
// is all that runs before the browser has painted them: the app's code (React, the router, the first screen) is
// downloaded alongside it (<link rel="modulepreload"> in the page) but evaluated only after that first paint has
// been shown, so a phone shows the page at once instead of after half a megabyte of script has been run.

// requestAnimationFrame then setTimeout: what follows runs after the browser has painted the page's own header
// and spinner once, even when the scripts arrive quickly.
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Resolves once the browser reports the page's first contentful paint (the header and spinner on screen), or
 * after `limit` ms where it cannot tell (no paint timing, a hidden tab). A frame is shown a little after the
 * requestAnimationFrame that prepared it; on a busy phone evaluating the app at once would hold that frame back.
 */
function afterFirstContentfulPaint(limit = 300): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, limit);
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing here: the time limit decides.
    }
  });
}

// The app's start (React, the router, the first screen: one file the page modulepreloads, so it downloads meanwhile)
// is evaluated once the page has painted, in stages with a paint between them (member-ui/app/start-stages/).
void afterFirstContentfulPaint()
  .then(() => import('./app/start'))
  .then(({ startApp }) => {
    // One more paint between evaluating the app's code and rendering it: two shorter tasks instead of one long one.
    void afterNextPaint().then(() => startApp(container));
  });

registerServiceWorker();
