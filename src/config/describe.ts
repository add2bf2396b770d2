import { pointerTokens } from '../diagnostics/positions.js';

/** A short description of a value for messages: `"blue"`, `5`, `true`, `null`, `an array`, `an object`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return '`' + (text.length > 60 ? text.slice(0, 57) + '…' : text) + '`';
}

/** The dotted path users read in messages: `navigation.tabs[0].groups[1]`; the root is `the configuration`. */
export function describePath(pointer: string): string {
  const tokens = pointerTokens(pointer);
  if (tokens.length === 0) return 'the configuration';
  let out = '';
  for (const token of tokens) {
    if (/^\d+$/.test(token)) out += `[${token}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(token)) out += (out === '' ? '' : '.') + token;
    else out += `[${JSON.stringify(token)}]`;
  }
  return out;
}

/** Reads the value at a JSON pointer, or `undefined` when the path does not exist. */
export function valueAt(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (typeof node === 'object' && node !== null && Object.hasOwn(node, token)) node = (node as Record<string, unknown>)[token];
    else return undefined;
  }
  return node;
}

/** Joins values as `` `a`, `b` or `c` ``. */
export function listOf(values: readonly string[], conjunction = 'or'): string {
  const quoted = values.map((v) => '`' + v + '`');
  if (quoted.length <= 1) return quoted.join('');
  return quoted.slice(0, -1).join(', ') + ` ${conjunction} ` + quoted[quoted.length - 1];
}
