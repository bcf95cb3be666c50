/**
 * Registers the service worker (offline screen, push notifications) once the page has loaded, so it never
 * competes with the first screen's downloads. Browsers allow it on https and on localhost only.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      /* the app works without it: no offline screen, no push on this device */
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
