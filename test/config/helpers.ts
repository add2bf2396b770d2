import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config/load-config.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Absolute path of a fixture folder under test/fixtures. */
export function fixture(name: string): string {
  return path.join(here, '../fixtures', name);
}

/** Loads the configuration of a fixture folder. */
export function loadFixture(name: string) {
  return loadConfig(fixture(name));
}

/** The repository root. */
export const REPO = path.resolve(here, '../..');

/** The shared corpus, beside the repository (`../shared/corpus`); may be absent. */
export const CORPUS = path.resolve(REPO, '../shared/corpus');

/** The fields of a diagnostic tests compare, without `severity` noise when not needed. */
export function brief(d: Diagnostic): Pick<Diagnostic, 'code' | 'file' | 'line' | 'column' | 'pointer'> {
  return { code: d.code, file: d.file, line: d.line, column: d.column, pointer: d.pointer };
}

/** A small valid docs.json value to build variants from. */
export function validConfig(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { theme: 'mint', name: 'Test', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] }, ...extra };
}
