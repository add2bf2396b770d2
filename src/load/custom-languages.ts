import path from 'node:path';
import { originOf } from '../config/origins.js';
import { createDiagnostic } from '../diagnostics/create.js';
import type { CustomLanguage } from '../model/custom-language.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { ConfigOrigins } from '../model/project.js';
import { readProjectText, type ReadScope } from '../project-fs/read-project-file.js';
import { refusalDiagnostic } from '../project-fs/refusal-diagnostic.js';

/** Where the paths stand in docs.json. */
const POINTER = '/styling/codeblocks/languages/custom';
const SETTING = '`styling.codeblocks.languages.custom`';
const PLAIN = 'code in that language is shown without colours';

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The project-relative POSIX path of a grammar path as docs.json writes it (`/languages/x.json`
 * and `languages/x.json` are the same file, as for every docs.json path), or `undefined` when it
 * leaves the project folder.
 */
function projectPath(written: string): string | undefined {
  const normal = path.posix.normalize(written.replace(/\\/g, '/').replace(/^\/+/, ''));
  return normal === '.' || normal === '..' || normal.startsWith('../') || path.posix.isAbsolute(normal) ? undefined : normal;
}

/** The language of a parsed grammar file, or why it is not one. */
function languageOf(file: string, value: unknown): CustomLanguage | string {
  if (!isRecord(value)) return 'its top level is not an object';
  if (typeof value['scopeName'] !== 'string' || value['scopeName'].trim() === '') return 'it has no `scopeName`';
  if (!Array.isArray(value['patterns'])) return 'it has no `patterns` list';
  const written = typeof value['name'] === 'string' && value['name'].trim() !== '' ? value['name'] : path.posix.basename(file).replace(/\.(tmLanguage\.)?json$/i, '');
  const id = written.trim().toLowerCase();
  const aliases = Array.isArray(value['aliases']) ? value['aliases'].flatMap((a) => (typeof a === 'string' && a.trim() ? [a.trim().toLowerCase()] : [])) : [];
  return { file, id, aliases: [...new Set(aliases)].filter((a) => a !== id), grammar: JSON.stringify({ ...value, name: id, aliases }) };
}

/**
 * Reads the TextMate grammars docs.json names in `styling.codeblocks.languages.custom` (paths as
 * read by `readCodeBlocksSetting`), through the project reader: inside the project folder only
 * (a path or link leading out is refused), under the configuration byte cap. A grammar that cannot
 * be used is a `load/custom-language` warning (or the reader's refusal) and its code stays plain;
 * the build goes on. A language named twice keeps its first grammar.
 */
export async function loadCustomLanguages(
  scope: ReadScope,
  paths: readonly string[],
  origins: ConfigOrigins,
  maxBytes: number,
): Promise<{ languages: CustomLanguage[]; diagnostics: Diagnostic[] }> {
  const languages: CustomLanguage[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const [i, written] of paths.entries()) {
    const at = originOf(origins, `${POINTER}/${i}`);
    const warn = (message: string, hint: string, where: { file: string; pointer?: string } = at) =>
      diagnostics.push(createDiagnostic('load/custom-language', { message, ...where, hint }));
    const file = projectPath(written);
    if (file === undefined) {
      warn(`\`${written}\` in ${SETTING} lies outside the project folder; it is not read, and ${PLAIN}.`, 'Keep grammar files inside the project folder and name them from its root, e.g. `/languages/my-language.json`.');
      continue;
    }
    const read = await readProjectText(scope, path.join(scope.root, file), maxBytes);
    if (!read.ok) {
      const refused = refusalDiagnostic(file, read.refusal, 'config');
      if (refused) diagnostics.push(refused);
      else warn(`\`${written}\`, named in ${SETTING}, does not exist${read.refusal.kind === 'unreadable' ? ' or cannot be read' : ''}; ${PLAIN}.`, 'Check the path: it starts at the project folder (`/languages/x.json` and `languages/x.json` name the same file).');
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(read.text);
    } catch (error) {
      warn(`\`${file}\` is not valid JSON (${error instanceof Error ? error.message : String(error)}); ${PLAIN}.`, 'A custom language is a TextMate grammar written as JSON.', { file });
      continue;
    }
    const language = languageOf(file, parsed);
    if (typeof language === 'string') {
      warn(`\`${file}\` is not a TextMate grammar: ${language}; ${PLAIN}.`, 'A grammar has a `name` (the language code fences use), a `scopeName` such as `source.my-language` and a `patterns` list.', { file, pointer: '' });
      continue;
    }
    const first = languages.find((l) => l.id === language.id);
    if (first) {
      warn(`\`${file}\` names the language \`${language.id}\`, as \`${first.file}\` does; the first grammar is used.`, 'Give each grammar its own `name`.', { file, pointer: '' });
      continue;
    }
    languages.push(language);
  }
  return { languages, diagnostics };
}
