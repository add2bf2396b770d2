// Writes README.md's docs.json settings table from src/config/settings-table.ts (`npm run settings-table`).
// test/config/settings-table.test.ts fails when README.md differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingsTableMarkdown, withSettingsSection } from '../src/config/settings-table-markdown.js';
import { settingsTable } from '../src/config/settings-table.js';

const readmePath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../README.md');
const updated = withSettingsSection(readFileSync(readmePath, 'utf8'), settingsTableMarkdown(settingsTable));
if (updated === undefined) {
  process.stderr.write('README.md has no settings-table markers; add the start and end markers where the table goes.\n');
  process.exit(1);
}
writeFileSync(readmePath, updated);
