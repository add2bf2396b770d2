import type { DocsConfig, LoadedConfig } from '../config/loaded-config.js';
import { originOf } from '../config/origins.js';
import { createDiagnostic } from '../diagnostics/create.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { PageSource } from '../model/project.js';
import { readGitDates, utcDate, type GitDates, type GitDatesOptions } from './git-dates.js';

/**
 * Where the build takes last-modified dates from: `git`, the history of the project's git work
 * tree (`sheaf build`, `sheaf export`); `none`, nowhere (the export service's sandbox reads a
 * snapshot of the source without its history, and the service records no dates with a source).
 * Frontmatter `lastUpdatedDate` counts in both.
 */
export type PageDateSource = 'git' | 'none';

/** `YYYY-MM-DD`, optionally followed by a time and a zone (ISO 8601, as Mintlify documents `lastUpdatedDate`). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The calendar date of a `lastUpdatedDate` value: a date-only value as written, a timestamp as
 * its UTC date (a timestamp without a zone is read as UTC); `undefined` for anything else
 * (not a string, not ISO 8601, not a real day such as `2025-02-30`).
 */
export function lastUpdatedDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, zone] = m;
  const day = `${y}-${mo}-${d}`;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return undefined;
  if (h === undefined) return day;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return undefined;
  const offset = zone === undefined || zone === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const instant = Date.parse(`${day}T${h}:${mi}:${s ?? '00'}${offset}`);
  return Number.isNaN(instant) ? undefined : utcDate(instant / 1000);
}

/** Whether a page shows a last-modified date: its frontmatter `timestamp` when a boolean, else docs.json `metadata.timestamp`. */
export function showsTimestamp(frontmatter: Readonly<Record<string, unknown>> | undefined, config: Pick<DocsConfig, 'metadata'>): boolean {
  const own = frontmatter?.['timestamp'];
  return typeof own === 'boolean' ? own : config.metadata?.timestamp === true;
}

export interface PageDatesInput {
  readonly root: string;
  readonly config: LoadedConfig;
  readonly pages: readonly PageSource[];
  /** Project-relative files of the OpenAPI documents that loaded (their operation pages show their date). */
  readonly openapiFiles: readonly string[];
  readonly source: PageDateSource;
  /** How git is run (tests: the program, the time limit). */
  readonly git?: GitDatesOptions;
}

/**
 * The last-modified date (`YYYY-MM-DD`) of each page file and OpenAPI document that shows one, by
 * project-relative file: the page's `lastUpdatedDate` when valid, else the date of the last commit
 * touching the file (Mintlify's order, organize/pages.mdx "Last modified timestamp"). A file never
 * committed has no date. Nothing is read when no page shows a timestamp. Diagnostics: an invalid
 * `lastUpdatedDate` (a warning, at the key), no history to read (info, once), a shallow clone
 * (info: its oldest commit stands for the history it lacks).
 */
export async function loadPageDates(input: PageDatesInput): Promise<{ dates: Readonly<Record<string, string>> | undefined; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const own = new Map<string, string>();
  const shown = input.pages.filter((p) => showsTimestamp(p.frontmatter, input.config.config));
  for (const page of shown) {
    const value = page.frontmatter['lastUpdatedDate'];
    if (value === undefined) continue;
    const date = lastUpdatedDate(value);
    if (date !== undefined) own.set(page.file, date);
    else {
      const at = page.frontmatterPositions['lastUpdatedDate'];
      diagnostics.push(
        createDiagnostic('load/last-updated-invalid', {
          message: `\`lastUpdatedDate\` in \`${page.file}\` is ${JSON.stringify(value)}, which is no ISO 8601 date; the page shows ${input.source === 'git' ? 'the date of its last commit' : 'no date'} instead.`,
          file: page.file,
          ...(at ? { line: at.line, column: at.column } : {}),
          hint: 'Write a date such as `lastUpdatedDate: "2025-03-04"` or a timestamp such as `"2025-03-04T10:00:00Z"`.',
        }),
      );
    }
  }
  const docs = input.config.config.metadata?.timestamp === true ? input.openapiFiles.filter((f) => !/^[a-z][a-z\d+.-]*:/i.test(f)) : [];
  if (shown.length === 0 && docs.length === 0) return { dates: undefined, diagnostics };
  const wanted = [...shown.filter((p) => !own.has(p.file)).map((p) => p.file), ...docs];
  const git: GitDates = wanted.length === 0 ? { ok: true, dates: {}, shallow: false } : input.source === 'none' ? { ok: false, reason: 'not-a-work-tree' } : await readGitDates(input.root, wanted, input.git);
  if (!git.ok) diagnostics.push(unavailable(input, git, shown[0]));
  else if (git.shallow) {
    diagnostics.push(
      createDiagnostic('load/dates-shallow', {
        message: 'The project is a shallow git clone: pages last changed before its oldest commit show that commit’s date.',
        ...turnedOnAt(input, shown[0]),
        hint: 'Fetch the whole history (`git fetch --unshallow`, or `fetch-depth: 0` in CI) before building.',
      }),
    );
  }
  const dates: Record<string, string> = {};
  const found = git.ok ? git.dates : {};
  for (const file of [...new Set([...own.keys(), ...Object.keys(found)])].sort()) dates[file] = (own.get(file) ?? found[file]) as string;
  return { dates, diagnostics };
}

/** Where timestamps were turned on: docs.json `metadata.timestamp`, else the first page's `timestamp` key. */
function turnedOnAt(input: PageDatesInput, page: PageSource | undefined): { file?: string; pointer?: string; line?: number; column?: number } {
  if (input.config.config.metadata?.timestamp === true || !page) {
    const origin = originOf(input.config.origins, '/metadata/timestamp');
    return { file: origin.file, pointer: origin.pointer };
  }
  const at = page.frontmatterPositions['timestamp'];
  return { file: page.file, ...(at ? { line: at.line, column: at.column } : {}) };
}

function unavailable(input: PageDatesInput, git: Extract<GitDates, { ok: false }>, page: PageSource | undefined): Diagnostic {
  const why =
    input.source === 'none'
      ? 'this build reads no git history (an export job builds a snapshot of the source without it)'
      : git.reason === 'not-a-work-tree'
        ? 'the project folder is not inside a git work tree'
        : git.reason === 'dubious-ownership'
          ? `git refuses to read the repository at \`${git.detail ?? input.root}\`: another user owns it ("dubious ownership", git's \`safe.directory\` check)`
          : git.reason === 'no-git'
            ? 'the `git` program was not found'
            : git.reason === 'timeout'
              ? 'reading the git history took too long'
              : `git could not read the history${git.detail ? ` (${git.detail})` : ''}`;
  const hint =
    input.source !== 'none' && git.reason === 'dubious-ownership'
      ? `If you trust the checkout (a CI or Docker checkout owned by another user), mark it safe for the user running Sheaf: \`git config --global --add safe.directory ${git.detail ?? input.root}\`.`
      : 'Build from a git checkout with `sheaf build`, or set `lastUpdatedDate` in the frontmatter of the pages.';
  return createDiagnostic('load/dates-unavailable', {
    message: `Timestamps are on, but ${why}: pages without \`lastUpdatedDate\` in their frontmatter show no last-modified date.`,
    ...turnedOnAt(input, page),
    hint,
  });
}
