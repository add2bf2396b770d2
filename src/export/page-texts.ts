import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { markdownPathOf } from '../emit/paths.js';
import type { PageTexts, SearchRecord } from '../model/render.js';

/**
 * The Markdown copies (`route.md`) of the pages `records` name, read from the built site in
 * `siteDir`, by route in the records' order: the pages the search index holds (a `noindex` page
 * has no records, so no text either). A copy that is missing (its page could not be written) is
 * left out.
 */
export async function readPageTexts(siteDir: string, records: readonly SearchRecord[]): Promise<PageTexts> {
  const texts: Record<string, string> = {};
  for (const route of new Set(records.map((r) => r.route))) {
    const text = await readFile(path.join(siteDir, markdownPathOf(route)), 'utf8').catch(() => undefined);
    if (text !== undefined) texts[route] = text;
  }
  return texts;
}

/** Writes `readPageTexts` of the site's search records file as JSON into `file`. */
export async function writePageTexts(siteDir: string, recordsFile: string, file: string): Promise<void> {
  const records = JSON.parse(await readFile(recordsFile, 'utf8')) as SearchRecord[];
  await writeFile(file, `${JSON.stringify(await readPageTexts(siteDir, Array.isArray(records) ? records : []))}\n`);
}
