import { GlobalWindow, PropertySymbol } from 'happy-dom';

/**
 * Registers a happy-dom window as the global object for component tests, as @happy-dom/global-registrator
 * would (it is not installed). Node's own networking stays in place so that ky builds real Requests and
 * tests can stub globalThis.fetch with real Responses.
 */
const KEEP_NODE_GLOBALS = new Set<string>([
  'constructor',
  'undefined',
  'NaN',
  'global',
  'globalThis',
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'URL',
  'URLSearchParams',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'queueMicrotask',
  'performance',
  'crypto',
  'console',
]);

export const TEST_ORIGIN = 'http://localhost:3000';

function register(): void {
  const target = globalThis as unknown as Record<PropertyKey, unknown>;
  if (target.happyDOM) return;
  const window = new GlobalWindow({ url: `${TEST_ORIGIN}/ops`, width: 1440, height: 900, console: globalThis.console });
  const source = window as unknown as Record<PropertyKey, unknown>;
  const descriptors = Object.getOwnPropertyDescriptors(window);

  for (const key of Reflect.ownKeys(descriptors)) {
    if (typeof key === 'string' && KEEP_NODE_GLOBALS.has(key)) continue;
    const descriptor = descriptors[key as keyof typeof descriptors] as PropertyDescriptor;
    const existing = Object.getOwnPropertyDescriptor(globalThis, key);
    // Built-ins the window shares with Node (Array, Infinity, ...) are left alone; some cannot be redefined.
    if (existing && 'value' in existing && existing.value !== undefined && existing.value === descriptor.value) continue;
    // self, window, top and parent must point at the global object itself.
    if (descriptor.value === window) {
      source[key] = globalThis;
      descriptor.value = globalThis;
    }
    Object.defineProperty(globalThis, key, { ...descriptor, configurable: true });
  }
  (target.document as Record<PropertyKey, unknown>)[PropertySymbol.defaultView] = globalThis;
  // Tells React that updates are wrapped in act(), as Testing Library does.
  target.IS_REACT_ACT_ENVIRONMENT = true;
}

register();

// Waits for async UI up to 5 s: the default 1 s is too tight when CI runs test files in parallel on 2 cores.
const { configure } = await import('@testing-library/dom');
configure({ asyncUtilTimeout: 5000 });
