import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Longest lifetime of a download link, in seconds (7 days, as for S3 presigned URLs). */
export const MAX_LINK_TTL_SECONDS = 604_800;
/** Default lifetime of a download link, in seconds (1 hour). */
export const DEFAULT_LINK_TTL_SECONDS = 3_600;

export const EXPIRES_PARAM = 'X-Sheaf-Expires';
export const SIGNATURE_PARAM = 'X-Sheaf-Signature';

export type LinkVerdict = 'valid' | 'invalid' | 'expired';

/** Signs and checks download links, S3 query-signing style: HMAC-SHA256 over method, path and expiry. */
export interface LinkSigner {
  /** Hex signature of `method`, `pathname` (as sent, percent-encoded) and `expires` (Unix seconds). */
  sign(method: string, pathname: string, expires: number): string;
  /**
   * `valid` when the signature matches (compared in constant time) and `nowSeconds` is not past
   * `expires`; `invalid` for any malformed or altered part; `expired` for a genuine link too late.
   */
  verify(method: string, pathname: string, expires: string | undefined, signature: string | undefined, nowSeconds: number): LinkVerdict;
}

/** The string to sign: one field per line, so no field can shift into another. */
const canonical = (method: string, pathname: string, expires: number) => `SHEAF-HMAC-SHA256\n${method.toUpperCase()}\n${pathname}\n${expires}`;

export function createLinkSigner(secret: Buffer): LinkSigner {
  if (secret.length < 32) throw new Error('The signing secret must be at least 32 bytes');
  const sign = (method: string, pathname: string, expires: number) => createHmac('sha256', secret).update(canonical(method, pathname, expires)).digest('hex');
  return {
    sign,
    verify(method, pathname, expires, signature, nowSeconds) {
      if (expires === undefined || signature === undefined) return 'invalid';
      if (!/^[1-9][0-9]{0,11}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
      const expected = Buffer.from(sign(method, pathname, Number(expires)), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
      return nowSeconds > Number(expires) ? 'expired' : 'valid';
    },
  };
}

/**
 * The signing secret: `SHEAF_SIGNING_SECRET` when set (any string of 32+ characters, used as
 * UTF-8 bytes), else `<dataDir>/signing.key`, generated once (32 random bytes, hex, mode 600).
 * Links stay valid across restarts because the secret does.
 */
export function loadSigningSecret(dataDir: string, env: Readonly<Record<string, string | undefined>>): Buffer {
  const fromEnv = env['SHEAF_SIGNING_SECRET'];
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < 32) throw new Error('SHEAF_SIGNING_SECRET must be at least 32 characters long');
    return Buffer.from(fromEnv, 'utf8');
  }
  const file = path.join(dataDir, 'signing.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}
