import * as z from 'zod';

// The console's CSP forbids eval. Object schemas decide at construction whether to compile a fast path with
// `new Function`, and the probe alone makes the browser log a policy violation, so this module must be
// imported before any schema is built (first import in main.tsx).
z.config({ jitless: true });
