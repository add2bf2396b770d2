import fc from 'fast-check';
import yaml from 'js-yaml';

/**
 * Named mutations of corpus inputs, as small recipes that fast-check generates and shrinks (a
 * failing case prints as its recipe, never as megabytes of text) and that `materialize…` turns
 * into bytes, always the same bytes for the same recipe and seed list.
 */

export const MUTATIONS = ['truncate', 'duplicate-keys', 'deep-nesting', 'huge-string', 'wrong-type', 'broken-ref', 'invalid-utf8'] as const;
export type MutationName = (typeof MUTATIONS)[number];

/**
 * One mutation: `at` chooses the place (a node, line or byte, modulo their count), `size` a
 * size from the mutation's list, `pick` a variant from its list.
 */
export interface Step {
  readonly name: MutationName;
  readonly at: number;
  readonly size: number;
  readonly pick: number;
}

/** A case: a seed (index into the kind's seed list) and the mutations applied to it, in order. */
export interface Recipe {
  readonly seed: number;
  readonly steps: readonly Step[];
}

export const stepArbitrary: fc.Arbitrary<Step> = fc.record({
  name: fc.constantFrom(...MUTATIONS),
  at: fc.nat({ max: 1_000_000 }),
  size: fc.nat({ max: 7 }),
  pick: fc.nat({ max: 31 }),
});

/** Recipes over `seeds` seeds: one to three mutations each. */
export const recipeArbitrary = (seeds: number): fc.Arbitrary<Recipe> =>
  fc.record({ seed: fc.nat({ max: Math.max(0, seeds - 1) }), steps: fc.array(stepArbitrary, { minLength: 1, maxLength: 3 }) });

const choose = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/** Byte sequences no UTF-8 decoder accepts: a lone continuation byte, a cut sequence, overlong forms, a surrogate, past U+10FFFF, 0xFF. */
const INVALID_UTF8: readonly number[][] = [[0x80], [0xc3], [0xe2, 0x82], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xff], [0xfe, 0xff]];

/** Byte-level mutations, applied last: `truncate` and `invalid-utf8`. */
function mutateBytes(bytes: Uint8Array, steps: readonly Step[]): Uint8Array {
  let out = bytes;
  for (const step of steps) {
    if (step.name === 'truncate') out = out.subarray(0, step.at % (out.length + 1));
    if (step.name === 'invalid-utf8') {
      const at = step.at % (out.length + 1);
      out = Buffer.concat([out.subarray(0, at), Buffer.from(choose(INVALID_UTF8, step.pick)), out.subarray(at)]);
    }
  }
  return out;
}

const utf8 = (text: string): Uint8Array => Buffer.from(text, 'utf8');

// ---------------------------------------------------------------------------------------------
// JSON documents (docs.json, OpenAPI): mutations on the value, then on the text, then on bytes.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Values of the wrong type for whatever they replace. */
const WRONG_VALUES: readonly Json[] = [null, true, false, 0, -1, 1.5, 1e308, '', 'text', '{}', [], {}, [null], [[]], { '': null }, ['a', 1, null, {}], { $ref: 1 }, 'http://', '#', '/'];

/** Nesting depths (levels) for `deep-nesting`. */
const DEPTHS = [5, 50, 500, 2_000, 5_000, 10_000, 20_000, 100_000] as const;

/**
 * String lengths (characters) for `huge-string`: JSON documents up to 3 million, pages up to
 * 300,000. Rendering a page costs linear time with a large constant: one paragraph about 4 s per
 * million characters, a page dense with links 28 s (125,000 links, measured); longer pages only
 * measure that constant (noted in the report of issue 10), and would not fit the per-case limit.
 */
const HUGE_LENGTHS = { json: [1_000, 10_000, 100_000, 1_000_000, 3_000_000, 300, 30_000, 300_000], text: [1_000, 10_000, 100_000, 300_000, 30_000, 3_000, 300, 200_000] } as const;

/** Patterns a huge string repeats: one long word, words, lines, non-ASCII, Markdown and JSX-ish text, escapes. */
const HUGE_PATTERNS = ['a', 'word ', 'line\n', 'é', '日本', '[x](/y) ', '<b>', '{', '`', '\\', '%', '😀', '\u0000', '\t'] as const;

const huge = (step: Step, lengths: keyof typeof HUGE_LENGTHS): string => {
  const pattern = choose(HUGE_PATTERNS, step.pick);
  const length = choose(HUGE_LENGTHS[lengths], step.size);
  return pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length);
};

/** Shapes of deep nesting in JSON, by kind: plain containers and the structures each kind recurses into. */
const JSON_NESTINGS: Record<'docs-json' | 'openapi', readonly (readonly [string, string, string])[]> = {
  'docs-json': [
    ['[', '1', ']'],
    ['{"a":', '1', '}'],
    ['{"group":"g","pages":[', '"index"', ']}'],
    ['{"tabs":[{"tab":"t","groups":[', '{"group":"g","pages":["index"]}', ']}]}'],
    ['{"$ref":"part.json","a":', 'null', '}'],
  ],
  openapi: [
    ['[', '1', ']'],
    ['{"a":', '1', '}'],
    ['{"type":"object","properties":{"p":', '{"type":"string"}', '}}'],
    ['{"allOf":[', '{"type":"string"}', ']}'],
    ['{"type":"array","items":', '{"type":"string"}', '}'],
    ['{"oneOf":[{"type":"string"},', '{"type":"integer"}', ']}'],
  ],
};

/** `$ref` values that lead nowhere, out of the project, into cycles or through malformed pointers. */
const BROKEN_REFS: Record<'docs-json' | 'openapi', readonly string[]> = {
  'docs-json': ['missing.json', './part.json', './cycle-a.json', 'docs.json', '../outside.json', '/etc/passwd', 'part.json#/nope', '', '#', 'http://127.0.0.1:9/x.json', 'folder/', 'part.json\u0000x'],
  openapi: [
    '#/components/schemas/Missing',
    '#/',
    '#',
    '#/paths',
    '#/components/schemas/',
    'missing.yaml#/x',
    './part.json#/a',
    './cycle-a.json',
    '../../../../etc/passwd',
    '/etc/hostname',
    'file:///etc/passwd',
    'http://127.0.0.1:9/x.json',
    '#/components/schemas/%ZZ',
    '#/info/title/~2',
    'SELF',
    '#/paths/~1a~1{b}/get',
  ],
};

/** Extra files every JSON case carries, so refs to them (and their cycles) are real. */
export const REF_FILES: Readonly<Record<string, string>> = {
  'part.json': '{"a": {"$ref": "./cycle-a.json"}, "b": 1}\n',
  'cycle-a.json': '{"$ref": "./cycle-b.json"}\n',
  'cycle-b.json': '{"$ref": "./cycle-a.json"}\n',
};

interface Slot {
  readonly parent: Json[] | { [key: string]: Json };
  readonly key: string | number;
  readonly pointer: string;
}

/** Every place in a value (at most `max`), breadth-first, without recursion. */
function slots(root: Json, max = 50_000): Slot[] {
  const out: Slot[] = [];
  const queue: { node: Json; pointer: string }[] = [{ node: root, pointer: '' }];
  for (let i = 0; i < queue.length && out.length < max; i++) {
    const { node, pointer } = queue[i] as { node: Json; pointer: string };
    if (node === null || typeof node !== 'object') continue;
    const entries: [string | number, Json][] = Array.isArray(node) ? node.map((v, k) => [k, v]) : Object.entries(node);
    for (const [key, value] of entries) {
      const child = `${pointer}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
      out.push({ parent: node, key, pointer: child });
      queue.push({ node: value, pointer: child });
    }
  }
  return out;
}

const setSlot = (slot: Slot, value: Json): void => {
  (slot.parent as Record<string | number, Json>)[slot.key] = value;
};

/** Marks a place for text that JSON.stringify must not build itself (too deep or too big). */
const placeholder = (n: number): string => `\u0001PLACEHOLDER${n}\u0001`;

/**
 * A mutated JSON document: value-level mutations (`wrong-type`, `deep-nesting`, `huge-string`,
 * `broken-ref`) on the parsed seed, pretty-printed, then `duplicate-keys` in the text, then the
 * byte-level ones. A YAML seed is parsed as YAML and written as JSON (valid YAML too) when a
 * value-level mutation applies, else mutated as its own text.
 */
export function materializeJson(kind: 'docs-json' | 'openapi', seedText: string, yamlSeed: boolean, steps: readonly Step[]): Uint8Array {
  const valueSteps = steps.filter((s) => ['wrong-type', 'deep-nesting', 'huge-string', 'broken-ref'].includes(s.name));
  let text = seedText;
  if (valueSteps.length > 0) {
    const root = (yamlSeed ? yaml.load(seedText) : JSON.parse(seedText)) as Json;
    const fills: string[] = [];
    for (const step of valueSteps) {
      const all = slots(root);
      if (all.length === 0) continue;
      const slot = choose(all, step.at);
      if (step.name === 'wrong-type') setSlot(slot, structuredClone(choose(WRONG_VALUES, step.pick)));
      else if (step.name === 'deep-nesting') {
        const [open, inner, close] = choose(JSON_NESTINGS[kind], step.pick);
        const depth = choose(DEPTHS, step.size);
        fills.push(open.repeat(depth) + inner + close.repeat(depth));
        setSlot(slot, placeholder(fills.length - 1));
      } else if (step.name === 'huge-string') {
        fills.push(JSON.stringify(huge(step, 'json')));
        setSlot(slot, placeholder(fills.length - 1));
      } else {
        const objects = all.filter((s) => {
          const v = (s.parent as Record<string | number, Json>)[s.key];
          return v !== null && typeof v === 'object' && !Array.isArray(v);
        });
        const target = objects.length > 0 ? choose(objects, step.at) : slot;
        const ref = choose(BROKEN_REFS[kind], step.pick);
        const current = (target.parent as Record<string | number, Json>)[target.key];
        const object = current !== null && typeof current === 'object' && !Array.isArray(current) ? current : {};
        object['$ref'] = ref === 'SELF' ? `#${target.pointer}` : ref;
        setSlot(target, object);
      }
    }
    text = JSON.stringify(root, null, 2).replace(/"\\u0001PLACEHOLDER(\d+)\\u0001"/g, (_m, n: string) => fills[Number(n)] ?? 'null');
  }
  for (const step of steps.filter((s) => s.name === 'duplicate-keys')) {
    // Keys of up to 200 plain characters (no escapes): a per-character alternation would overflow
    // the regular expression stack on megabyte strings.
    const keys = [...text.matchAll(/"([^"\\\n]{0,200})"\s*:/g)];
    if (keys.length === 0) continue;
    const m = choose(keys, step.at);
    // A repeat of the key right before it, with another value: still JSON, the key twice.
    text = `${text.slice(0, m.index)}"${m[1]}": ${JSON.stringify(choose(WRONG_VALUES, step.pick))}, ${text.slice(m.index)}`;
  }
  return mutateBytes(utf8(text), steps);
}

// ---------------------------------------------------------------------------------------------
// Text inputs (MDX pages, frontmatter): mutations on lines and positions, then on bytes.

/** Deep nesting in MDX: JSX elements, block quotes, lists, expressions, emphasis, links, components. */
const MDX_NESTINGS: readonly ((depth: number) => string)[] = [
  (d) => '<div>'.repeat(d) + 'x' + '</div>'.repeat(d),
  (d) => '>'.repeat(d) + ' quoted',
  (d) => Array.from({ length: Math.min(d, 2_000) }, (_, i) => `${'  '.repeat(i)}- item`).join('\n'),
  (d) => '{['.repeat(d) + '1' + ']}'.repeat(d),
  (d) => '*'.repeat(d) + 'x' + '*'.repeat(d),
  (d) => '['.repeat(d) + 'x' + '](/y)'.repeat(d),
  (d) => '<Note>'.repeat(d) + 'x' + '</Note>'.repeat(d),
  (d) => '<Tabs><Tab title="t">'.repeat(d) + 'x' + '</Tab></Tabs>'.repeat(d),
  (d) => '<Accordion title="a">\n\n'.repeat(d) + 'x' + '\n\n</Accordion>'.repeat(d),
];

/**
 * Depths for MDX (levels): up to 100 times past the page's nesting limits (100 levels, 50 per
 * line), deep enough for any recursion, bounded so one case stays small.
 */
const MDX_DEPTHS = [5, 50, 200, 1_000, 3_000, 10_000, 500, 100] as const;

/** Attribute values and children of the wrong type. */
const MDX_WRONG = ['{null}', '{{}}', '{[1, 2]}', '{() => 1}', '{123}', '{true}', '{undefined}', '{Symbol("s")}', '{new Date(0)}', '{-0}', '{NaN}', '{{a: {b: 1}}}', '{"x"}', '{[<b>a</b>]}'] as const;

/** References that lead nowhere, out of the project or into a cycle. */
const MDX_REFS = [
  "import Missing from '/snippets/missing.mdx';\n\n<Missing />",
  "import { Nope } from '/snippets/a.mdx';\n\n<Nope />",
  "import A from '../../../../etc/passwd';",
  '<Snippet file="missing.mdx" />',
  '<Snippet file="../../etc/passwd" />',
  "import Cycle from '/snippets/cycle.mdx';\n\n<Cycle />",
  '[missing](/missing-page) ![missing](/missing.png)',
  "import data from '/snippets/data.json';\n\n{data.x.y}",
  "import X from 'http://127.0.0.1:9/x.js';",
  "import fs from 'node:fs';\n\n{typeof fs}",
  '{/* unterminated',
  "import { A } from '/snippets/a.mdx';\nimport { A } from '/snippets/a.mdx';",
] as const;

/** Snippets every MDX case carries, so imports of them resolve (and one imports itself). */
export const SNIPPET_FILES: Readonly<Record<string, string>> = {
  'snippets/a.mdx': 'export const A = 1;\n\nSnippet A.\n',
  'snippets/cycle.mdx': "import Cycle from '/snippets/cycle.mdx';\n\n<Cycle />\n",
};

/** Frontmatter values of the wrong type (YAML). */
const YAML_WRONG = ['[1, 2]', '{a: 1}', 'null', '~', '12', 'true', '2020-01-01', '.inf', '*missing', '&a [*a]', '!!binary aGVsbG8=', '|\n  block\n  text', '>-', '"unterminated', "'", '{', '[', '- a\n- b', '!!js/function "x"', '? complex\n: key'] as const;

/** Broken references in frontmatter: operations and files that do not exist. */
const YAML_REFS = ['openapi: missing.json GET /nope', 'openapi: GET /nope', 'openapi: openapi.json GET /a{', 'openapi: "webhook"', 'api: GET', 'api: "NOPE http://x"', 'openapi: ../../etc/passwd GET /', 'icon: /missing.svg', 'openapi-schema: Missing'] as const;

/** Deep nesting in YAML: flow sequences and mappings, block mappings, and aliases that expand. */
const YAML_NESTINGS: readonly ((depth: number) => string)[] = [
  (d) => `deep: ${'['.repeat(d)}1${']'.repeat(d)}`,
  (d) => `deep: ${'{a: '.repeat(d)}1${'}'.repeat(d)}`,
  (d) => Array.from({ length: Math.min(d, 1_000) }, (_, i) => `${'  '.repeat(i)}a${i}:`).join('\n') + ' 1',
  (d) => {
    const levels = Math.min(Math.max(2, Math.round(Math.log2(d))), 40);
    return ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: levels }, (_, i) => `a${i + 1}: &a${i + 1} [*a${i}, *a${i}, *a${i}, *a${i}, *a${i}, *a${i}, *a${i}, *a${i}, *a${i}, *a${i}]`)].join('\n');
  },
];

const lineStarts = (text: string): number[] => [0, ...[...text.matchAll(/\n/g)].map((m) => (m.index ?? 0) + 1)];

/** Where the frontmatter block of `text` ends (the index of its closing `---` line), or 0. */
const frontmatterEnd = (text: string): number => {
  const m = /^---\r?\n[\s\S]*?\r?\n(---)/.exec(text);
  return m ? (m.index ?? 0) + m[0].length - 3 : 0;
};

/**
 * A mutated page. `frontmatter` mode aims the value mutations at the YAML block (keys, values,
 * nesting, aliases); `mdx` mode at the body (JSX, expressions, imports), the frontmatter keeping
 * only text mutations.
 */
export function materializeText(mode: 'mdx' | 'frontmatter', seedText: string, steps: readonly Step[]): Uint8Array {
  let text = seedText;
  for (const step of steps) {
    const fmEnd = frontmatterEnd(text);
    const starts = lineStarts(text);
    const inFrontmatter = mode === 'frontmatter' && fmEnd > 0 ? starts.filter((s) => s > 0 && s < fmEnd) : [];
    const lineAt = inFrontmatter.length > 0 ? choose(inFrontmatter, step.at) : choose(starts, step.at);
    const lineEnd = text.indexOf('\n', lineAt) === -1 ? text.length : text.indexOf('\n', lineAt);
    const line = text.slice(lineAt, lineEnd);
    const insertLine = (block: string) => {
      text = `${text.slice(0, lineAt)}${block}\n${text.slice(lineAt)}`;
    };
    switch (step.name) {
      case 'duplicate-keys':
        insertLine(line);
        break;
      case 'deep-nesting':
        if (mode === 'frontmatter' && inFrontmatter.length > 0) insertLine(choose(YAML_NESTINGS, step.pick)(choose(MDX_DEPTHS, step.size)));
        else insertLine(`\n${choose(MDX_NESTINGS, step.pick)(choose(MDX_DEPTHS, step.size))}\n`);
        break;
      case 'huge-string':
        if (mode === 'frontmatter' && inFrontmatter.length > 0) insertLine(`huge: ${JSON.stringify(huge(step, 'text'))}`);
        else text = `${text.slice(0, lineAt)}${huge(step, 'text')}${text.slice(lineAt)}`;
        break;
      case 'wrong-type':
        if (mode === 'frontmatter' && /^[\w-]+:/.test(line)) {
          text = `${text.slice(0, lineAt)}${line.slice(0, line.indexOf(':') + 1)} ${choose(YAML_WRONG, step.pick)}${text.slice(lineEnd)}`;
        } else {
          // The first attribute value from the chosen line on, or a component with one.
          const rest = text.slice(lineAt);
          const attr = /=("[^"\n]*"|\{[^}\n]*\})/.exec(rest);
          const value = choose(MDX_WRONG, step.pick);
          if (attr) text = `${text.slice(0, lineAt + (attr.index ?? 0) + 1)}${value}${text.slice(lineAt + (attr.index ?? 0) + attr[0].length)}`;
          else insertLine(`\n<Card title=${value} href=${value} icon=${value}>${value}</Card>\n`);
        }
        break;
      case 'broken-ref':
        if (mode === 'frontmatter' && fmEnd > 0) text = `${text.slice(0, fmEnd)}${choose(YAML_REFS, step.pick)}\n${text.slice(fmEnd)}`;
        else text = `${text.slice(0, Math.max(fmEnd === 0 ? 0 : text.indexOf('\n', fmEnd) + 1, lineAt))}\n${choose(MDX_REFS, step.pick)}\n\n${text.slice(Math.max(fmEnd === 0 ? 0 : text.indexOf('\n', fmEnd) + 1, lineAt))}`;
        break;
      default:
        break;
    }
  }
  return mutateBytes(utf8(text), steps);
}

/** A short description of a recipe, for failure messages. */
export function describeRecipe(seedName: string, recipe: Recipe): string {
  return `seed ${seedName}, mutations ${recipe.steps.map((s) => `${s.name}(at ${s.at}, size ${s.size}, pick ${s.pick})`).join(' then ')}`;
}
