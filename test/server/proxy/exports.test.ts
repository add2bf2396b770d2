import { describe, expect, it } from 'vitest';
import * as proxy from '../../../src/server/proxy/index.js';

describe('src/server/proxy', () => {
  it('exports exactly the proxy factory, its path and its error table', () => {
    expect(Object.keys(proxy).sort()).toEqual(['PLAYGROUND_PROXY_PATH', 'PROXY_ERRORS', 'createPlaygroundProxy']);
    expect(proxy.PLAYGROUND_PROXY_PATH).toBe('/_svc/api/request');
  });

  it('documents a 4xx or 5xx status for every error code, each code under proxy/', () => {
    for (const [code, { status }] of Object.entries(proxy.PROXY_ERRORS)) {
      expect(code).toMatch(/^proxy\/[a-z-]+$/);
      expect(status >= 400 && status < 600).toBe(true);
    }
  });
});
