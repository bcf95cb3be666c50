#!/usr/bin/env node
// `npx saathi …` runs the built bundle (npm run build creates dist/saathi.mjs).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/saathi.mjs', import.meta.url));
if (!existsSync(bundle)) {
  console.error('Saathi is not built yet. Run: npm run build');
  process.exit(1);
}
await import(bundle);
