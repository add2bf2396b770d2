#!/usr/bin/env node
// Entry point of the `sheaf` command: runs the compiled CLI from dist/.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  console.error('sheaf: dist/ is missing; run `npm install` (or `npm run build`) in the sheaf folder first.');
  process.exit(2);
}
await import(main.href);
