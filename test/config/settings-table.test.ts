import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SETTINGS_END, SETTINGS_START, settingsSectionOf, settingsTableMarkdown, statusCounts, withSettingsSection,
} from '../../src/config/settings-table-markdown.js';
import { settingsTable, type SettingRow } from '../../src/config/settings-table.js';
import { catalogue } from '../../src/diagnostics/catalogue.js';
import { PROVIDERS } from '../../src/render/layout/analytics-providers.js';
import { REPO } from './helpers.js';

/** The rows below `row` in the table (`a.b` and `a[].b` are below `a`). */
const descendants = (row: SettingRow) => settingsTable.filter((r) => r.key.startsWith(`${row.key}.`) || r.key.startsWith(`${row.key}[]`));

describe('the docs.json settings table', () => {
  it('README.md’s settings section is what `npm run settings-table` writes from the table', () => {
    const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
    expect(settingsSectionOf(readme)).toBe(settingsTableMarkdown(settingsTable));
  });

  it('has 141 settings, each once: 116 honoured, 24 partial, 1 not yet', () => {
    expect(settingsTable).toHaveLength(141);
    expect(new Set(settingsTable.map((r) => r.key)).size).toBe(141);
    expect(statusCounts(settingsTable)).toEqual({ honoured: 116, partial: 24, 'not yet': 1 });
  });

  it('lists what is not honoured', () => {
    expect(settingsTable.filter((r) => r.status !== 'honoured').map((r) => `${r.status}: ${r.key}`)).toEqual([
      'partial: navigation',
      'partial: navigation.global',
      'partial: navigation.global.tabs',
      'partial: navigation.global.anchors',
      'partial: navigation.global.dropdowns',
      'partial: navigation.global.versions',
      'partial: navigation.global.products',
      'partial: navigation.languages',
      'partial: navigation.versions',
      'partial: navigation.tabs',
      'partial: navigation.anchors',
      'partial: navigation.dropdowns',
      'partial: navigation.products',
      'partial: navigation.groups',
      'not yet: navigation.groups[].boost',
      'partial: thumbnails',
      'partial: thumbnails.background',
      'partial: thumbnails.fonts',
      'partial: thumbnails.fonts.family',
      'partial: navbar',
      'partial: navbar.links',
      'partial: navbar.primary',
      'partial: api',
      'partial: api.playground',
      'partial: api.playground.display',
    ]);
  });

  it('is consistent: honoured parents have honoured rows below; a partial row finds its gaps or has them below', () => {
    for (const row of settingsTable) {
      const below = descendants(row);
      const gapsBelow = below.some((r) => r.status !== 'honoured');
      if (row.status === 'honoured') expect([row.key, gapsBelow, row.unrendered, row.instead, row.reportedBy]).toEqual([row.key, false, undefined, undefined, undefined]);
      if (row.status === 'partial') expect([row.key, row.unrendered !== undefined || row.reportedBy !== undefined || gapsBelow]).toEqual([row.key, true]);
      if (row.status === 'partial' && row.unrendered === undefined && row.reportedBy === undefined) expect([row.key, row.does]).toEqual([row.key, expect.stringContaining('see the rows below')]);
      // A gap the build reports itself: named in the cell, by a code of the catalogue, never also by `unrendered`.
      if (row.reportedBy !== undefined) expect([row.key, row.status, row.does.includes(`\`${row.reportedBy}\``), row.reportedBy in catalogue, row.unrendered]).toEqual([row.key, 'partial', true, true, undefined]);
      if (row.status === 'not yet') expect([row.key, row.unrendered !== undefined || row.instead !== undefined]).toEqual([row.key, true]);
    }
  });

  it('README’s feature table names exactly the analytics providers Sheaf renders', () => {
    const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
    const row = /^\| analytics \(`integrations`: ([^;]*);/m.exec(readme)?.[1];
    expect(row?.split(', ')).toEqual(Object.keys(PROVIDERS));
    expect(Object.keys(PROVIDERS)).toHaveLength(21);
  });

  it('claims only commands Sheaf has (no `sheaf dev` yet)', () => {
    expect(settingsTable.filter((r) => /sheaf dev\b/.test(r.does)).map((r) => r.key)).toEqual([]);
  });

  it('says what Sheaf does in one table cell: one line, no `|`, a sentence', () => {
    for (const row of settingsTable) expect([row.key, /[|\n]/.test(row.does), row.does.endsWith('.')]).toEqual([row.key, false, true]);
  });

  it('renders a summary line and one row per setting between the markers', () => {
    const rows: SettingRow[] = [
      { key: 'a', status: 'honoured', does: 'Does a.' },
      { key: 'a.b', status: 'not yet', does: 'Accepted.', instead: 'Nothing.' },
    ];
    expect(settingsTableMarkdown(rows)).toBe(
      [
        SETTINGS_START,
        '2 settings: 1 honoured, 0 partial, 1 not yet.',
        '',
        '| Setting | Status | What Sheaf does |',
        '|---|---|---|',
        '| `a` | honoured | Does a. |',
        '| `a.b` | not yet | Accepted. |',
        SETTINGS_END,
      ].join('\n'),
    );
  });

  it('replaces only the text between the markers, and gives nothing without them', () => {
    const readme = `# T\n\n${SETTINGS_START}\nold\n${SETTINGS_END}\n\n## Next\n`;
    expect(withSettingsSection(readme, `${SETTINGS_START}\nnew\n${SETTINGS_END}`)).toBe(`# T\n\n${SETTINGS_START}\nnew\n${SETTINGS_END}\n\n## Next\n`);
    expect(withSettingsSection('# T\n', 'x')).toBeUndefined();
    expect(withSettingsSection(`${SETTINGS_END}\n${SETTINGS_START}`, 'x')).toBeUndefined();
    expect(settingsSectionOf('# T\n')).toBeUndefined();
  });
});
