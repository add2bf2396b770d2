import { describe, expect, it } from 'vitest';
import { defaultFeatures } from '../../../src/deployment/features.js';
import { render404 } from '../../../src/render/layout/render-404.js';
import { renderDocument } from '../../../src/render/layout/render-document.js';
import { assets, config, inputFor, navigation, pages } from './fixture.js';
import { expectGolden, extract } from './golden.js';

const assistant = { endpoint: 'https://assistant.acme.test/discovery/v1/assistant/docs.acme.test/message', key: 'svc_dsc_public0123' };
const { searchIndex: _, ...noSearch } = assets;

describe('the Ask AI panel in the layout', () => {
  it('puts the button, the result option and the panel with its endpoint and key in the search dialog (golden)', () => {
    const html = renderDocument(inputFor('/quickstart', { assistant }));
    expectGolden('search-dialog-assistant', extract(html, '<dialog class="sheaf-search"'));
    expect(html).toContain(`data-endpoint="${assistant.endpoint}" data-key="svc_dsc_public0123" hidden`);
  });

  it('adds the Ask AI button to the header, after the search button', () => {
    const header = extract(renderDocument(inputFor('/quickstart', { assistant })), '<header class="sheaf-header"');
    expect(header).toContain(
      '<kbd data-sheaf-shortcut="true" class="sheaf-kbd">Ctrl K</kbd></button><button type="button" id="assistant-entry" data-sheaf-search-open="true" data-sheaf-assistant-open="true" aria-haspopup="dialog" aria-controls="sheaf-search" class="sheaf-assistant-open">',
    );
    expect(header).toContain('<span class="sheaf-assistant-open-text">Ask AI</span>');
  });

  it('renders nothing of it without settings, with the feature off, or air-gapped', () => {
    const without = renderDocument(inputFor('/quickstart'));
    const off = renderDocument(inputFor('/quickstart', { assistant, features: { ...defaultFeatures('cloud'), assistant: false } }));
    const gapped = renderDocument(inputFor('/quickstart', { assistant, features: defaultFeatures('air-gapped') }));
    const gappedClaimingIt = renderDocument(inputFor('/quickstart', { assistant, features: { ...defaultFeatures('cloud'), network: false } }));
    for (const html of [without, off, gapped, gappedClaimingIt]) {
      expect(html).not.toContain('assistant');
      expect(html).not.toContain('Ask AI');
      expect(html).not.toContain('svc_dsc_');
      expect(html).toContain('<dialog id="sheaf-search" aria-label="Search" class="sheaf-search">');
    }
    // Without the panel the dialog is the search dialog it always was: goldens/document-default.html.
  });

  it('keeps the dialog for the panel alone when search is off', () => {
    const html = renderDocument(inputFor('/quickstart', { assistant, assets: noSearch }));
    const dialog = extract(html, '<dialog class="sheaf-search"');
    expect(dialog).toContain('<dialog id="sheaf-search" aria-label="Ask AI" class="sheaf-search">');
    expect(dialog).toContain('placeholder="Ask AI a question about the docs…"');
    expect(dialog).not.toContain('data-sheaf-assistant-back');
    const header = extract(html, '<header class="sheaf-header"');
    expect(header).not.toContain('sheaf-search-button');
    expect(header).toContain('data-sheaf-assistant-open');
    expect(renderDocument(inputFor('/quickstart', { assets: noSearch }))).not.toContain('<dialog');
  });

  it('is on the 404 page too', () => {
    const html = render404({ config, navigation, base: '/', urlStyle: 'directory', assets, pages, features: defaultFeatures('cloud'), assistant });
    expect(html).toContain('id="sheaf-assistant"');
    expect(html).toContain('data-sheaf-assistant-open');
  });
});
