import type { z } from 'zod';
import { pointerFrom, pointerTokens } from '../diagnostics/positions.js';
import { closest } from './closest.js';
import { describePath, listOf } from './describe.js';
import type { ConfigProblem } from './problem.js';
import { enumValues, objectKeys, unwrap } from './schema-walk.js';
import { childKinds } from './schema/navigation-structure.js';
import { isClosed } from './schema/registry.js';

/** Keys that exist in docs.json but only in some places. */
const placeHints: Readonly<Record<string, string>> = {
  graphql: '`graphql` is only accepted on a tab.',
  sdk: '`sdk` is only accepted on a tab or a group.',
  variations: '`variations` is only accepted with the `willow` theme.',
};

/**
 * Old keys (mint.json, earlier docs.json) Mintlify strips, with where their setting lives now.
 * Looked up by `<owner key>.<key>` (the owner's last named token; empty at the top level), then
 * by `*.<key>`.
 */
const legacyHints: Readonly<Record<string, string>> = {
  'styling.css': 'Custom CSS needs no key: every `.css` file in the project is loaded, as on Mintlify. Remove it.',
  '.css': 'Custom CSS needs no key: every `.css` file in the project is loaded, as on Mintlify. Remove it.',
  '.js': 'Custom scripts need no key: every `.js` file in the project is loaded, as on Mintlify. Remove it.',
  '.anchors': 'In docs.json anchors live in `navigation.anchors`, or `navigation.global.anchors` for links shown everywhere.',
  '.feedback': 'docs.json has no `feedback` settings; remove it.',
  'api.baseUrl': 'In docs.json the server of MDX API pages is `api.mdx.server`.',
  'api.auth': 'In docs.json the authentication of MDX API pages is `api.mdx.auth`.',
  'playground.mode': 'In docs.json this is `api.playground.display` (`interactive`, `simple`, `none` or `auth`).',
  'appearance.layout': 'In docs.json the layout comes with the `theme`; remove it.',
  '*.collapsed': 'In docs.json a group says `"expanded": true` to start open; groups start closed otherwise.',
};

/**
 * The problem for an unknown `key` in the object at `ownerPointer`, whose schema is `owner` (an
 * object, or a record with an enum of keys). Where Mintlify closes the object too (`isClosed`),
 * it is a `config/unknown-key` error; elsewhere Mintlify strips the key silently, so it is a
 * `config/ignored-key` warning and the validator drops it. The hint suggests the nearest
 * accepted key, says where the key belongs when it is valid elsewhere, or where an old key's
 * setting lives now.
 */
export function unknownKey(key: string, owner: z.ZodType | undefined, ownerPointer: string): ConfigProblem {
  const pointer = ownerPointer + pointerFrom([key]);
  const declared = owner ? objectKeys(owner) : [];
  const known = declared.length > 0 ? declared : owner ? enumValues(owner) : [];
  const where = ownerPointer === '' ? 'at the top level' : `in \`${describePath(ownerPointer)}\``;
  if (owner !== undefined && isClosed(unwrap(owner))) {
    return { code: 'config/unknown-key', pointer, message: `Unknown key \`${key}\` ${where}.`, hint: hintFor(key, known) };
  }
  const message = `Unknown key \`${key}\` ${where} is ignored, as Mintlify ignores it.`;
  return { code: 'config/ignored-key', pointer, message, hint: legacyHint(key, ownerPointer) ?? hintFor(key, known) };
}

function legacyHint(key: string, ownerPointer: string): string | undefined {
  const named = pointerTokens(ownerPointer).filter((token) => !/^\d+$/.test(token));
  const ownerKey = named[named.length - 1] ?? '';
  return legacyHints[`${ownerKey}.${key}`] ?? legacyHints[`*.${key}`];
}

function hintFor(key: string, known: readonly string[]): string {
  if (Object.hasOwn(childKinds, key)) {
    const allowed = known.filter((k) => Object.hasOwn(childKinds, k));
    if (allowed.length > 0) return `\`${key}\` cannot be nested here; this element accepts ${listOf(allowed)}.`;
  }
  const nearest = closest(key, known);
  if (nearest !== undefined) return `Did you mean \`${nearest}\`?`;
  const place = placeHints[key];
  if (place) return place;
  if (known.length > 0 && known.length <= 12) return `Remove it; the keys accepted here are ${listOf(known, 'and')}.`;
  return 'Remove it, or check its spelling against the docs.json reference.';
}
