import { originOf } from '../config/origins.js';
import type { LoadedConfig } from '../config/loaded-config.js';
import { createDiagnostic } from '../diagnostics/create.js';
import type { BuildFeatures } from '../model/build-features.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { isExternal } from '../render/layout/href.js';
import { layoutFonts } from '../render/layout/layout-config.js';

/**
 * What a build says about docs.json `fonts` without the network (air-gapped): a family without
 * `source` comes from Google Fonts and a remote `source` from its host, neither of which the
 * bundle may ask, so the pages use the system font (brand-style.ts leaves both out). One info per
 * font setting, located at it; none with the network or for a font file in the project.
 */
export function fontDiagnostics(config: LoadedConfig, features: BuildFeatures): Diagnostic[] {
  if (features.network) return [];
  const fonts = layoutFonts(config.config.fonts);
  const shared = fonts.body !== undefined && fonts.body === fonts.heading;
  const out: Diagnostic[] = [];
  for (const [role, font] of [['body', fonts.body], ['heading', fonts.heading]] as const) {
    if (!font || (shared && role === 'heading')) continue;
    if (font.source && !isExternal(font.source)) continue;
    const pointer = shared ? '/fonts' : `/fonts/${role}`;
    const origin = originOf(config.origins, pointer);
    const from = font.source ? `\`${font.source}\`` : 'Google Fonts';
    out.push(
      createDiagnostic('bundle/font-offline', {
        message: `The font \`${font.family}\` is loaded from ${from}, which an air-gapped bundle makes no request to; ${shared ? 'the pages use' : `the ${role === 'body' ? 'body text uses' : 'headings use'}`} the system font.`,
        file: origin.file,
        pointer: origin.pointer,
        hint: 'Put the font file (.woff2) in the project and name it in `fonts.source` to keep it air-gapped.',
      }),
    );
  }
  return out;
}
