import { describe, expect, it } from 'vitest';
import { playgroundDisplay, playgroundSettings } from '../../../../src/render/operation/playground/index.js';

describe('playgroundDisplay', () => {
  it('defaults to interactive', () => {
    expect(playgroundDisplay(undefined, undefined)).toBe('interactive');
    expect(playgroundDisplay({}, {})).toBe('interactive');
  });

  it('takes api.playground.display', () => {
    expect(playgroundDisplay({ playground: { display: 'simple' } }, {})).toBe('simple');
    expect(playgroundDisplay({ playground: { display: 'auth' } }, undefined)).toBe('auth');
  });

  it('the page frontmatter wins over docs.json', () => {
    expect(playgroundDisplay({ playground: { display: 'simple' } }, { playground: 'none' })).toBe('none');
    expect(playgroundDisplay({ playground: { display: 'none' } }, { playground: 'interactive' })).toBe('interactive');
  });

  it('ignores frontmatter values that are not display modes', () => {
    expect(playgroundDisplay(undefined, { playground: true })).toBe('interactive');
    expect(playgroundDisplay({ playground: { display: 'simple' } }, { playground: 'hidden' })).toBe('simple');
  });
});

describe('playgroundSettings', () => {
  it("has Mintlify's defaults: proxy on, credentials off, prefill off", () => {
    expect(playgroundSettings(undefined, undefined)).toEqual({ display: 'interactive', proxy: true, credentials: false, prefill: false, defaults: 'all', post: [] });
  });

  it('reads proxy, credentials, examples.prefill, examples.defaults and params.post', () => {
    const api = { playground: { display: 'simple' as const, proxy: false, credentials: true }, examples: { prefill: true, defaults: 'required' as const }, params: { post: ['x-stage'] } };
    expect(playgroundSettings(api, { playground: 'interactive' })).toEqual({ display: 'interactive', proxy: false, credentials: true, prefill: true, defaults: 'required', post: ['x-stage'] });
  });
});
