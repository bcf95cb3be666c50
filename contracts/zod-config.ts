import * as z from 'zod';

// The apps' Content-Security-Policy forbids eval; zod would otherwise probe `new Function` to compile fast
// object parsers (and the probe alone logs a CSP violation). Every contract imports this module before zod
// builds any schema; ES modules evaluate imports in order, so the setting is in place first.
z.config({ jitless: true });
