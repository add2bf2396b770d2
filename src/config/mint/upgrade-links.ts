import { isRecord } from '../../parse/is-record.js';
import { stripUndefined } from './upgrade-settings.js';
import type { RecordOrigin } from './upgrade-navigation.js';

type Json = Record<string, unknown>;

/**
 * Converts mint.json's top bar, footer, font and analytics settings to docs.json `navbar`,
 * `footer`, `fonts` and `integrations`, recording origins. Unexpected shapes are carried over
 * for the docs.json validation to report.
 */
export function upgradeLinks(mint: Json, record: RecordOrigin): Json {
  const out: Json = {};
  const put = (key: string, value: unknown, docsPointer: string, mintPointer: string): void => {
    if (value === undefined) return;
    out[key] = value;
    record(docsPointer, mintPointer);
  };
  const navbar = stripUndefined({
    primary: mint['topbarCtaButton'] === undefined ? undefined : navbarLink(mint['topbarCtaButton'], true),
    links: Array.isArray(mint['topbarLinks']) ? mint['topbarLinks'].map((link) => navbarLink(link, false)) : mint['topbarLinks'],
  });
  if (Object.keys(navbar).length > 0) {
    put('navbar', navbar, '/navbar', mint['topbarCtaButton'] !== undefined ? '/topbarCtaButton' : '/topbarLinks');
    if (navbar['primary'] !== undefined) record('/navbar/primary', '/topbarCtaButton');
    if (navbar['links'] !== undefined) record('/navbar/links', '/topbarLinks');
  }

  const footer = isRecord(mint['footer']) ? mint['footer'] : {};
  const socialsFrom = mint['footerSocials'] !== undefined ? '/footerSocials' : '/footer/socials';
  const socials = socialRecord(mint['footerSocials'] ?? footer['socials']);
  const links = Array.isArray(footer['links']) ? footer['links'].map(footerColumn) : footer['links'];
  const docsFooter = stripUndefined({ socials, links });
  if (Object.keys(docsFooter).length > 0) {
    put('footer', docsFooter, '/footer', mint['footer'] !== undefined ? '/footer' : socialsFrom);
    if (socials !== undefined) record('/footer/socials', socialsFrom);
  }

  const font = mint['font'];
  if (isRecord(font)) {
    const fonts = 'family' in font ? fontOf(font) : stripUndefined({ heading: fontOf(font['headings']), body: fontOf(font['body']) });
    put('fonts', fonts, '/fonts', '/font');
    if (!('family' in font)) record('/fonts/heading', '/font/headings');
  } else put('fonts', font, '/fonts', '/font');

  const integrations: Json = {};
  const analytics = mint['analytics'];
  if (isRecord(analytics)) {
    for (const [name, settings] of Object.entries(analytics)) {
      integrations[name] = settings;
      record(`/integrations/${name}`, `/analytics/${name}`);
    }
  }
  const legacy = isRecord(mint['integrations']) ? mint['integrations'] : {};
  for (const [name, key] of [['intercom', 'appId'], ['frontchat', 'snippetId']] as const) {
    if (legacy[name] === undefined) continue;
    integrations[name] = typeof legacy[name] === 'string' ? { [key]: legacy[name] } : legacy[name];
    record(`/integrations/${name}`, `/integrations/${name}`);
  }
  if (Object.keys(integrations).length > 0) out['integrations'] = integrations;
  return out;
}

/** `{type?: link|github, name, url}` → `{type: button|github, label, href}` (primary) or `{label, href}`. */
function navbarLink(link: unknown, primary: boolean): unknown {
  if (!isRecord(link)) return link;
  if (link['type'] === 'github') return { type: 'github', href: link['url'] };
  return stripUndefined({ ...(primary ? { type: 'button' } : {}), label: link['name'], href: link['url'] });
}

/** Socials as `{platform: url}`, from either that form or `[{type, url}]`. */
function socialRecord(socials: unknown): unknown {
  if (!Array.isArray(socials)) return socials;
  const out: Json = {};
  for (const entry of socials) if (isRecord(entry) && typeof entry['type'] === 'string') out[entry['type']] = entry['url'];
  return out;
}

/** `{title?, links: [{label, url}]}` → `{header?, items: [{label, href}]}`. */
function footerColumn(column: unknown): unknown {
  if (!isRecord(column)) return column;
  const items = Array.isArray(column['links'])
    ? column['links'].map((item: unknown) => (isRecord(item) ? { label: item['label'], href: item['url'] } : item))
    : column['links'];
  return stripUndefined({ header: column['title'], items });
}

/** `{family, weight?, url?, format?}` → `{family, weight?, source?, format?}`. */
function fontOf(font: unknown): unknown {
  if (!isRecord(font)) return font;
  return stripUndefined({ family: font['family'], weight: font['weight'], source: font['url'], format: font['format'] });
}
