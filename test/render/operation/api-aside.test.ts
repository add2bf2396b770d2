import { describe, expect, it } from 'vitest';
import { apiAside } from '../../../src/render/api-aside.js';
import { withoutPlayground } from '../../../src/render/layout/without-playground.js';
import { withExampleIds } from '../../../src/render/operation/example-ids.js';
import { hasTryIt } from '../../../src/render/operation/playground/index.js';
import { operationDisplay, renderOperationPage } from '../../../src/render/operation/render-operation.js';
import * as f from './playground/fixtures.js';

/**
 * The right column of an API page as Mintlify lays it out (issue 11, item 10): the request and
 * response examples first, with Mintlify's ids, then the playground, which `interactive` puts in
 * a closed dialog opened from the "Try it" button of the endpoint line.
 */

/** The aside's parts in order, as `kind#id` (`kind` alone without an id), whatever the attribute order. */
const parts = (aside: string): string[] =>
  [...aside.matchAll(/<div ([^>]*)>/g)]
    .map((m) => m[1] ?? '')
    .filter((attrs) => /\bclass="sheaf-aside"/.test(attrs))
    .map((attrs) => {
      const kind = /data-aside="([a-z]+)"/.exec(attrs)?.[1] ?? '?';
      const id = /\bid="([^"]+)"/.exec(attrs)?.[1];
      return id ? `${kind}#${id}` : kind;
    });

/** The playground fixture's operation with a documented JSON response, so it has both examples. */
const model = {
  ...f.bearerJson,
  responses: [{ status: '200', description: 'The pet', headers: [], links: [], content: [{ mediaType: 'application/json', schema: { $ref: '#/components/schemas/NewPet' }, examples: [] }] }],
};
const EXAMPLES = ['request#request-example', 'response#response-example'];

const page = { route: 'pets/update', title: 'Update a pet', source: 'openapi.yaml' } as Parameters<typeof renderOperationPage>[0]['page'];

describe('apiAside', () => {
  it('interactive: request example, response example, then the Try-it dialog holding the form', () => {
    const aside = apiAside({ model, document: f.document, configApi: undefined });
    expect(parts(aside)).toEqual([...EXAMPLES, 'playground']);
    expect(aside).toContain(
      '<div class="sheaf-aside" data-aside="playground"><dialog class="sheaf-try-it" id="sheaf-try-it" data-pg-dialog aria-labelledby="sheaf-try-it-title"><div class="sheaf-try-it-head"><h2 class="sheaf-try-it-title" id="sheaf-try-it-title"><span class="sheaf-playground-method sheaf-method-post">POST</span> <code>/pets/{petId}</code></h2>',
    );
    expect(aside).toContain('<div class="sheaf-try-it-body" id="api-playground-input"><form class="sheaf-playground" data-sheaf-playground');
    expect(aside).not.toMatch(/<dialog[^>]* open/);
    expect(aside.match(/<dialog/g)).toHaveLength(1);
    expect(aside.match(/<form/g)).toHaveLength(1);
    expect(hasTryIt(aside)).toBe(true);
  });

  it('simple and none: no dialog; the summary follows the examples', () => {
    const simple = apiAside({ model, document: f.document, configApi: { playground: { display: 'simple' } } });
    expect(parts(simple)).toEqual([...EXAMPLES, 'playground']);
    expect(simple).toContain('<div class="sheaf-aside" data-aside="playground"><div class="sheaf-playground sheaf-playground-simple">');
    expect([simple.includes('<dialog'), hasTryIt(simple)]).toEqual([false, false]);
    const none = apiAside({ model, document: f.document, configApi: { playground: { display: 'none' } } });
    expect(parts(none)).toEqual(EXAMPLES);
  });

  it('a build without the playground feature keeps the examples and drops the dialog whole', () => {
    const stripped = withoutPlayground(apiAside({ model, document: f.document, configApi: undefined })) ?? '';
    expect(parts(stripped)).toEqual(EXAMPLES);
    expect([stripped.includes('<dialog'), stripped.includes('<form'), stripped.includes('</dialog>'), hasTryIt(stripped)]).toEqual([false, false, false, false]);
  });
});

describe('the Try-it button of the endpoint line', () => {
  const render = (aside: string | undefined) =>
    renderOperationPage({ page, model: f.bearerJson, document: f.document, settings: operationDisplay(undefined), ...(aside !== undefined ? { aside } : {}) }).html;
  const BUTTON =
    '<button type="button" class="sheaf-op-try" data-pg-open aria-haspopup="dialog" aria-controls="sheaf-try-it" hidden>Try it<svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false"><path d="M5 3.5v9l7-4.5z" fill="currentColor"/></svg></button></div>';

  it('ends the endpoint line, hidden until the script shows it, when the aside holds the dialog', () => {
    const html = render(apiAside({ model, document: f.document, configApi: undefined }));
    expect(html).toContain(`<code class="sheaf-op-path">/pets/<span class="sheaf-op-path-param">{petId}</span></code>${BUTTON}`);
    expect(html.match(/data-pg-open/g)).toHaveLength(1);
  });

  it('is absent without an interactive playground', () => {
    expect(render(undefined)).not.toContain('data-pg-open');
    expect(render(apiAside({ model, document: f.document, configApi: { playground: { display: 'simple' } } }))).not.toContain('data-pg-open');
    expect(render(apiAside({ model: f.webhook, document: f.document, configApi: undefined }))).not.toContain('data-pg-open');
  });
});

describe('withExampleIds', () => {
  it('names the first request and response example in either attribute order, and no other', () => {
    const preact = '<div class="sheaf-aside" data-aside="request"><p>a</p></div><div class="sheaf-aside" data-aside="request"><p>b</p></div>';
    expect(withExampleIds(preact)).toBe('<div class="sheaf-aside" data-aside="request" id="request-example"><p>a</p></div><div class="sheaf-aside" data-aside="request"><p>b</p></div>');
    const mdx = '<div data-aside="panel" class="sheaf-aside"></div><div data-aside="response" class="sheaf-aside"><p>200</p></div>';
    expect(withExampleIds(mdx)).toBe('<div data-aside="panel" class="sheaf-aside"></div><div data-aside="response" class="sheaf-aside" id="response-example"><p>200</p></div>');
  });

  it('leaves a wrapper that already has an id, and text that only mentions the markup', () => {
    const named = '<div class="sheaf-aside" data-aside="request" id="mine"></div>';
    expect(withExampleIds(named)).toBe(named);
    const text = '<pre><code>&lt;div class="sheaf-aside" data-aside="request"&gt;</code></pre>';
    expect(withExampleIds(text)).toBe(text);
  });
});
