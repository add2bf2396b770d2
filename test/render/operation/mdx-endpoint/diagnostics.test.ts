import { beforeAll, describe, expect, it } from 'vitest';
import type { RenderedBody } from '../../../../src/model/render.js';
import { renderProject } from './helpers.js';

/** Diagnostics of malformed `api:` and `authMethod` frontmatter (test/fixtures/api-frontmatter-problems). */
describe('api: frontmatter diagnostics', () => {
  let bodies: Map<string, RenderedBody>;
  const body = (route: string): RenderedBody => {
    const found = bodies.get(route);
    if (!found) throw new Error(`no page ${route}`);
    return found;
  };
  const shown = (route: string) => body(route).diagnostics.map((d) => ({ code: d.code, severity: d.severity, file: d.file, line: d.line, column: d.column, hint: d.hint }));

  beforeAll(async () => {
    bodies = await renderProject('api-frontmatter-problems');
  });

  it('mdx/api-invalid: a method that is not HTTP, at the line of `api`', () => {
    expect(shown('bad-method')).toEqual([
      { code: 'mdx/api-invalid', severity: 'error', file: 'bad-method.mdx', line: 3, column: 1, hint: 'use one of GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH, TRACE' },
    ]);
    expect(body('bad-method').diagnostics[0]?.message).toBe('`FETCH` in `api: "FETCH https://api.example.com/users"` is not an HTTP method.');
  });

  it('mdx/api-invalid: no method, no URL, not a string', () => {
    expect(shown('no-method')).toEqual([{ code: 'mdx/api-invalid', severity: 'error', file: 'no-method.mdx', line: 4, column: 1, hint: 'put the method first: `api: "GET /users"`' }]);
    const example = 'write `api: "POST https://api.example.com/v1/users"`, or `api: "POST /v1/users"` with `api.mdx.server` in docs.json';
    expect(shown('no-url')).toEqual([{ code: 'mdx/api-invalid', severity: 'error', file: 'no-url.mdx', line: 3, column: 1, hint: example }]);
    expect(shown('not-string')).toEqual([{ code: 'mdx/api-invalid', severity: 'error', file: 'not-string.mdx', line: 3, column: 1, hint: example }]);
    expect(body('not-string').diagnostics[0]?.message).toBe('`api` must be a string such as "POST /v1/users", not an object.');
  });

  it('a page whose api: cannot be read is its MDX alone: no endpoint, no aside', () => {
    for (const route of ['bad-method', 'no-method', 'no-url', 'not-string']) {
      expect(body(route).html, route).toBe('<p>Text.</p>');
      expect(body(route).aside, route).toBeUndefined();
    }
  });

  it('mdx/api-no-server: a relative path without api.mdx.server; the request is shown, not sendable', () => {
    expect(shown('no-server')).toEqual([
      {
        code: 'mdx/api-no-server',
        severity: 'warning',
        file: 'no-server.mdx',
        line: 3,
        column: 1,
        hint: 'add `"api": { "mdx": { "server": "https://api.example.com" } }` to docs.json, or write the full URL in `api`',
      },
    ]);
    expect(body('no-server').html).toContain('<code class="sheaf-op-path">/users</code>');
    expect(body('no-server').aside).toContain('sheaf-playground-simple');
    expect(body('no-server').aside).not.toContain('data-sheaf-playground-spec');
  });

  it("mdx/api-auth-method: an unknown authMethod; docs.json's method applies", () => {
    expect(shown('bad-auth')).toEqual([{ code: 'mdx/api-auth-method', severity: 'warning', file: 'bad-auth.mdx', line: 4, column: 1, hint: 'use one of bearer, basic, key, cobo, none' }]);
    expect(body('bad-auth').diagnostics[0]?.message).toBe("`authMethod: \"GET\"` is not an authorization method; docs.json's `bearer` applies.");
    expect(body('bad-auth').aside).toContain('data-pg-auth="bearer"');
  });

  it('fires on nothing else: a lowercase method and authMethod key are fine', () => {
    expect(shown('good')).toEqual([]);
    expect(body('good').html).toContain('<span class="sheaf-method sheaf-method-get sheaf-op-method">GET</span>');
    // docs.json names no key header: the key goes in Authorization.
    expect(body('good').aside).toContain('<span class="sheaf-playground-name">Authorization</span> <span class="sheaf-playground-hint">API key in header</span>');
  });
});
