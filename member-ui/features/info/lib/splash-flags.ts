// Browser storage flags of the splash walkthrough. Loaded with the
// route table, so it stays tiny and free of dependencies.
import { SPLASH_SEEN_COOKIE } from '../../../../contracts/splash';

const SEEN_KEY = 'hasSeenSplash';
const VISIT_COUNT_KEY = 'splashVisitCount';
const SHOWN_THIS_SESSION_KEY = 'shownSplashThisSession';

// Storage can throw (disabled cookies, private modes); the splash is a nicety, never a blocker.
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Ignored: see above.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

const hasSeenCookie = () => {
  try {
    return document.cookie.split('; ').includes(`${SPLASH_SEEN_COOKIE}=1`);
  } catch {
    return false;
  }
};

/** The cookie that tells the server this browser goes straight to the landing page (contracts/splash.ts). */
function keepSeenCookie(): void {
  try {
    if (hasSeenCookie()) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
    document.cookie = `${SPLASH_SEEN_COOKIE}=1; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax`;
  } catch {
    // Ignored: see above (the server then sends the page without the landing in it).
  }
}

/** Whether this browser has finished or skipped the walkthrough: either record says so (the server reads the cookie). */
export function hasSeenSplash(): boolean {
  if (hasSeenCookie()) return true;
  const seen = read(local, SEEN_KEY) === 'true';
  // A browser that completed the walkthrough before the cookie existed gets it on its next visit.
  if (seen) keepSeenCookie();
  return seen;
}

/** Finishing or skipping the walkthrough: it never shows again in this browser. */
export function markSplashSeen(): void {
  write(local, SEEN_KEY, 'true');
  keepSeenCookie();
}

/** Counts visits to the walkthrough while it has not been completed. */
export function countSplashVisit(): number {
  const next = (Number.parseInt(read(local, VISIT_COUNT_KEY) ?? '0', 10) || 0) + 1;
  write(local, VISIT_COUNT_KEY, String(next));
  write(session, SHOWN_THIS_SESSION_KEY, 'true');
  return next;
}

/**
 * Home redirects to the walkthrough once: when it has not been completed and has not yet
 * been shown in this browser session, so a visitor who backs out of it is not sent there again and again.
 */
export function shouldRedirectToSplash(): boolean {
  return !hasSeenSplash() && read(session, SHOWN_THIS_SESSION_KEY) !== 'true';
}

export function markSplashShownThisSession(): void {
  write(session, SHOWN_THIS_SESSION_KEY, 'true');
}
