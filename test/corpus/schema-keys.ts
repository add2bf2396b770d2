/*
 * Keys and accepted value forms of a docs.json JSON Schema, for comparing Sheaf's (`sheaf schema`)
 * with Mintlify's published one key by key. Both are draft-07-ish documents whose `$ref`s point
 * inside themselves (`#/definitions/tab`, `#/definitions/anchorSchema/anyOf/0/properties/global`,
 * `#/anyOf/0/properties/fonts/anyOf/0`); unions (`anyOf`, `oneOf`, `allOf`) are read as the set of
 * what their branches accept, so the 9 per-theme branches of Mintlify's root read as one object.
 */

type Node = Readonly<Record<string, unknown>>;

/** Value forms at one key: `string` (any), `string=v` (one allowed value), `string~pattern`, `number`, `integer`, `boolean`, `object`, `array`, `null`. */
export type KeyForms = ReadonlyMap<string, ReadonlySet<string>>;

/** The kind a navigation child list holds; every path through the tree is read as the kind it ends in. */
const divisionKinds: Readonly<Record<string, string>> = {
  tabs: '<tab>',
  anchors: '<anchor>',
  dropdowns: '<dropdown>',
  versions: '<version>',
  languages: '<language>',
  products: '<product>',
  menu: '<menuItem>',
  groups: '<group>',
  pages: '<group>',
};

/**
 * A path as compared: inside `navigation`, the part up to the last child list (`tabs[]`,
 * `groups[]`, …, not one inside `global`) becomes the kind of element it holds, so
 * `navigation.tabs[].anchors[].icon` and `navigation.anchors[].icon` are both `<anchor>.icon`,
 * whatever depth each schema spells out.
 */
export function canonicalPath(segments: readonly string[]): string {
  if (segments[0] !== 'navigation') return segments.join('.');
  let cut = -1;
  let kind = '';
  for (let i = 1; i < segments.length; i += 1) {
    const segment = segments[i] as string;
    const name = segment.endsWith('[]') ? segment.slice(0, -2) : undefined;
    if (name === undefined || !Object.hasOwn(divisionKinds, name) || segments[i - 1] === 'global') continue;
    cut = i;
    kind = divisionKinds[name] as string;
  }
  return cut < 0 ? segments.join('.') : [kind, ...segments.slice(cut + 1)].join('.');
}

function resolve(root: Node, ref: string): Node {
  if (!ref.startsWith('#')) throw new Error(`external $ref ${ref}`);
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = Array.isArray(node) ? node[Number(token)] : (node as Node)[token];
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return node as Node;
}

/** Every key path of `schema` (canonical, see `canonicalPath`) with the value forms accepted there; the root is ``. */
export function schemaKeys(schema: Node): KeyForms {
  const out = new Map<string, Set<string>>();
  const visited = new WeakMap<Node, Set<string>>();
  const add = (path: string, form: string) => {
    const forms = out.get(path) ?? new Set<string>();
    forms.add(form);
    out.set(path, forms);
  };
  const walk = (node: Node, segments: readonly string[]): void => {
    const path = canonicalPath(segments);
    const seen = visited.get(node) ?? new Set<string>();
    if (seen.has(path)) return;
    seen.add(path);
    visited.set(node, seen);
    if (!out.has(path)) out.set(path, new Set());
    if (typeof node['$ref'] === 'string') walk(resolve(schema, node['$ref']), segments);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const branches = node[key];
      if (Array.isArray(branches)) for (const branch of branches as Node[]) walk(branch, segments);
    }
    if ('const' in node) add(path, `${typeof node['const']}=${String(node['const'])}`);
    const types = Array.isArray(node['type']) ? (node['type'] as string[]) : typeof node['type'] === 'string' ? [node['type']] : [];
    for (const type of types) {
      if (type === 'string' && Array.isArray(node['enum'])) for (const v of node['enum'] as unknown[]) add(path, `string=${String(v)}`);
      else if (type === 'string' && typeof node['pattern'] === 'string') add(path, `string~${node['pattern']}`);
      else if (!('const' in node)) add(path, type);
    }
    const properties = node['properties'];
    if (typeof properties === 'object' && properties !== null) {
      for (const [key, child] of Object.entries(properties as Record<string, Node>)) walk(child, [...segments, key]);
    }
    const extra = node['additionalProperties'];
    if (typeof extra === 'object' && extra !== null) walk(extra as Node, [...segments, '*']);
    const items = node['items'];
    if (typeof items === 'object' && items !== null && !Array.isArray(items)) {
      walk(items as Node, [...segments.slice(0, -1), `${segments[segments.length - 1] ?? ''}[]`]);
    }
  };
  walk(schema, []);
  // Paths that only pass through (a `$ref` or a union at the same place) and accept nothing of their own.
  for (const [path, forms] of out) if (forms.size === 0) out.delete(path);
  return out;
}

/** One difference between two key maps at a path. */
export interface KeyDifference {
  readonly path: string;
  /** `only in sheaf` / `only in mintlify`: the key; `forms`: value forms one accepts and the other does not. */
  readonly kind: 'only in sheaf' | 'only in mintlify' | 'forms';
  /** Forms Sheaf accepts there and Mintlify's schema does not (a plain `string` covers `string=…` and `string~…`). */
  readonly sheafOnly?: readonly string[];
  /** Forms Mintlify's schema accepts there and Sheaf does not. */
  readonly mintlifyOnly?: readonly string[];
}

/** What `forms` holds that `other` does not accept. */
function uncovered(forms: ReadonlySet<string>, other: ReadonlySet<string>): string[] {
  return [...forms]
    .filter((f) => !other.has(f) && !((f.startsWith('string=') || f.startsWith('string~')) && other.has('string')) && !(f === 'integer' && other.has('number')))
    .sort();
}

/** The differences between Sheaf's and Mintlify's keys, sorted by path. */
export function compareKeys(sheaf: KeyForms, mintlify: KeyForms): KeyDifference[] {
  const paths = [...new Set([...sheaf.keys(), ...mintlify.keys()])].sort();
  return paths.flatMap((path): KeyDifference[] => {
    const ours = sheaf.get(path);
    const theirs = mintlify.get(path);
    if (!theirs) return [{ path, kind: 'only in sheaf' }];
    if (!ours) return [{ path, kind: 'only in mintlify' }];
    const sheafOnly = uncovered(ours, theirs);
    const mintlifyOnly = uncovered(theirs, ours);
    if (sheafOnly.length === 0 && mintlifyOnly.length === 0) return [];
    return [{ path, kind: 'forms', ...(sheafOnly.length ? { sheafOnly } : {}), ...(mintlifyOnly.length ? { mintlifyOnly } : {}) }];
  });
}
