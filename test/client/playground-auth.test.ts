import { describe, expect, it } from 'vitest';
import type { PlaygroundSpec } from '../../src/model/playground-spec.js';
import type { OperationModel, SecuritySchemeModel } from '../../src/openapi/operation-model/model.js';
import { renderPlayground } from '../../src/render/operation/playground/index.js';
import { buildRequest } from '../../src/client/playground/build-request.js';
import { chosenAlternative } from '../../src/client/playground/auth-choice.js';
import { startPlayground } from '../../src/client/playground/start-playground.js';
import { $, pages } from './page-window.js';

/**
 * Issue 15, item 7: Try-it lets the reader choose among the operation's security alternatives
 * (an alternative may combine schemes; `{}` is `None`) and sends exactly the chosen one.
 */

const page = pages();

const scheme = (s: Partial<SecuritySchemeModel> & Pick<SecuritySchemeModel, 'key' | 'type'>): SecuritySchemeModel => s;
const headerKey = scheme({ key: 'headerKey', type: 'apiKey', in: 'header', name: 'X-API-Key' });
const queryKey = scheme({ key: 'queryKey', type: 'apiKey', in: 'query', name: 'api_key' });
const bearer = scheme({ key: 'bearer', type: 'http', scheme: 'bearer' });
const mtls = scheme({ key: 'mtls', type: 'mutualTLS' });

const model = (security: OperationModel['security']): OperationModel => ({
  kind: 'operation',
  method: 'GET',
  path: '/things',
  deprecated: false,
  tags: [],
  servers: [{ url: 'https://api.example.com', variables: {} }],
  security,
  parameters: [],
  responses: [],
  callbacks: [],
  codeSamples: [],
  pointer: '/paths/~1things/get',
});

/** `headerKey AND bearer`, or `queryKey`, or `{}`. */
const combined = model([{ schemes: [{ scheme: headerKey, scopes: [] }, { scheme: bearer, scopes: [] }] }, { schemes: [{ scheme: queryKey, scopes: [] }] }, { schemes: [] }]);

function open(m: OperationModel) {
  const html = renderPlayground({ model: m, document: {}, display: 'interactive', proxy: true, credentials: false, prefill: false });
  const win = page({ url: 'https://docs.example.com/api/things/', root: { 'data-base': '../../' }, body: html });
  const form = $(win, 'form[data-sheaf-playground]');
  const spec = JSON.parse(form.querySelector('script[data-sheaf-playground-spec]')?.textContent ?? '') as PlaygroundSpec;
  startPlayground(win);
  const fill = (selector: string, value: string) => {
    ($(win, selector) as HTMLInputElement).value = value;
  };
  const choose = (value: string) => {
    const select = $(win, 'select[data-pg-auth-select]') as HTMLSelectElement;
    select.value = value;
    select.dispatchEvent(new win.Event('change', { bubbles: true }));
  };
  /** The credential fields shown now, by scheme key. */
  const visible = () => Array.from(form.querySelectorAll<HTMLElement>('[data-pg-auth-in]')).filter((el) => !el.hidden).map((el) => el.querySelector('[data-pg-auth]')?.getAttribute('data-pg-auth'));
  const noneShown = () => !($(win, '[data-pg-auth-none]') as HTMLElement).hidden;
  return { win, form, spec, fill, choose, visible, noneShown };
}

describe('Try-it security alternatives', () => {
  it('renders a selector labelled as the page’s tabs, each scheme’s fields once', () => {
    const { form, spec } = open(combined);
    const options = Array.from(form.querySelectorAll('select[data-pg-auth-select] option')).map((o) => [o.getAttribute('value'), o.textContent]);
    expect(options).toEqual([
      ['0', 'headerKey + bearer'],
      ['1', 'queryKey'],
      ['2', 'None'],
    ]);
    expect(form.querySelector('label[for="sheaf-pg-auth-choice"]')?.textContent).toBe('Authentication');
    expect(Array.from(form.querySelectorAll('[data-pg-auth-in]')).map((el) => [el.getAttribute('data-pg-auth-in'), el.querySelector('[data-pg-auth]')?.getAttribute('data-pg-auth')])).toEqual([
      ['0', 'headerKey'],
      ['0', 'bearer'],
      ['1', 'queryKey'],
    ]);
    expect(spec.security).toEqual([
      [
        { key: 'headerKey', kind: 'apiKey', name: 'X-API-Key', in: 'header' },
        { key: 'bearer', kind: 'bearer' },
      ],
      [{ key: 'queryKey', kind: 'apiKey', name: 'api_key', in: 'query' }],
      [],
    ]);
    expect(form.textContent).not.toContain('uses the first');
  });

  it('shows the chosen alternative’s fields only, and says None sends no credentials', () => {
    const { choose, visible, noneShown } = open(combined);
    expect([visible(), noneShown()]).toEqual([['headerKey', 'bearer'], false]);
    choose('1');
    expect([visible(), noneShown()]).toEqual([['queryKey'], false]);
    choose('2');
    expect([visible(), noneShown()]).toEqual([[], true]);
    choose('0');
    expect([visible(), noneShown()]).toEqual([['headerKey', 'bearer'], false]);
  });

  it('sends exactly the chosen combination, whatever the other fields hold', async () => {
    const { win, form, spec, fill, choose } = open(combined);
    fill('[data-pg-auth="headerKey"]', 'hk');
    fill('[data-pg-auth="bearer"]', 'tok');
    fill('[data-pg-auth="queryKey"]', 'q k');
    const sent = async () => {
      const { url, headers } = (await buildRequest(win, form, spec)).request;
      return { url, headers };
    };
    expect(await sent()).toEqual({ url: 'https://api.example.com/things', headers: { 'X-API-Key': 'hk', Authorization: 'Bearer tok' } });
    choose('1');
    expect(chosenAlternative(form)).toBe(1);
    expect(await sent()).toEqual({ url: 'https://api.example.com/things?api_key=q%20k', headers: {} });
    choose('2');
    expect(await sent()).toEqual({ url: 'https://api.example.com/things', headers: {} });
  });

  it('one alternative: its fields, no selector; only {} or no security: no Authorization fieldset', () => {
    const single = open(model([{ schemes: [{ scheme: headerKey, scopes: [] }, { scheme: bearer, scopes: [] }] }]));
    expect(single.form.querySelector('[data-pg-auth-select]')).toBeNull();
    expect(Array.from(single.form.querySelectorAll('[data-pg-auth]')).map((el) => el.getAttribute('data-pg-auth'))).toEqual(['headerKey', 'bearer']);
    for (const security of [[], [{ schemes: [] }]]) {
      const { form } = open(model(security));
      expect(form.querySelector('[data-pg-auth-group]')).toBeNull();
    }
  });

  it('a scheme shared by alternatives is one field; {} repeated is one None; mutual TLS alone is explained, not None', async () => {
    const { form, spec, win, fill, choose, visible, noneShown } = open(
      model([{ schemes: [{ scheme: headerKey, scopes: [] }] }, { schemes: [] }, { schemes: [{ scheme: headerKey, scopes: [] }, { scheme: queryKey, scopes: [] }] }, { schemes: [] }, { schemes: [{ scheme: mtls, scopes: [] }] }]),
    );
    expect(Array.from(form.querySelectorAll('select[data-pg-auth-select] option')).map((o) => `${o.getAttribute('value')} ${o.textContent}`)).toEqual(['0 headerKey', '1 None', '2 headerKey + queryKey', '4 mtls']);
    expect(Array.from(form.querySelectorAll('[data-pg-auth-in]')).map((el) => el.getAttribute('data-pg-auth-in'))).toEqual(['0 2', '2', '4']);
    fill('[data-pg-auth="headerKey"]', 'hk');
    fill('[data-pg-auth="queryKey"]', 'qk');
    choose('2');
    expect(visible()).toEqual(['headerKey', 'queryKey']);
    expect((await buildRequest(win, form, spec)).request).toMatchObject({ url: 'https://api.example.com/things?api_key=qk', headers: { 'X-API-Key': 'hk' } });
    choose('4');
    expect(noneShown()).toBe(false);
    expect(Array.from(form.querySelectorAll<HTMLElement>('[data-pg-auth-in]')).filter((el) => !el.hidden).map((el) => el.textContent)).toEqual(['mtls: mutual TLS cannot be set up from a browser page.']);
    expect((await buildRequest(win, form, spec)).request).toMatchObject({ url: 'https://api.example.com/things', headers: {} });
  });
});
