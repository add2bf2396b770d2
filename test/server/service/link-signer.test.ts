import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLinkSigner, loadSigningSecret } from '../../../src/server/service/link-signer.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-service-signer-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('link signer', () => {
  const signer = createLinkSigner(Buffer.alloc(32, 1));
  const p = '/v1/static-export/bundles/se_0123456789abcdef/bundle.tar.gz';

  it('signs method, path and expiry with HMAC-SHA256 (hex) and verifies its own links', () => {
    const sig = signer.sign('GET', p, 1_800_000_000);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(signer.sign('get', p, 1_800_000_000)).toBe(sig);
    expect(signer.verify('GET', p, '1800000000', sig, 1_800_000_000)).toBe('valid');
    expect(signer.verify('GET', p, '1800000000', sig, 1_800_000_001)).toBe('expired');
    expect(signer.verify('POST', p, '1800000000', sig, 0)).toBe('invalid');
    expect(signer.verify('GET', p + 'x', '1800000000', sig, 0)).toBe('invalid');
    expect(signer.verify('GET', p, '1800000001', sig, 0)).toBe('invalid');
    expect(signer.verify('GET', p, '01800000000', sig, 0)).toBe('invalid');
    expect(signer.verify('GET', p, '1800000000', sig.slice(0, 63), 0)).toBe('invalid');
    expect(signer.verify('GET', p, undefined, sig, 0)).toBe('invalid');
    expect(createLinkSigner(Buffer.alloc(32, 2)).verify('GET', p, '1800000000', sig, 0)).toBe('invalid');
  });

  it('refuses a secret shorter than 32 bytes', () => {
    expect(() => createLinkSigner(Buffer.alloc(16))).toThrow('at least 32 bytes');
  });
});

describe('loadSigningSecret', () => {
  it('generates the secret once into signing.key with mode 600 and reuses it', async () => {
    const first = loadSigningSecret(dir, {});
    expect(first).toHaveLength(32);
    const file = path.join(dir, 'signing.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.toString('hex'));
    expect(loadSigningSecret(dir, {})).toEqual(first);
  });

  it('prefers SHEAF_SIGNING_SECRET and refuses a short one', () => {
    const secret = 'correct horse battery staple, thirty-two+';
    expect(loadSigningSecret(dir, { SHEAF_SIGNING_SECRET: secret })).toEqual(Buffer.from(secret));
    expect(() => loadSigningSecret(dir, { SHEAF_SIGNING_SECRET: 'short' })).toThrow('SHEAF_SIGNING_SECRET must be at least 32 characters long');
  });
});
