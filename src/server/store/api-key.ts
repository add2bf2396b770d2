import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyKind } from '../../model/service.js';

/** Prefixes of the two key kinds (the interface's Authentication table). */
export const ADMIN_KEY_PREFIX = 'svc_';
export const ASSISTANT_KEY_PREFIX = 'svc_dsc_';

/** Entropy of a key: 32 random bytes (43 base64url characters). */
const KEY_BYTES = 32;

/**
 * A new secret key: prefix + 32 random bytes in base64url. An admin key's random part never
 * starts with `dsc_`, so the prefix alone tells the two kinds apart.
 */
export function generateApiKey(kind: ApiKeyKind, random: (n: number) => Buffer = randomBytes): string {
  for (;;) {
    const body = random(KEY_BYTES).toString('base64url');
    if (kind === 'assistant') return ASSISTANT_KEY_PREFIX + body;
    if (!body.startsWith('dsc_')) return ADMIN_KEY_PREFIX + body;
  }
}

/** What the store keeps instead of the key: hex SHA-256 of its UTF-8 bytes. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The kind a key's prefix claims (the store's record decides what the key may do). */
export function keyKindOf(key: string): ApiKeyKind | undefined {
  if (key.startsWith(ASSISTANT_KEY_PREFIX)) return 'assistant';
  if (key.startsWith(ADMIN_KEY_PREFIX)) return 'admin';
  return undefined;
}
