// Copies Sheaf's browser files (client scripts, stylesheets) next to the compiled modules in dist/.
import { cpSync, existsSync } from 'node:fs';

for (const dir of ['client', 'render/styles']) {
  if (existsSync(`src/${dir}`)) cpSync(`src/${dir}`, `dist/${dir}`, { recursive: true, filter: (f) => !f.endsWith('.ts') });
}
