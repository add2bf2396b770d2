import path from 'node:path';
import { createDiagnostic } from '../diagnostics/create.js';
import { MAX_NESTING_DEPTH } from '../parse/nesting-limits.js';
import { isRecord } from '../parse/is-record.js';
import { pointerFrom } from '../diagnostics/positions.js';
import type { Diagnostic, StageResult } from '../model/diagnostic.js';
import type { ConfigOrigin } from '../model/project.js';
import type { ConfigFileSystem } from './config-fs.js';
import { createConfigLocator } from './locate.js';
import { parseJson } from './parse-json.js';
import { refNotFound } from './ref-not-found.js';

/** The configuration with every `$ref` include replaced by the content it names. */
export interface ResolvedConfig {
  readonly value: unknown;
  /** Origins of the merged value, per the `ConfigOrigins` contract (root key `""` always set). */
  readonly origins: Readonly<Record<string, ConfigOrigin>>;
  /** Text of every config file read, by project-relative POSIX path. */
  readonly texts: ReadonlyMap<string, string>;
}

interface Walk {
  readonly root: string;
  readonly fs: ConfigFileSystem;
  readonly texts: Map<string, string>;
  /** Parsed content per file; `undefined` when the file did not parse (reported once). */
  readonly parsed: Map<string, unknown>;
  readonly origins: Record<string, ConfigOrigin>;
  readonly diagnostics: Diagnostic[];
}

/** Where a value sits: its file, its pointer in that file, its pointer in the merged result. */
interface Place {
  readonly file: string;
  readonly pointer: string;
  readonly merged: string;
  /** Files being included around this value, outermost first; a repeat is a cycle. */
  readonly chain: readonly string[];
  /** Levels of objects and arrays above this value in the merged result. */
  readonly depth: number;
}

/**
 * Replaces every object `{"$ref": "path.json", ...siblings}` by the JSON of that file, with the
 * sibling keys overriding (when the file holds a non-object, siblings are ignored with a warning).
 * Paths are relative to the including file (`/x.json`: relative to the project root) and must stay
 * inside the project. `file` is the project-relative path of `value`'s file, whose text is `text`.
 * Errors (`config/ref-*`, `config/invalid-json`) leave the `$ref` object's siblings in place.
 */
export async function resolveRefs(
  root: string,
  file: string,
  text: string,
  value: unknown,
  fs: ConfigFileSystem,
): Promise<StageResult<ResolvedConfig>> {
  const walk: Walk = { root, fs, texts: new Map([[file, text]]), parsed: new Map(), origins: {}, diagnostics: [] };
  walk.origins[''] = { file, pointer: '' };
  const resolved = await resolveValue(walk, value, { file, pointer: '', merged: '', chain: [file], depth: 0 });
  const locate = createConfigLocator(walk.texts);
  const diagnostics = walk.diagnostics.map((d) => {
    const position = d.file !== undefined && d.pointer !== undefined ? locate(d.file, d.pointer) : undefined;
    return position && d.line === undefined ? { ...d, ...position } : d;
  });
  return { output: { value: resolved, origins: walk.origins, texts: walk.texts }, diagnostics };
}

async function resolveValue(walk: Walk, value: unknown, at: Place): Promise<unknown> {
  if (at.depth >= MAX_NESTING_DEPTH && typeof value === 'object' && value !== null) return tooDeep(walk, at);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const [index, item] of value.entries()) out.push(await resolveValue(walk, item, child(at, index)));
    return out;
  }
  if (!isRecord(value)) return value;
  if (Object.hasOwn(value, '$ref')) return resolveInclude(walk, value, at);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = await resolveValue(walk, item, child(at, key));
  return out;
}

async function resolveInclude(walk: Walk, value: Record<string, unknown>, at: Place): Promise<unknown> {
  const { $ref: ref, ...siblings } = value;
  const refPointer = at.pointer + '/$ref';
  const target = typeof ref === 'string' ? await loadTarget(walk, ref, at, refPointer) : undefined;
  if (typeof ref !== 'string') {
    walk.diagnostics.push(
      createDiagnostic('config/invalid-value', {
        message: `\`$ref\` must be a relative path to a JSON file, got ${JSON.stringify(ref)}.`,
        file: at.file,
        pointer: refPointer,
        hint: 'Write it as a string, e.g. `"$ref": "./navigation.json"`.',
      }),
    );
  }
  if (!target) return resolveSiblings(walk, siblings, {}, at);
  walk.origins[at.merged] = { file: target.file, pointer: '' };
  const included = await resolveValue(walk, target.value, { file: target.file, pointer: '', merged: at.merged, chain: [...at.chain, target.file], depth: at.depth });
  if (isRecord(included)) return resolveSiblings(walk, siblings, included, at);
  if (Object.keys(siblings).length > 0) {
    walk.diagnostics.push(
      createDiagnostic('config/ref-siblings-ignored', {
        message: `\`${target.file}\` holds ${Array.isArray(included) ? 'an array' : 'a non-object value'}, so the keys next to \`$ref\` (${Object.keys(siblings).map((k) => `\`${k}\``).join(', ')}) are ignored.`,
        file: at.file,
        pointer: refPointer,
        hint: 'Remove the sibling keys, or make the included file hold an object.',
      }),
    );
  }
  return included;
}

/** Puts the siblings of a `$ref` over the included object; their origins are the including file. */
async function resolveSiblings(walk: Walk, siblings: Record<string, unknown>, base: Record<string, unknown>, at: Place): Promise<unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, item] of Object.entries(siblings)) {
    const place = child(at, key);
    forgetOrigins(walk, place.merged);
    out[key] = await resolveValue(walk, item, place);
    walk.origins[place.merged] = { file: at.file, pointer: place.pointer };
  }
  return out;
}

/** Reads and parses the file a `$ref` names, or reports why it cannot. */
async function loadTarget(walk: Walk, ref: string, at: Place, refPointer: string): Promise<{ file: string; value: unknown } | undefined> {
  const report = (code: 'config/ref-outside-project' | 'config/ref-cycle', message: string, hint: string): undefined => {
    walk.diagnostics.push(createDiagnostic(code, { message, file: at.file, pointer: refPointer, hint }));
    return undefined;
  };
  const posix = ref.replace(/\\/g, '/');
  const joined = posix.startsWith('/') ? posix.slice(1) : path.posix.join(path.posix.dirname(at.file), posix);
  const file = path.posix.normalize(joined === '' ? '.' : joined);
  if (file === '..' || file.startsWith('../') || path.posix.isAbsolute(file)) {
    return report('config/ref-outside-project', `\`$ref\` \`${ref}\` points outside the project folder.`, 'Move the file into the project and reference it with a path inside it.');
  }
  if (at.chain.includes(file)) {
    const cycle = [...at.chain.slice(at.chain.indexOf(file)), file].map((f) => `\`${f}\``).join(' → ');
    return report('config/ref-cycle', `\`$ref\` includes form a cycle: ${cycle}.`, 'Remove one of these `$ref`s so no file includes itself.');
  }
  if (!walk.parsed.has(file)) {
    const text = await walk.fs.readText(path.join(walk.root, file));
    if (text === undefined) {
      walk.diagnostics.push(walk.fs.refusal?.(path.join(walk.root, file)) ?? (await refNotFound(walk.fs, walk.root, ref, file, { file: at.file, pointer: refPointer })));
      return undefined;
    }
    walk.texts.set(file, text);
    const parsed = parseJson(text, file);
    walk.diagnostics.push(...parsed.diagnostics);
    walk.parsed.set(file, parsed.output);
  }
  const value = walk.parsed.get(file);
  return value === undefined ? undefined : { file, value };
}

/** Drops the origins recorded at or under `merged` (a sibling key replaces that part whole). */
function forgetOrigins(walk: Walk, merged: string): void {
  for (const key of Object.keys(walk.origins)) {
    if (key === merged || key.startsWith(merged + '/')) delete walk.origins[key];
  }
}

function child(at: Place, token: string | number): Place {
  const suffix = pointerFrom([token]);
  return { file: at.file, pointer: at.pointer + suffix, merged: at.merged + suffix, chain: at.chain, depth: at.depth + 1 };
}

/**
 * Each file is at most `MAX_NESTING_DEPTH` deep (`parseJson`), but includes stack: the merged
 * value is cut where it passes the limit, with one error per file, so later walks stay bounded.
 */
function tooDeep(walk: Walk, at: Place): undefined {
  if (!walk.diagnostics.some((d) => d.code === 'config/too-deep' && d.file === at.file)) {
    walk.diagnostics.push(
      createDiagnostic('config/too-deep', {
        message: `With its \`$ref\` includes, the configuration nests objects and arrays more than ${MAX_NESTING_DEPTH} levels deep at \`${at.file}\`; Sheaf reads no configuration nested that deep.`,
        file: at.file,
        pointer: at.pointer,
        hint: 'Flatten the included files: a real docs.json needs a few dozen levels at most.',
      }),
    );
  }
  return undefined;
}
