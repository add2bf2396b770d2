import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { originOf } from '../../config/origins.js';
import type { LoadedConfig } from '../../config/loaded-config.js';
import { createDiagnostic } from '../../diagnostics/create.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { readProjectFile, type ReadScope } from '../../project-fs/read-project-file.js';
import { isExternal, normalizeFilePath } from '../layout/href.js';
import { readLayoutConfig } from '../layout/layout-config.js';
import type { SocialImageSettings } from './social-image-settings.js';
import { DEFAULT_FAMILY, type CardTheme, type FontAsset, type ImageAsset } from './social-image-task.js';

const require = createRequire(import.meta.url);

/**
 * @fontsource/inter's subsets drawn from: `latin` is the family `Inter`, each other one a family
 * of its own (`Inter cyrillic`), as satori needs for falling back (see `fontStack`).
 */
const INTER_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];
/** The weights the card uses: 400 (description), 600 (title, eyebrow, site name). */
const INTER_WEIGHTS = [400, 600];

const IMAGE_TYPES: Readonly<Record<string, ImageAsset['mime']>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml' };
/** Font files satori reads: TrueType, OpenType, WOFF 1. */
const FONT_FILE = /\.(ttf|otf|woff)$/i;

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Inter's files from npm, in a fixed order (the order is part of the image: the first holding a glyph draws it). */
export async function defaultFonts(): Promise<FontAsset[]> {
  const files = INTER_WEIGHTS.flatMap((weight) => INTER_SUBSETS.map((subset) => ({ weight, subset, file: `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff` })));
  return Promise.all(
    files.map(async ({ weight, file, subset }) => {
      const bytes = new Uint8Array(await readFile(require.resolve(file)));
      return { family: subset === 'latin' ? DEFAULT_FAMILY : `${DEFAULT_FAMILY} ${subset}`, weight, bytes, hash: sha256(bytes) };
    }),
  );
}

/**
 * The characters Inter's files draw, from the `unicode-range`s @fontsource/inter declares for
 * its subsets (its 600.css; every weight has the same ranges): true for a code point one holds.
 */
export async function interCoverage(): Promise<(codePoint: number) => boolean> {
  const css = await readFile(require.resolve('@fontsource/inter/600.css'), 'utf8');
  const ranges: [number, number][] = [];
  for (const [, list] of css.matchAll(/unicode-range:\s*([^;]+);/g)) {
    for (const part of (list as string).split(',')) {
      const m = /U\+([0-9a-f]+)(?:-([0-9a-f]+))?/i.exec(part.trim());
      if (m) ranges.push([parseInt(m[1] as string, 16), parseInt(m[2] ?? (m[1] as string), 16)]);
    }
  }
  return (cp) => ranges.some(([lo, hi]) => cp >= lo && cp <= hi);
}

export interface ThemeInput {
  readonly config: LoadedConfig;
  readonly settings: SocialImageSettings;
  readonly root: string;
  readonly scope: ReadScope;
  /** Byte cap of each file read (the page cap of the read policy). */
  readonly maxBytes: number;
}

/**
 * The card theme of a build: the palette, the logo and background image read from the project
 * (never fetched: a URL is left out with `build/social-image-asset`), and the fonts — the
 * `thumbnails.fonts.family` files docs.json `fonts` names in the project, else Inter
 * (`build/social-image-font` when another family was asked for).
 */
export async function loadCardTheme(input: ThemeInput): Promise<{ theme: CardTheme; diagnostics: Diagnostic[] }> {
  const { settings, config } = input;
  const diagnostics: Diagnostic[] = [];
  const at = (pointer: string) => {
    const origin = originOf(config.origins, pointer);
    return { file: origin.file, pointer: origin.pointer };
  };
  const image = async (written: string | undefined, pointer: string, what: string): Promise<ImageAsset | undefined> => {
    if (written === undefined) return undefined;
    const problem = (reason: string, hint: string) => {
      diagnostics.push(createDiagnostic('build/social-image-asset', { message: `The ${what} \`${written}\` is not drawn on the social preview images: ${reason}.`, ...at(pointer), hint }));
      return undefined;
    };
    if (isExternal(written)) return problem('the build fetches nothing from the network', 'Put the image in the project and name it by its path (e.g. `/images/og-background.png`).');
    const mime = IMAGE_TYPES[/\.([a-z]+)$/i.exec(written)?.[1]?.toLowerCase() ?? ''];
    if (!mime) return problem('only PNG, JPEG, GIF and SVG images can be drawn', 'Save the image as a .png, .jpg or .svg file and name that one.');
    const read = await readProjectFile(input.scope, path.join(input.root, normalizeFilePath(written)), input.maxBytes);
    if (!read.ok) return problem(read.refusal.kind === 'missing' ? 'there is no such file in the project' : `the file cannot be read (${read.refusal.kind})`, 'Check the path: it is relative to the folder of docs.json.');
    const bytes = new Uint8Array(read.bytes);
    return { mime, bytes, hash: sha256(bytes), name: written };
  };
  const logoPointer = typeof config.config.logo === 'object' ? `/logo/${settings.palette.appearance}` : '/logo';
  const logo = await image(settings.logo, logoPointer, 'logo');
  const background = await image(settings.background, '/thumbnails/background', '`thumbnails.background` image');
  const inter = await defaultFonts();
  const own = settings.family && settings.family.toLowerCase() !== DEFAULT_FAMILY.toLowerCase() ? await projectFonts(input, settings.family) : [];
  if (settings.family && settings.family.toLowerCase() !== DEFAULT_FAMILY.toLowerCase() && !own.length) {
    diagnostics.push(
      createDiagnostic('build/social-image-font', {
        message: `The social preview images are set in Inter, not \`${settings.family}\`: the build fetches no font, and docs.json \`fonts\` names no TrueType, OpenType or WOFF file of it in the project.`,
        ...at('/thumbnails/fonts/family'),
        hint: `Add the font's .ttf, .otf or .woff file to the project and name it in docs.json \`fonts\` (\`{"family": "${settings.family}", "source": "/fonts/….ttf"}\`).`,
      }),
    );
  }
  const family = own.length ? (own[0] as FontAsset).family : DEFAULT_FAMILY;
  return {
    theme: { palette: settings.palette, ...(logo ? { logo } : {}), ...(background ? { background } : {}), family, fonts: [...own, ...inter] },
    diagnostics,
  };
}

/** The files of `family` that docs.json `fonts` names in the project and satori can read. */
async function projectFonts(input: ThemeInput, family: string): Promise<FontAsset[]> {
  const { fonts } = readLayoutConfig(input.config.config);
  const out: FontAsset[] = [];
  const seen = new Set<string>();
  for (const face of [fonts.heading, fonts.body]) {
    if (!face?.source || face.family.trim().toLowerCase() !== family.toLowerCase() || isExternal(face.source)) continue;
    if (!FONT_FILE.test(face.source) && face.format !== 'woff') continue;
    const file = normalizeFilePath(face.source);
    if (seen.has(file)) continue;
    seen.add(file);
    const read = await readProjectFile(input.scope, path.join(input.root, file), input.maxBytes);
    if (!read.ok) continue;
    const bytes = new Uint8Array(read.bytes);
    out.push({ family: face.family.trim(), weight: face.weight ?? 400, bytes, hash: sha256(bytes), name: face.source });
  }
  return out;
}
