/**
 * A larger OpenAPI document made from a real one, for "does it still fit in memory" runs: `factor`
 * copies of every path (`/x2/...`), operationId (`…-x2`) and component (`Name__x2`, references
 * rewritten to match), so the result has `factor` times the operations and schemas and about
 * `factor` times the bytes. Security schemes stay shared (requirements name them). Copy 1 is the
 * original, unchanged.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rewrites local component references (`#/components/<kind>/<name>…`) to the copy's names. */
function renameRefs(value: Json, suffix: string): Json {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, suffix));
  if (!isObject(value)) {
    return typeof value === 'string' && value.startsWith('#/components/') && !value.startsWith('#/components/securitySchemes/')
      ? value.replace(/^(#\/components\/[^/]+\/)([^/]+)/, `$1$2${suffix}`)
      : value;
  }
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(value)) out[k] = renameRefs(v, suffix);
  return out;
}

export function scaleDocument(doc: { [key: string]: Json }, factor: number): { [key: string]: Json } {
  const paths: { [key: string]: Json } = {};
  const components: { [key: string]: { [key: string]: Json } } = {};
  const original = isObject(doc['components']) ? doc['components'] : {};
  for (let copy = 1; copy <= factor; copy++) {
    const suffix = copy === 1 ? '' : `__x${copy}`;
    const prefix = copy === 1 ? '' : `/x${copy}`;
    for (const [p, item] of Object.entries(isObject(doc['paths']) ? doc['paths'] : {})) {
      const renamed = renameRefs(item, suffix);
      if (isObject(renamed) && copy > 1) {
        for (const op of Object.values(renamed)) if (isObject(op) && typeof op['operationId'] === 'string') op['operationId'] += `-x${copy}`;
      }
      paths[`${prefix}${p}`] = renamed;
    }
    for (const [kind, entries] of Object.entries(original)) {
      if (!isObject(entries)) continue;
      const into = (components[kind] ??= {});
      if (kind === 'securitySchemes') {
        Object.assign(into, entries);
        continue;
      }
      for (const [name, value] of Object.entries(entries)) into[`${name}${suffix}`] = renameRefs(value, suffix);
    }
  }
  return { ...doc, paths, components };
}
