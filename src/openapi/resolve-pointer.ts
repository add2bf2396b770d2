import { pointerTokens } from '../diagnostics/positions.js';
import { isRecord } from '../parse/is-record.js';

/** Internal `$ref`s followed while walking one pointer, at most; guards against cycles. */
const MAX_HOPS = 32;

/** What a pointer resolved to; `undefined` from `resolvePointer` means it did not resolve. */
export interface Resolved {
  readonly value: unknown;
  /** The pointer where the value actually lives, after following `$ref`s on the way. */
  readonly pointer: string;
}

/**
 * Decodes the fragment of a `$ref` (`#/components/schemas/Pet%20Store`) into a JSON pointer:
 * percent-decoding first, `~1`/`~0` are kept for `pointerTokens`. An undecodable fragment is
 * used as written.
 */
export function fragmentPointer(fragment: string): string {
  const raw = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Resolves a JSON pointer inside `root`. When a step meets an object holding an internal `$ref`
 * that lacks the next token, the `$ref` is followed (as resolvers do for `#/a/b` where `a` is a
 * reference). Returns `undefined` when a token is missing or the hop limit is reached.
 */
export function resolvePointer(root: unknown, pointer: string, hops = 0): Resolved | undefined {
  let node: unknown = root;
  let at = '';
  for (const token of pointerTokens(pointer)) {
    if (isRecord(node) && !Object.hasOwn(node, token) && typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
      if (hops >= MAX_HOPS) return undefined;
      const target = resolvePointer(root, fragmentPointer(node.$ref), hops + 1);
      if (!target) return undefined;
      node = target.value;
      at = target.pointer;
    }
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(token) && Number(token) < node.length) {
      node = node[Number(token)];
    } else if (isRecord(node) && Object.hasOwn(node, token)) {
      node = node[token];
    } else {
      return undefined;
    }
    at += '/' + token.replace(/~/g, '~0').replace(/\//g, '~1');
  }
  return { value: node, pointer: at };
}
