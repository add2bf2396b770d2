import { describe, expect, it } from 'vitest';
import { resolveAssistant } from '../../src/deployment/assistant-config.js';
import { defaultFeatures, resolveFeatures } from '../../src/deployment/features.js';

const ENDPOINT = 'https://assistant.acme.com/discovery/v2/assistant/docs.acme.com/message';
const KEY = 'svc_dsc_0123456789abcdef0123456789abcdef';
const ADMIN = 'svc_0123456789abcdef0123456789abcdef';
const cloud = defaultFeatures('cloud');
const codes = (r: ReturnType<typeof resolveAssistant>) => r.diagnostics.map((d) => [d.code, d.severity]);

describe('the Ask AI panel settings (resolveAssistant)', () => {
  it('takes an http(s) endpoint and an assistant key, the URL normalised', () => {
    expect(resolveAssistant({ endpoint: ENDPOINT, key: KEY }, cloud)).toEqual({ assistant: { endpoint: ENDPOINT, key: KEY }, diagnostics: [] });
    expect(resolveAssistant({ endpoint: ' http://127.0.0.1:8787/discovery/v2/assistant/d/message ', key: KEY }, cloud).assistant?.endpoint).toBe(
      'http://127.0.0.1:8787/discovery/v2/assistant/d/message',
    );
    expect(resolveAssistant({ endpoint: 'HTTPS://Assistant.ACME.com/x', key: KEY }, cloud).assistant?.endpoint).toBe('https://assistant.acme.com/x');
  });

  it('takes a v1 endpoint as its v2 successor, and says so', () => {
    const v1 = resolveAssistant({ endpoint: 'https://api.acme.com/base/discovery/v1/assistant/docs.acme.com/message?x=1', key: KEY }, cloud);
    expect(v1.assistant).toEqual({ endpoint: 'https://api.acme.com/base/discovery/v2/assistant/docs.acme.com/message?x=1', key: KEY });
    expect(codes(v1)).toEqual([['bundle/assistant-v1-endpoint', 'info']]);
    expect(v1.diagnostics[0]?.message).toBe(
      'The assistant endpoint `https://api.acme.com/base/discovery/v1/assistant/docs.acme.com/message?x=1` is the deprecated v1 endpoint; the Ask AI panel speaks v2 (AI SDK 5 and later), so it sends to `https://api.acme.com/base/discovery/v2/assistant/docs.acme.com/message?x=1`.',
    );
    // Only the whole v1 message path is rewritten.
    for (const other of ['https://a.com/discovery/v1/assistant/d/message/more', 'https://a.com/discovery/v1/search/d', 'https://a.com/v1/assistant/d/message']) {
      expect(resolveAssistant({ endpoint: other, key: KEY }, cloud)).toEqual({ assistant: { endpoint: other, key: KEY }, diagnostics: [] });
    }
  });

  it('is quiet without settings, or with both empty', () => {
    expect(resolveAssistant(undefined, cloud)).toEqual({ diagnostics: [] });
    expect(resolveAssistant({ endpoint: '', key: '' }, cloud)).toEqual({ diagnostics: [] });
  });

  it('needs both: says which one is missing', () => {
    const noUrl = resolveAssistant({ key: KEY }, cloud);
    expect(codes(noUrl)).toEqual([['bundle/assistant-incomplete', 'error']]);
    expect(noUrl.diagnostics[0]?.message).toBe('The Ask AI panel needs both the assistant endpoint and its key, but only the key (`--assistant-key`) was given.');
    expect(noUrl.diagnostics[0]?.hint).toBe('Add its endpoint URL (`--assistant-url`), or leave both out to build without the panel.');
    const noKey = resolveAssistant({ endpoint: ENDPOINT, key: ' ' }, cloud);
    expect(noKey.diagnostics[0]?.message).toBe('The Ask AI panel needs both the assistant endpoint and its key, but only the endpoint (`--assistant-url`) was given.');
    expect(noKey.assistant).toBeUndefined();
  });

  it('refuses an admin key: a secret every page would publish, never repeated in the message', () => {
    const r = resolveAssistant({ endpoint: ENDPOINT, key: ADMIN }, cloud);
    expect(codes(r)).toEqual([['bundle/assistant-admin-key', 'error']]);
    expect(r.diagnostics[0]?.message).toBe(
      'The assistant key is an admin key (`svc_…`). Every page would publish it, and it is a server-side secret: nothing was built.',
    );
    expect(r.assistant).toBeUndefined();
    expect(JSON.stringify(r)).not.toContain(ADMIN);
  });

  it('refuses what is not an assistant key', () => {
    const other = resolveAssistant({ endpoint: ENDPOINT, key: 'sk-live-123' }, cloud);
    expect(codes(other)).toEqual([['bundle/assistant-invalid-key', 'error']]);
    expect(other.diagnostics[0]?.message).toBe('The assistant key does not start with `svc_dsc_`, so it is not a Sheaf assistant key.');
    expect(JSON.stringify(other)).not.toContain('sk-live-123');
    const odd = resolveAssistant({ endpoint: ENDPOINT, key: 'svc_dsc_a"><script>' }, cloud);
    expect(codes(odd)).toEqual([['bundle/assistant-invalid-key', 'error']]);
    expect(odd.diagnostics[0]?.message).toBe('The assistant key has characters other than letters, digits, `_` and `-` after `svc_dsc_`.');
  });

  it('refuses an endpoint that is not http(s), or carries credentials (not echoed)', () => {
    const ftp = resolveAssistant({ endpoint: 'ftp://acme.com/x', key: KEY }, cloud);
    expect(codes(ftp)).toEqual([['bundle/assistant-invalid-url', 'error']]);
    expect(ftp.diagnostics[0]?.message).toBe('The assistant endpoint `ftp://acme.com/x` is not an http or https URL (ftp).');
    expect(resolveAssistant({ endpoint: '/discovery/v1/assistant/d/message', key: KEY }, cloud).diagnostics[0]?.message).toBe(
      'The assistant endpoint `/discovery/v1/assistant/d/message` is not a URL.',
    );
    const creds = resolveAssistant({ endpoint: 'https://bob:hunter2@acme.com/m', key: KEY }, cloud);
    expect(creds.diagnostics[0]?.message).toBe('The assistant endpoint `https://acme.com/m` carries a user name or password, which every page would publish.');
    expect(JSON.stringify(creds)).not.toContain('hunter2');
  });

  it('does not echo a key given as the endpoint (the flags swapped)', () => {
    const r = resolveAssistant({ endpoint: KEY, key: ENDPOINT }, cloud);
    expect(codes(r)).toEqual([
      ['bundle/assistant-invalid-url', 'error'],
      ['bundle/assistant-invalid-key', 'error'],
    ]);
    expect(r.diagnostics[0]?.message).toBe('The assistant endpoint looks like a key, not a URL (are the two flags swapped?).');
    expect(JSON.stringify(r)).not.toContain(KEY);
  });

  it('warns and gives no panel when the assistant is off: air-gapped, or disabled', () => {
    const gapped = resolveAssistant({ endpoint: ENDPOINT, key: KEY }, defaultFeatures('air-gapped'));
    expect(codes(gapped)).toEqual([['bundle/assistant-off', 'warning']]);
    expect(gapped.diagnostics[0]?.message).toBe(
      'The assistant endpoint and key are ignored: air-gapped deployments have no network to reach it, so no page has the Ask AI panel.',
    );
    expect(gapped.assistant).toBeUndefined();
    // Even with the assistant feature claimed, no network means no panel.
    expect(resolveAssistant({ endpoint: ENDPOINT, key: KEY }, { ...cloud, network: false }).assistant).toBeUndefined();
    const disabled = resolveAssistant({ endpoint: ENDPOINT, key: KEY }, resolveFeatures('client-hosted', { disable: ['assistant'] }).features);
    expect(codes(disabled)).toEqual([['bundle/assistant-off', 'warning']]);
    expect(disabled.diagnostics[0]?.hint).toBe('Drop `--disable assistant`, or leave out --assistant-url and --assistant-key.');
  });

  it('checks the values before the feature: an admin key is refused air-gapped too', () => {
    expect(codes(resolveAssistant({ endpoint: ENDPOINT, key: ADMIN }, defaultFeatures('air-gapped')))).toEqual([['bundle/assistant-admin-key', 'error']]);
  });
});
