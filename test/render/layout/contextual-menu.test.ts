import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocsConfig } from '../../../src/config/loaded-config.js';
import { defaultFeatures } from '../../../src/deployment/features.js';
import { BUILTIN_OPTIONS } from '../../../src/render/layout/contextual-options.js';
import { planContextualMenu, siteHasContextualMenu, type MenuSite } from '../../../src/render/layout/contextual-plan.js';
import { renderDocument } from '../../../src/render/layout/render-document.js';
import { assets, body, config, inputFor } from './fixture.js';
import { expectGolden, extract, hasElement } from './golden.js';

/**
 * docs.json `contextual` (mintlify__docs ai/contextual-menu.mdx): the menu beside the title
 * (`header`) or under the table of contents (`toc`), each documented option, custom options with
 * `$page`/`$path`/`$mcp`, page overrides, and the options an air-gapped build leaves out. The
 * MCP options (`mcp`, `add-mcp`, `cursor`, `vscode`) point at the site's MCP server, `<site root>/mcp`.
 */

const happy = new Window();
afterAll(() => happy.happyDOM.close());
const parse = (html: string): Document => new happy.DOMParser().parseFromString(html, 'text/html') as unknown as Document;

const withMenu = (contextual: unknown): DocsConfig => ({ ...config, contextual } as DocsConfig);
const documented = ['copy', 'view', 'chatgpt', 'claude'];
/** Every documented built-in option, in the settings page's order. */
const ALL = ['copy', 'view', 'assistant', 'download-pdf', 'download-spec', 'chatgpt', 'claude', 'perplexity', 'grok', 'aistudio', 'devin', 'devin-desktop', 'windsurf', 'mcp', 'add-mcp', 'cursor', 'vscode', 'devin-mcp'];
const assistant = { endpoint: 'https://assistant.acme.test/discovery/v1/assistant/docs.acme.test/message', key: 'svc_dsc_public0123' };

/** The `data-option` of each entry of the header's menu, in order. */
const menuOptions = (html: string): string[] => [...parse(html).querySelectorAll('#sheaf-contextual-menu [role="menuitem"]')].map((e) => e.getAttribute('data-option') ?? '');
/** The templates of the menu's links, by option. */
const templates = (html: string): Record<string, unknown> =>
  Object.fromEntries([...parse(html).querySelectorAll('#sheaf-contextual-menu [data-sheaf-contextual-href]')].map((e) => [e.getAttribute('data-option'), JSON.parse(e.getAttribute('data-sheaf-contextual-href') ?? '')]));
const hrefs = (html: string): Record<string, string | null> => Object.fromEntries([...parse(html).querySelectorAll('#sheaf-contextual-menu [role="menuitem"]')].map((e) => [e.getAttribute('data-option'), e.getAttribute('href')]));

describe('contextual menu, header display', () => {
  it('is a split button beside the title: the first option, and a menu button opening every option (golden)', () => {
    const html = renderDocument(inputFor('/quickstart', { config: withMenu({ options: documented }) }));
    expectGolden('contextual-header', extract(html, '<div class="sheaf-page-title-row"'));
  });

  it('lists each documented option in the order written, with Mintlify’s titles', () => {
    const html = renderDocument(inputFor('/api-reference/users/list-users', { config: withMenu({ options: ALL }), assistant, assets: { ...assets, files: new Set([...assets.files, 'openapi.yaml']) } }));
    expect(menuOptions(html)).toEqual(['copy', 'view', 'assistant', 'download-pdf', 'download-spec', 'chatgpt', 'claude', 'perplexity', 'grok', 'aistudio', 'devin', 'devin-desktop', 'windsurf', 'mcp', 'add-mcp', 'cursor', 'vscode']);
    const doc = parse(html);
    expect([...doc.querySelectorAll('#sheaf-contextual-menu [data-sheaf-contextual-title]')].map((e) => e.textContent)).toEqual([
      'Copy page',
      'View as Markdown',
      'Ask assistant',
      'Download PDF',
      'Download API spec',
      'Open in ChatGPT',
      'Open in Claude',
      'Open in Perplexity',
      'Open in Grok',
      'Open in Google AI Studio',
      'Open in Devin',
      'Open in Devin Desktop',
      'Open in Windsurf',
      'Copy MCP server URL',
      'Copy MCP install command',
      'Connect to Cursor',
      'Connect to VS Code',
    ]);
    expect(doc.querySelector('#page-context-menu')?.getAttribute('data-markdown')).toBe('../../../api-reference/users/list-users.md');
    expect(doc.querySelector('#page-context-menu')?.getAttribute('data-mcp')).toBe('../../../mcp');
  });

  it('gives each option its action: copies, the .md copy, the print dialog, the spec file, the Ask AI panel', () => {
    const html = renderDocument(inputFor('/api-reference/users/list-users', { config: withMenu({ options: ALL }), assistant, assets: { ...assets, files: new Set([...assets.files, 'openapi.yaml']) } }));
    const doc = parse(html);
    const entry = (option: string) => doc.querySelector(`#sheaf-contextual-menu [data-option="${option}"]`) as Element;
    expect(entry('copy').outerHTML).toContain('<button data-option="copy" type="button" data-sheaf-contextual-action="copy-page" role="menuitem" tabindex="-1" class="sheaf-contextual-item">');
    expect([entry('view').tagName, entry('view').getAttribute('href'), entry('view').getAttribute('target'), entry('view').getAttribute('rel')]).toEqual(['A', '../../../api-reference/users/list-users.md', '_blank', 'noopener noreferrer']);
    expect(entry('download-pdf').getAttribute('data-sheaf-contextual-action')).toBe('print');
    expect([entry('download-spec').getAttribute('href'), entry('download-spec').getAttribute('download'), entry('download-spec').hasAttribute('target')]).toEqual(['../../../openapi.yaml', '', false]);
    expect(['data-sheaf-search-open', 'data-sheaf-assistant-open', 'aria-controls'].map((a) => entry('assistant').getAttribute(a))).toEqual(['true', 'true', 'sheaf-search']);
  });

  it('builds the "open in" links from the page’s .md URL', () => {
    const html = renderDocument(inputFor('/quickstart', { config: withMenu({ options: ALL }) }));
    const prompt = { key: 'q', value: 'Read from $md so I can ask questions about it.' };
    expect(templates(html)).toEqual({
      chatgpt: { kind: 'url', base: 'https://chatgpt.com/', query: [{ key: 'hints', value: 'search' }, prompt], vars: ['md'] },
      claude: { kind: 'url', base: 'https://claude.ai/new', query: [prompt], vars: ['md'] },
      perplexity: { kind: 'url', base: 'https://www.perplexity.ai/search', query: [prompt], vars: ['md'] },
      grok: { kind: 'url', base: 'https://grok.com/', query: [prompt], vars: ['md'] },
      aistudio: { kind: 'url', base: 'https://aistudio.google.com/prompts/new_chat', query: [{ ...prompt, key: 'prompt' }], vars: ['md'] },
      devin: { kind: 'url', base: 'https://app.devin.ai/', query: [{ ...prompt, key: 'prompt' }], vars: ['md'] },
      'devin-desktop': { kind: 'url', base: 'windsurf://cascade', query: [{ ...prompt, key: 'prompt' }], vars: ['md'] },
      windsurf: { kind: 'url', base: 'windsurf://cascade', query: [{ ...prompt, key: 'prompt' }], vars: ['md'] },
      cursor: { kind: 'url', base: 'cursor://anysphere.cursor-deeplink/mcp/install', query: [{ key: 'name', value: 'Acme' }, { key: 'config', value: '{"url":"$mcp"}', base64: true }], vars: ['mcp'] },
      vscode: { kind: 'url', base: 'https://vscode.dev/redirect/mcp/install', query: [{ key: 'name', value: 'Acme' }, { key: 'config', value: '{"type":"http","url":"$mcp"}' }], vars: ['mcp'] },
    });
    // Before the script fills them in: the service itself, web pages in a new tab, apps in place.
    const links = hrefs(html);
    expect([links['claude'], links['windsurf']]).toEqual(['https://claude.ai/new', 'windsurf://cascade']);
    const doc = parse(html);
    expect(doc.querySelector('[data-option="claude"][role="menuitem"]')?.getAttribute('target')).toBe('_blank');
    expect(doc.querySelector('[data-option="windsurf"][role="menuitem"]')?.hasAttribute('target')).toBe(false);
  });

  it('leaves out assistant without the Ask AI panel, devin-mcp always, download-spec off API pages', () => {
    expect(menuOptions(renderDocument(inputFor('/quickstart', { config: withMenu({ options: ALL }) })))).toEqual(['copy', 'view', 'download-pdf', 'chatgpt', 'claude', 'perplexity', 'grok', 'aistudio', 'devin', 'devin-desktop', 'windsurf', 'mcp', 'add-mcp', 'cursor', 'vscode']);
    // An API page whose document the site does not hold: no download.
    expect(menuOptions(renderDocument(inputFor('/api-reference/users/list-users', { config: withMenu({ options: ['copy', 'download-spec', 'view'] }) })))).toEqual(['copy', 'view']);
  });

  it('has only the button for a single option, and nothing for none', () => {
    const one = parse(renderDocument(inputFor('/quickstart', { config: withMenu({ options: ['view'] }) })));
    expect(one.querySelector('#page-context-menu-button')?.outerHTML.startsWith('<a data-option="view" href="../quickstart.md" target="_blank" rel="noopener noreferrer" id="page-context-menu-button" class="sheaf-contextual-primary">')).toBe(true);
    expect(one.querySelector('[data-sheaf-contextual-toggle], #sheaf-contextual-menu')).toBeNull();
    expect(renderDocument(inputFor('/quickstart', { config: withMenu({ options: [] }) }))).not.toContain('data-sheaf-contextual');
    expect(renderDocument(inputFor('/quickstart'))).not.toContain('data-sheaf-contextual');
  });

  it('is on the home page with its index.md, and never in custom or frame pages', () => {
    expect(parse(renderDocument(inputFor('/', { config: withMenu({ options: documented }) }))).querySelector('#page-context-menu')?.getAttribute('data-markdown')).toBe('index.md');
    for (const mode of ['custom', 'frame']) {
      expect(renderDocument(inputFor('/quickstart', { config: withMenu({ options: documented }), frontmatter: { mode } }))).not.toContain('data-sheaf-contextual');
    }
  });
});

describe('contextual menu, toc display', () => {
  it('lists the options under the table of contents, the header keeping a copy for narrow screens (golden)', () => {
    const html = renderDocument(inputFor('/quickstart', { config: withMenu({ options: documented, display: 'toc' }) }));
    expectGolden('contextual-toc', extract(html, '<div class="sheaf-rail-inner"'));
    expect(hasElement(html, '<div class="sheaf-contextual-toc-fallback"')).toBe(true);
    expect(extract(html, '<div class="sheaf-contextual-toc-fallback"')).toContain('id="page-context-menu"');
  });

  it('stays in the header where the page has no table of contents (wide mode, a right-hand panel)', () => {
    for (const input of [inputFor('/quickstart', { config: withMenu({ options: documented, display: 'toc' }), frontmatter: { mode: 'wide' } }), inputFor('/quickstart', { config: withMenu({ options: documented, display: 'toc' }), body: { ...body, aside: '<div>example</div>' } })]) {
      const html = renderDocument(input);
      expect(html).not.toContain('sheaf-contextual-toc');
      expect(hasElement(html, '<div class="sheaf-contextual" id="page-context-menu"')).toBe(true);
    }
  });
});

describe('contextual menu, custom options', () => {
  const custom = [
    { title: 'Request a feature', description: 'Join the discussion on GitHub', icon: 'plus', href: 'https://github.com/orgs/mintlify/discussions/categories/feature-requests' },
    { title: 'Share on X', description: 'Share this page on X', icon: 'x', href: { base: 'https://x.com/intent/tweet', query: [{ key: 'text', value: 'Check out this documentation: $page' }] } },
    { title: 'Edit', description: 'Edit $path on GitHub', href: 'https://github.com/acme/docs/edit/main$path.mdx' },
    { title: 'Ask us', description: 'About $path', href: { base: '/support', query: [{ key: 'page', value: '$path' }, { key: 'server', value: '$mcp' }] } },
    { title: 'Feedback', description: 'Tell us', href: '/feedback?from=$path' },
    { title: 'Bad', description: 'Never runs', href: 'javascript:alert(1)' },
  ];

  it('renders title, description and icon; fills $path at build time; leaves $page and $mcp to the page', () => {
    const html = renderDocument(inputFor('/advanced/config', { config: withMenu({ options: custom }) }));
    expect(hrefs(html)).toEqual({ custom: null });
    const doc = parse(html);
    const entries = [...doc.querySelectorAll('#sheaf-contextual-menu [role="menuitem"]')];
    expect(entries.map((e) => [e.getAttribute('href'), e.getAttribute('target'), e.getAttribute('data-sheaf-contextual-href')])).toEqual([
      ['https://github.com/orgs/mintlify/discussions/categories/feature-requests', '_blank', null],
      ['https://x.com/intent/tweet', '_blank', JSON.stringify({ kind: 'url', base: 'https://x.com/intent/tweet', query: [{ key: 'text', value: 'Check out this documentation: $page' }], vars: ['page'] })],
      ['https://github.com/acme/docs/edit/main/advanced/config.mdx', '_blank', null],
      ['../../support/', null, JSON.stringify({ kind: 'url', base: '../../support/', query: [{ key: 'page', value: '/advanced/config' }, { key: 'server', value: '$mcp' }], vars: ['mcp'] })],
      ['../../feedback/?from=/advanced/config', null, null],
      [null, null, null],
    ]);
    expect(entries.map((e) => e.querySelector('.sheaf-contextual-description')?.textContent)).toEqual(['Join the discussion on GitHub', 'Share this page on X', 'Edit $path on GitHub', 'About $path', 'Tell us', 'Never runs']);
    expect(entries.map((e) => e.querySelector('.sheaf-contextual-icon')?.getAttribute('data-icon'))).toEqual(['plus', 'x', null, null, null, null]);
    expect(entries.map((e) => e.querySelector('.sheaf-contextual-external') !== null)).toEqual([true, true, true, false, false, false]);
  });
});

describe('contextual menu, air-gapped', () => {
  it('leaves out every option that opens or needs another host, and custom links to other sites (pinned)', () => {
    const custom = [{ title: 'Other site', description: 'x', href: 'https://acme.test/help' }, { title: 'Our page', description: 'y', href: '/help' }];
    const html = renderDocument(inputFor('/quickstart', { config: withMenu({ options: [...ALL, ...custom] }), features: defaultFeatures('air-gapped'), assistant }));
    // The MCP options but `add-mcp` (npm) reach only the site's own host, VS Code's link without vscode.dev.
    expect(menuOptions(html)).toEqual(['copy', 'view', 'download-pdf', 'mcp', 'cursor', 'vscode', 'custom']);
    expect(html).not.toMatch(/chatgpt\.com|claude\.ai|perplexity\.ai|grok\.com|aistudio\.google|devin\.ai|windsurf:|add-mcp|vscode\.dev|acme\.test\/help/);
    // The network flag of each option, as the table states it.
    expect(Object.entries(BUILTIN_OPTIONS).filter(([, o]) => o.network).map(([id]) => id)).toEqual(['chatgpt', 'claude', 'perplexity', 'grok', 'aistudio', 'devin', 'devin-desktop', 'windsurf', 'add-mcp', 'devin-mcp']);
  });

  it('says which it left out (the plan the diagnostics read)', () => {
    const plan = planContextualMenu({ options: ['copy', 'chatgpt', 'assistant', 'devin-mcp', { title: 'Other', description: '', href: 'https://acme.test' }, 'cursor'], display: 'header' }, { base: '', urlStyle: 'directory', route: '/' }, { name: 'Acme', network: false, assistant: false, files: new Set() });
    expect(plan.leftOut).toEqual([
      { option: 'chatgpt', index: 1, reason: 'offline' },
      { option: 'assistant', index: 2, reason: 'no-assistant' },
      { option: 'devin-mcp', index: 3, reason: 'unsupported', why: 'Devin publishes no link that installs an MCP server' },
      { option: 'Other', index: 4, reason: 'offline' },
    ]);
    expect(plan.items.map((i) => i.id)).toEqual(['copy', 'cursor']);
  });
});

describe('contextual menu, page frontmatter', () => {
  it('replaces docs.json’s menu, turns it off with options: [], and falls back on docs.json’s when invalid', () => {
    const site = withMenu({ options: documented });
    expect(menuOptions(renderDocument(inputFor('/quickstart', { config: site, frontmatter: { contextual: { options: ['view', 'download-pdf'] } } })))).toEqual(['view', 'download-pdf']);
    expect(renderDocument(inputFor('/quickstart', { config: site, frontmatter: { contextual: { options: [] } } }))).not.toContain('data-sheaf-contextual');
    expect(menuOptions(renderDocument(inputFor('/quickstart', { config: site, frontmatter: { contextual: { options: 'copy' } } })))).toEqual(documented);
    // A page may have a menu the site has not.
    expect(menuOptions(renderDocument(inputFor('/quickstart', { frontmatter: { contextual: { options: ['copy', 'view'], display: 'header' } } })))).toEqual(['copy', 'view']);
  });

  it('decides whether the site needs the menu’s script and styles', () => {
    expect(siteHasContextualMenu(undefined, [{}, { title: 'x' }])).toBe(false);
    expect(siteHasContextualMenu({ options: [] }, [{ contextual: { options: [] } }])).toBe(false);
    expect(siteHasContextualMenu({ options: ['copy'] }, [])).toBe(true);
    expect(siteHasContextualMenu(undefined, [{ contextual: { options: ['view'] } }])).toBe(true);
    expect(siteHasContextualMenu(undefined, [{ contextual: { options: 'view' } }])).toBe(false);
  });
});

describe('contextual menu, MCP options', () => {
  const MCP = ['mcp', 'add-mcp', 'cursor', 'vscode'];
  const site = (over: Partial<MenuSite> = {}): MenuSite => ({ name: 'Acme', network: true, assistant: false, files: new Set(), ...over });
  const plan = (options: unknown[], over: Partial<MenuSite> = {}) => planContextualMenu({ options, display: 'header' }, { base: '../', urlStyle: 'directory', route: '/quickstart' }, site(over));
  const cursor = {
    kind: 'link',
    href: 'cursor://anysphere.cursor-deeplink/mcp/install',
    template: { kind: 'url', base: 'cursor://anysphere.cursor-deeplink/mcp/install', query: [{ key: 'name', value: 'Acme' }, { key: 'config', value: '{"url":"$mcp"}', base64: true }], vars: ['mcp'] },
    newTab: false,
  };

  it('offers all four: copies of $mcp that say how to connect, Cursor’s and VS Code’s install links (Mintlify’s)', () => {
    const p = plan(['copy', ...MCP]);
    expect(p.leftOut).toEqual([]);
    expect(p.items).toHaveLength(5);
    expect(p.items.map((i) => [i.id, i.title, i.external, i.action])).toEqual([
      ['copy', 'Copy page', false, { kind: 'copy-page' }],
      ['mcp', 'Copy MCP server URL', false, { kind: 'copy-text', text: '$mcp', copied: 'MCP server URL copied: $mcp. Add it to your MCP client as a remote (HTTP) server.', vars: ['mcp'] }],
      ['add-mcp', 'Copy MCP install command', false, { kind: 'copy-text', text: 'npx add-mcp $mcp', copied: 'Install command copied: npx add-mcp $mcp. Run it in a terminal to add the MCP server to your clients.', vars: ['mcp'] }],
      ['cursor', 'Connect to Cursor', true, cursor],
      [
        'vscode',
        'Connect to VS Code',
        true,
        {
          kind: 'link',
          href: 'https://vscode.dev/redirect/mcp/install',
          template: { kind: 'url', base: 'https://vscode.dev/redirect/mcp/install', query: [{ key: 'name', value: 'Acme' }, { key: 'config', value: '{"type":"http","url":"$mcp"}' }], vars: ['mcp'] },
          newTab: true,
        },
      ],
    ]);
  });

  it('air-gapped: `add-mcp` (npm) goes, VS Code’s own link replaces vscode.dev’s, Cursor’s stays', () => {
    const p = plan(MCP, { network: false });
    expect(p.leftOut).toEqual([{ option: 'add-mcp', index: 1, reason: 'offline' }]);
    expect(p.items).toHaveLength(3);
    expect(p.items.map((i) => [i.id, i.action])).toEqual([
      ['mcp', { kind: 'copy-text', text: '$mcp', copied: 'MCP server URL copied: $mcp. Add it to your MCP client as a remote (HTTP) server.', vars: ['mcp'] }],
      ['cursor', cursor],
      ['vscode', { kind: 'link', href: 'vscode:mcp/install', template: { kind: 'text', text: 'vscode:mcp/install?%7B%22name%22%3A%22Acme%22%2C%22type%22%3A%22http%22%2C%22url%22%3A%22$mcp%22%7D', vars: ['mcp'] }, newTab: false }],
    ]);
  });

  it('writes them into the page: the copy texts and their confirmations, the root’s MCP server relative to the page', () => {
    const html = renderDocument(inputFor('/advanced/config', { config: withMenu({ options: ['copy', ...MCP] }) }));
    expect(menuOptions(html)).toEqual(['copy', 'mcp', 'add-mcp', 'cursor', 'vscode']);
    const doc = parse(html);
    expect(doc.querySelector('#page-context-menu')?.getAttribute('data-mcp')).toBe('../../mcp');
    const entry = (option: string) => doc.querySelector(`#sheaf-contextual-menu [data-option="${option}"]`) as Element;
    expect(['mcp', 'add-mcp'].map((o) => [entry(o).tagName, entry(o).getAttribute('data-sheaf-contextual-action'), entry(o).getAttribute('data-sheaf-contextual-text'), entry(o).getAttribute('data-sheaf-contextual-copied')])).toEqual([
      ['BUTTON', 'copy-text', '$mcp', 'MCP server URL copied: $mcp. Add it to your MCP client as a remote (HTTP) server.'],
      ['BUTTON', 'copy-text', 'npx add-mcp $mcp', 'Install command copied: npx add-mcp $mcp. Run it in a terminal to add the MCP server to your clients.'],
    ]);
    expect([hrefs(html)['cursor'], hrefs(html)['vscode'], entry('vscode').getAttribute('target'), entry('cursor').hasAttribute('target')]).toEqual(['cursor://anysphere.cursor-deeplink/mcp/install', 'https://vscode.dev/redirect/mcp/install', '_blank', false]);
  });
});
