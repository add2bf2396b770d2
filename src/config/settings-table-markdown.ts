import type { SettingRow, SettingStatus } from './settings-table.js';

/** The markers around README.md's generated settings table (`npm run settings-table`). */
export const SETTINGS_START = '<!-- settings-table:start (generated from src/config/settings-table.ts by `npm run settings-table`; do not edit) -->';
export const SETTINGS_END = '<!-- settings-table:end -->';

const statuses: readonly SettingStatus[] = ['honoured', 'partial', 'not yet'];

/** How many rows have each status, in the order honoured, partial, not yet. */
export function statusCounts(rows: readonly SettingRow[]): Record<SettingStatus, number> {
  const counts = { honoured: 0, partial: 0, 'not yet': 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** The README's settings section between the markers (markers included), in the table's order. Pure. */
export function settingsTableMarkdown(rows: readonly SettingRow[]): string {
  const counts = statusCounts(rows);
  const summary = `${rows.length} settings: ${statuses.map((s) => `${counts[s]} ${s}`).join(', ')}.`;
  const lines = rows.map((r) => `| \`${r.key}\` | ${r.status} | ${r.does} |`);
  return [SETTINGS_START, summary, '', '| Setting | Status | What Sheaf does |', '|---|---|---|', ...lines, SETTINGS_END].join('\n');
}

/**
 * `readme` with the text from the start marker to the end marker replaced by `section`;
 * `undefined` when the markers are missing or out of order.
 */
export function withSettingsSection(readme: string, section: string): string | undefined {
  const start = readme.indexOf(SETTINGS_START);
  const end = readme.indexOf(SETTINGS_END);
  if (start < 0 || end < start) return undefined;
  return readme.slice(0, start) + section + readme.slice(end + SETTINGS_END.length);
}

/** The settings section README.md holds now (markers included), or `undefined` without the markers. */
export function settingsSectionOf(readme: string): string | undefined {
  const start = readme.indexOf(SETTINGS_START);
  const end = readme.indexOf(SETTINGS_END);
  return start < 0 || end < start ? undefined : readme.slice(start, end + SETTINGS_END.length);
}
