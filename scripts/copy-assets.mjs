// Copies Sheaf's stylesheets next to the compiled modules in dist/ (the browser scripts are
// bundled by scripts/build-client.mjs).
import { cpSync, existsSync } from 'node:fs';

for (const dir of ['render/styles']) {
  if (existsSync(`src/${dir}`)) cpSync(`src/${dir}`, `dist/${dir}`, { recursive: true, filter: (f) => !f.endsWith('.ts') });
}
