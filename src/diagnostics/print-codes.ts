// Prints the diagnostic code catalogue as a Markdown table (`npm run codes`).
import { catalogue } from './catalogue.js';

const rows = Object.entries(catalogue)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([code, entry]) => `| \`${code}\` | ${entry.severity} | ${entry.summary} |`);
process.stdout.write(['| code | severity | meaning |', '|---|---|---|', ...rows].join('\n') + '\n');
