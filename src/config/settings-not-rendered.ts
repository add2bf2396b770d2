import { pointerFrom } from '../diagnostics/positions.js';
import { isRecord } from '../parse/is-record.js';
import { describePath } from './describe.js';
import type { ConfigProblem } from './problem.js';
import { settingsTable, type SettingRow, type Unrendered } from './settings-table.js';

/**
 * Nothing in docs.json is ignored silently: one `config/setting-not-rendered` info for each place
 * of `config` (the merged value as written, pointers into it) that asks for something the
 * settings table says Sheaf does not render (a `partial` row's `unrendered` finds, or any place
 * a `not yet` row's key is set), naming it and saying what the site does instead. Honoured
 * settings never report. In document order of the table's rows; pure.
 */
export function settingsNotRendered(config: unknown, table: readonly SettingRow[] = settingsTable): ConfigProblem[] {
  if (!isRecord(config)) return [];
  return table.flatMap((row) => {
    if (row.status === 'honoured') return [];
    const found = row.unrendered ? row.unrendered(config) : row.status === 'not yet' ? whereSet(config, row) : [];
    return found.map((u): ConfigProblem => ({
      code: 'config/setting-not-rendered',
      pointer: u.pointer,
      message: `\`${describePath(u.pointer)}\` is not rendered by Sheaf yet. ${u.instead}`,
      hint: 'The site builds without it. Sheaf’s README lists what it does with each docs.json setting (“docs.json settings”).',
    }));
  });
}

/** A `not yet` row's key (`a.b.c`, no `[]`) where it is set, with the row's `instead`. */
function whereSet(config: Readonly<Record<string, unknown>>, row: SettingRow): Unrendered[] {
  const path = row.key.split('.');
  let node: unknown = config;
  for (const key of path) {
    if (!isRecord(node) || !Object.hasOwn(node, key)) return [];
    node = node[key];
  }
  return [{ pointer: pointerFrom(path), instead: row.instead ?? 'The site is built as if it were not set.' }];
}
