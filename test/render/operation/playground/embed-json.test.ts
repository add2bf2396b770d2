import { describe, expect, it } from 'vitest';
import { embedJson, renderPlayground } from '../../../../src/render/operation/playground/index.js';
import * as f from './fixtures.js';

describe('embedJson', () => {
  it('escapes <, > and & and the JavaScript line separators, and parses back to the same value', () => {
    const value = { a: '</script><!-- & -->', b: 'line\u2028sep\u2029' };
    const text = embedJson(value);
    expect(text).toBe('{"a":"\\u003c/script\\u003e\\u003c!-- \\u0026 --\\u003e","b":"line\\u2028sep\\u2029"}');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('the spec of a hostile operation stays inside its script element and reads back whole', () => {
    const html = renderPlayground({ model: f.hostile, document: f.document, display: 'interactive', proxy: true, credentials: false, prefill: false });
    const open = '<script type="application/json" data-sheaf-playground-spec>';
    const start = html.indexOf(open) + open.length;
    const end = html.indexOf('</script>', start);
    const spec = JSON.parse(html.slice(start, end)) as { path: string; parameters: { name: string }[] };
    expect(spec.path).toBe('/x/</script><script>alert(1)</script>');
    expect(spec.parameters[0]?.name).toBe('"><img src=x onerror=alert(1)>');
    expect(html.slice(start, end)).not.toMatch(/[<>]/);
  });
});
