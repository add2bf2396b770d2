import { h } from 'preact';
import { describe, expect, it } from 'vitest';
import { components, createIconStore } from '../../../src/render/components/index.js';
import { iconSubstitutionDiagnostics } from '../../../src/render/components/icons/icon-diagnostics.js';
import { iconFiles, libraryFiles } from '../../../src/render/components/icons/icon-files.js';
import { CURATED_SUBSTITUTES, PLACEHOLDER, substituteCandidates } from '../../../src/render/components/icons/icon-substitutes.js';
import { resolveIcon } from '../../../src/render/components/icons/resolve-icon.js';
import { createMdxCache, renderMdx } from '../../../src/render/mdx/index.js';
import { renderHtml } from './helpers.js';

/** Font Awesome Pro names (Mintlify serves Pro) and names no library has: the closest free icon, never a blank. */

const real = createIconStore();
const shown = (name: string, iconType?: string) => {
  const r = resolveIcon(name, iconType, 'fontawesome', real);
  return r?.kind === 'svg' ? `${r.file.library}/${r.file.variant}/${r.file.name}${r.substitutes ? ` for ${r.substitutes}` : ''}` : r?.kind;
};

describe('icon substitutes', () => {
  it('every curated substitute and the placeholder exist in the installed packages; no curated name exists itself', () => {
    for (const [name, target] of Object.entries(CURATED_SUBSTITUTES)) {
      expect(libraryFiles(target.library, target.name).some((f) => real.read(f) !== undefined), `${name} → ${target.library} ${target.name}`).toBe(true);
      expect(iconFiles(name, 'fontawesome').some((f) => real.read(f) !== undefined), name).toBe(false);
    }
    expect(libraryFiles(PLACEHOLDER.library, PLACEHOLDER.name).some((f) => real.read(f) !== undefined)).toBe(true);
  });

  it('the Pro names of the corpus projects render the closest free icon', () => {
    expect(
      ['rocket-launch', 'circle-3', 'square-5', 'square-e', 'message-bot', 'spinner-third', 'phone-arrow-up-right', 'phone-arrow-down-left', 'sparkles', 'life-buoy', 'waveform', 'browser', 'books', 'arrows-exchange', 'document', 'anthropic'].map((n) => shown(n)),
    ).toEqual([
      'fontawesome/solid/rocket for rocket-launch',
      'tabler/outline/circle-number-3 for circle-3',
      'tabler/outline/square-number-5 for square-5',
      'tabler/outline/square-letter-e for square-e',
      'tabler/outline/message-chatbot for message-bot',
      'fontawesome/solid/spinner for spinner-third',
      'lucide//phone-outgoing for phone-arrow-up-right',
      'lucide//phone-incoming for phone-arrow-down-left',
      'lucide//sparkles for sparkles',
      'lucide//life-buoy for life-buoy',
      'tabler/outline/waveform for waveform',
      'tabler/outline/browser for browser',
      'tabler/outline/books for books',
      'tabler/outline/arrows-exchange for arrows-exchange',
      'fontawesome/regular/file-lines for document',
      'lucide//bot for anthropic',
    ]);
  });

  it('Free names are not substitutes; the regular style falls back to solid quietly', () => {
    expect([shown('star'), shown('rocket'), shown('rocket', 'regular'), shown('GitHub'), shown('fa-house', 'duotone')]).toEqual([
      'fontawesome/regular/star',
      'fontawesome/solid/rocket',
      'fontawesome/solid/rocket',
      'fontawesome/brands/github',
      'fontawesome/solid/house',
    ]);
  });

  it('general rules: words dropped from the end, then the start; the placeholder last', () => {
    expect(shown('rocket-ship-deluxe')).toBe('fontawesome/solid/rocket for rocket-ship-deluxe');
    expect(shown('zzqx-gear')).toBe('fontawesome/solid/gear for zzqx-gear');
    expect(shown('zzqx')).toBe('lucide//circle-dashed for zzqx');
    expect(substituteCandidates('a-b', 'lucide').map((c) => `${c.library}:${c.name}`)).toEqual([
      'tabler:brand-a-b',
      'lucide:a',
      'fontawesome:a',
      'tabler:a',
      'lucide:b',
      'fontawesome:b',
      'tabler:b',
      'lucide:circle-dashed',
    ]);
  });

  it('a Pro icon in a Card renders an SVG with path data, marked with the name asked for', () => {
    const html = renderHtml(h((components as Record<string, any>)['Card'], { title: 'T', icon: 'rocket-launch' }), { icons: real });
    expect(html).toMatch(/<span data-icon="rocket" data-icon-library="fontawesome" data-icon-for="rocket-launch" aria-hidden="true" class="sheaf-card-icon"><svg [^>]*viewBox="0 0 512 512"[^>]*>(?:<!--[^>]*-->)?<path fill="currentColor" d="M[^"]{20,}"/);
  });
});

describe('mdx/icon-substituted', () => {
  it('one warning per distinct name on the page (however often used), naming the substitute; none for Free names', async () => {
    const source = '<Icon icon="rocket-launch" />\n\n<Card title="A" icon="sparkles" />\n<Card title="B" icon="sparkles" />\n<Card title="C" icon="sparkles" />\n\n<Icon icon="rocket" /> <Icon icon="star" />\n';
    const body = await renderMdx({ root: '/nonexistent', file: 'page.mdx', source, variables: {}, components, cache: createMdxCache(), componentSettings: { icons: real } });
    expect(body.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column, d.message])).toEqual([
      ['mdx/icon-substituted', 'warning', 'page.mdx', 1, 13, 'Icon `rocket-launch` is not in Font Awesome Free (a Font Awesome Pro icon, or no icon at all: Pro cannot be shipped); it is shown as Font Awesome Free `rocket` (solid).'],
      ['mdx/icon-substituted', 'warning', 'page.mdx', 3, 23, 'Icon `sparkles` is not in Font Awesome Free (a Font Awesome Pro icon, or no icon at all: Pro cannot be shipped); its 3 uses are shown as Lucide `sparkles`.'],
    ]);
    expect(body.diagnostics[0]?.hint).toBe('Name a free icon to choose it yourself (https://fontawesome.com/search?ic=free).');
    expect(body.html.split('data-icon-for="sparkles"').length - 1).toBe(3);
  });

  it('iconSubstitutionDiagnostics with another configured library', () => {
    const d = iconSubstitutionDiagnostics([{ requested: 'github', library: 'lucide', file: { library: 'fontawesome', variant: 'brands', name: 'github' } }], 'a.mdx');
    expect(d.map((x) => [x.message, x.hint])).toEqual([
      ['Icon `github` is not in Lucide; it is shown as Font Awesome Free `github` (brands).', 'Name a free icon to choose it yourself (https://lucide.dev/icons).'],
    ]);
  });
});
