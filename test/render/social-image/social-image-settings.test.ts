import { describe, expect, it } from 'vitest';
import type { DocsConfig } from '../../../src/config/loaded-config.js';
import { validateConfig } from '../../../src/config/validate-config.js';
import { socialImagePath, socialImageTags, socialImageUrl, socialImageMeta } from '../../../src/render/social-image/social-image-path.js';
import { pageHasOwnImage, readSocialImageSettings } from '../../../src/render/social-image/social-image-settings.js';

/** docs.json as a user writes it, through the schema: the settings read the validated form. */
function docs(extra: Record<string, unknown>): DocsConfig {
  const { config, problems } = validateConfig({
    theme: 'mint',
    name: 'Acme Notes',
    colors: { primary: '#0D9373', light: '#5D9' },
    logo: { light: '/logo/light.svg', dark: '/logo/dark.svg' },
    navigation: { pages: ['index'] },
    ...extra,
  });
  expect(problems.filter((p) => !p.code.startsWith('config/setting-')).map((p) => p.code)).toEqual([]);
  return config as DocsConfig;
}

const DARK = { appearance: 'dark', background: '#0c0d0f', heading: '#f4f4f5', muted: '#9097a3', accent: '#55dd99' };
const LIGHT = { appearance: 'light', background: '#ffffff', heading: '#09090b', muted: '#52525b', accent: '#0d9373' };

describe('which projects ask for social preview images', () => {
  it('none without `thumbnails` or a seo meta tag describing a generated image', () => {
    expect(readSocialImageSettings(docs({}))).toBeUndefined();
    expect(readSocialImageSettings(docs({ seo: { metatags: { 'twitter:card': 'summary', 'og:site_name': 'Acme' } } }))).toBeUndefined();
  });

  it('`thumbnails`, even empty: dark by default (appearance `system`), the dark logo, the light colour as accent', () => {
    expect(readSocialImageSettings(docs({ thumbnails: {} }))).toEqual({ askedBy: 'thumbnails', palette: DARK, logo: '/logo/dark.svg', siteName: 'Acme Notes' });
  });

  it('`thumbnails.appearance` light: the light logo, the primary colour; background and font family as written', () => {
    expect(readSocialImageSettings(docs({ thumbnails: { appearance: 'light', background: ' /images/og.png ', fonts: { family: 'Geist' } } }))).toEqual({
      askedBy: 'thumbnails',
      palette: LIGHT,
      background: '/images/og.png',
      family: 'Geist',
      logo: '/logo/light.svg',
      siteName: 'Acme Notes',
    });
  });

  it('without `thumbnails.appearance`, the site’s default mode when it names one; `background.color` is the card’s', () => {
    expect(readSocialImageSettings(docs({ thumbnails: {}, appearance: { default: 'light' } }))?.palette).toEqual(LIGHT);
    expect(readSocialImageSettings(docs({ thumbnails: {}, appearance: { default: 'dark' }, background: { color: { dark: '#123' } } }))?.palette).toEqual({ ...DARK, background: '#112233' });
  });

  it('seo.metatags `twitter:card: summary_large_image` or an image size asks too', () => {
    expect(readSocialImageSettings(docs({ seo: { metatags: { 'twitter:card': 'summary_large_image' } } }))?.askedBy).toBe('seo.metatags.twitter:card');
    expect(readSocialImageSettings(docs({ seo: { metatags: { 'og:image:width': '1200', 'og:image:height': '630' } } }))?.askedBy).toBe('seo.metatags.og:image:width');
    expect(readSocialImageSettings(docs({ seo: { metatags: { 'twitter:image:height': '630' } } }))?.askedBy).toBe('seo.metatags.twitter:image:height');
  });

  it('a static `og:image` in seo.metatags replaces every generated image, `thumbnails` or not', () => {
    expect(readSocialImageSettings(docs({ thumbnails: { appearance: 'light' }, seo: { metatags: { 'og:image': 'https://cdn.example.com/og.png' } } }))).toBeUndefined();
  });

  it('one logo for both modes; no logo: the site name is drawn instead', () => {
    expect(readSocialImageSettings(docs({ thumbnails: {}, logo: '/logo.png' }))?.logo).toBe('/logo.png');
    const { logo: _, ...withoutLogo } = docs({ thumbnails: {} });
    expect(readSocialImageSettings(withoutLogo as DocsConfig)).toEqual({ askedBy: 'thumbnails', palette: DARK, siteName: 'Acme Notes' });
  });

  it('a page’s own `og:image` in its frontmatter: no image for it', () => {
    expect(pageHasOwnImage({ 'og:image': 'https://cdn.example.com/a.png' })).toBe(true);
    expect(pageHasOwnImage({ 'og:image': '  ' })).toBe(false);
    expect(pageHasOwnImage({ 'twitter:image': 'https://cdn.example.com/a.png' })).toBe(false);
    expect(pageHasOwnImage(undefined)).toBe(false);
  });
});

describe('where the images are and how pages name them', () => {
  it('one file per route under _sheaf/og/', () => {
    expect(socialImagePath('/')).toBe('_sheaf/og/index.png');
    expect(socialImagePath('/guides/notes')).toBe('_sheaf/og/guides/notes.png');
  });

  it('absolute under the site URL, else relative to the page; route segments percent-encoded', () => {
    expect(socialImageUrl('/guides/notes', '../../', 'https://docs.acme.test/')).toBe('https://docs.acme.test/_sheaf/og/guides/notes.png');
    expect(socialImageUrl('/', '', 'https://acme.test/docs')).toBe('https://acme.test/docs/_sheaf/og/index.png');
    expect(socialImageUrl('/guides/notes', '../../', undefined)).toBe('../../_sheaf/og/guides/notes.png');
    expect(socialImageUrl('/a b/c?', '../../', undefined)).toBe('../../_sheaf/og/a%20b/c%3F.png');
  });

  it('the meta tags Mintlify writes for its image, 1200 × 630', () => {
    expect(socialImageTags(socialImageMeta('https://docs.acme.test/_sheaf/og/index.png'))).toEqual([
      ['og:image', 'https://docs.acme.test/_sheaf/og/index.png'],
      ['og:image:width', '1200'],
      ['og:image:height', '630'],
      ['twitter:card', 'summary_large_image'],
      ['twitter:image', 'https://docs.acme.test/_sheaf/og/index.png'],
      ['twitter:image:width', '1200'],
      ['twitter:image:height', '630'],
    ]);
  });
});
