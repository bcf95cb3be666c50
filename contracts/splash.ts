/**
 * The cookie a browser keeps once its visitor has finished or skipped the walkthrough (beside local storage, which
 * the server cannot read): with it, the server paints the landing page into the page itself, since the app will not
 * send this visitor to the walkthrough first.
 */
export const SPLASH_SEEN_COOKIE = 'saathi_splash';
