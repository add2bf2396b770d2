import type { z } from 'zod';
import { pointerFrom } from '../diagnostics/positions.js';
import { closest } from './closest.js';
import { describePath, listOf } from './describe.js';
import type { ConfigProblem } from './problem.js';
import { enumValues, objectKeys } from './schema-walk.js';
import { childKinds } from './schema/navigation-structure.js';

/** Keys that exist in docs.json but only in some places. */
const placeHints: Readonly<Record<string, string>> = {
  graphql: '`graphql` is only accepted on a tab.',
  sdk: '`sdk` is only accepted on a tab or a group.',
  variations: '`variations` is only accepted with the `willow` theme.',
};

/**
 * The `config/unknown-key` problem for `key` in the object at `ownerPointer`, whose schema is
 * `owner` (an object, or a record with an enum of keys). The hint suggests the nearest accepted
 * key, or says where the key belongs when it is valid elsewhere.
 */
export function unknownKey(key: string, owner: z.ZodType | undefined, ownerPointer: string): ConfigProblem {
  const pointer = ownerPointer + pointerFrom([key]);
  const declared = owner ? objectKeys(owner) : [];
  const known = declared.length > 0 ? declared : owner ? enumValues(owner) : [];
  const where = ownerPointer === '' ? 'at the top level' : `in \`${describePath(ownerPointer)}\``;
  const message = `Unknown key \`${key}\` ${where}.`;
  return { code: 'config/unknown-key', pointer, message, hint: hintFor(key, known) };
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
