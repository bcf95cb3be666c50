import { GlobalRegistrator } from '@happy-dom/global-registrator';
import { register } from 'node:module';
import { after } from 'node:test';

// Import this module first in every component test: it installs a browser-like global
// environment (window, document, fetch, …) before React and Testing Library load.
if (!GlobalRegistrator.isRegistered) {
  GlobalRegistrator.register({ url: 'http://localhost:3000/', width: 420, height: 900 });
}

// Aborting the window's activity cancels its pending timers (React Query gc, Radix toasts) so the test
// process can exit.
after(async () => {
  await (globalThis.window as unknown as { happyDOM: { abort(): Promise<void> } }).happyDOM.abort();
});

// Tells React that updates are wrapped in act() by Testing Library.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Under plain `node`, TanStack Router resolves its `isServer` flag through the "node" export
// condition and renders as if on a server. Resolve that one module with the "browser" condition.
// The hook only affects modules loaded after this point, so tests import app code dynamically.
const browserIsServerHook = `
export async function resolve(specifier, context, nextResolve) {
  if (specifier === '@tanstack/router-core/isServer') {
    const conditions = ['browser', ...context.conditions.filter((c) => c !== 'node')];
    return nextResolve(specifier, { ...context, conditions });
  }
  return nextResolve(specifier, context);
}
`;
register(`data:text/javascript,${encodeURIComponent(browserIsServerHook)}`);

// Waits for async UI up to 5 s: the default 1 s is too tight when CI runs test files in parallel on 2 cores.
const { configure } = await import('@testing-library/dom');
configure({ asyncUtilTimeout: 5000 });
