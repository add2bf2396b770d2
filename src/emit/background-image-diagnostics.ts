import type { LoadedConfig } from '../config/loaded-config.js';
import { originOf } from '../config/origins.js';
import { createDiagnostic } from '../diagnostics/create.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { backgroundImageProblems, type BackgroundImageProblem } from '../render/layout/background-layer.js';
import { normalizeFilePath } from '../render/layout/href.js';

export interface BackgroundImageSite {
  /** Pages may use the network (not air-gapped). */
  readonly network: boolean;
  /** Project files copied into the site, project-relative. */
  readonly copied: ReadonlySet<string>;
  /** Every project file the load stage listed (a file listed but not copied: a page, a snippet…). */
  readonly projectFiles: readonly string[];
}

type Mode = 'light' | 'dark';

/**
 * What a build says about docs.json `background.image` when a mode's image is left out of the
 * pages (background-layer.tsx decides, `backgroundImageProblems` says why): a project file the
 * site does not hold, or a URL that is not http(s), is `build/missing-asset` (a warning: the
 * author named an image the pages cannot show); a remote URL in an air-gapped build is
 * `bundle/background-image-offline` (an info, as analytics and contextual options left out
 * there). One diagnostic per value, at its JSON pointer (`/background/image`, or `…/light`,
 * `…/dark`); each says what the pages show instead. Nothing when every image shows.
 */
export function backgroundImageDiagnostics(config: LoadedConfig, site: BackgroundImageSite): Diagnostic[] {
  const value: unknown = config.config.background?.image;
  const image = typeof value === 'string' ? { light: value, dark: value } : readPair(value);
  if (!image || (!image.light.trim() && !image.dark.trim())) return [];
  // The layout takes a {light, dark} pair only with both set (layout-config.ts): one blank drops both.
  const blank = (['light', 'dark'] as const).find((mode) => !image[mode].trim());
  if (blank) {
    const origin = originOf(config.origins, `/background/image/${blank}`);
    return [
      createDiagnostic('build/missing-asset', {
        message: `\`background.image.${blank}\` is empty; the pages have no background image.`,
        file: origin.file,
        pointer: origin.pointer,
        hint: 'Name an image for both modes, or give `background.image` one path for both.',
      }),
    ];
  }
  const problems = backgroundImageProblems({ network: site.network, files: site.copied }, image);
  const places: { modes: Mode[]; pointer: string; setting: string }[] =
    typeof value === 'string'
      ? [{ modes: ['light', 'dark'], pointer: '/background/image', setting: 'background.image' }]
      : (['light', 'dark'] as const).map((mode) => ({ modes: [mode], pointer: `/background/image/${mode}`, setting: `background.image.${mode}` }));
  const out: Diagnostic[] = [];
  for (const place of places) {
    const mode = place.modes[0] as Mode;
    const problem = problems[mode];
    if (!problem) continue;
    const other: Mode = mode === 'light' ? 'dark' : 'light';
    const instead = place.modes.length === 1 && !problems[other] ? `${mode} mode shows the ${other} mode’s image instead` : 'the pages have no background image';
    const origin = originOf(config.origins, place.pointer);
    out.push(diagnostic(problem, image[mode].trim(), place.setting, instead, site.projectFiles, { file: origin.file, pointer: origin.pointer }));
  }
  return out;
}

function readPair(value: unknown): { light: string; dark: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { light, dark } = value as { light?: unknown; dark?: unknown };
  return typeof light === 'string' && typeof dark === 'string' ? { light, dark } : undefined;
}

function diagnostic(problem: BackgroundImageProblem, file: string, setting: string, instead: string, projectFiles: readonly string[], at: { file: string; pointer?: string }): Diagnostic {
  if (problem === 'offline') {
    return createDiagnostic('bundle/background-image-offline', {
      message: `\`${file}\` in \`${setting}\` is left out: an air-gapped bundle makes no network request; ${instead}.`,
      ...at,
      hint: 'Put the image in the project and name it by its path (e.g. `/images/background.png`), so it ships inside the bundle.',
    });
  }
  const what =
    problem === 'not-http'
      ? 'is neither a project file nor an http(s) URL'
      : projectFiles.includes(normalizeFilePath(file))
        ? 'is a project file the site does not copy (pages, snippets and configuration stay out of it)'
        : 'is not a file of the project';
  return createDiagnostic('build/missing-asset', {
    message: `\`${file}\` in \`${setting}\` ${what}; ${instead}.`,
    ...at,
    hint: problem === 'not-http' ? 'Name an image file of the project by its path, or an `https://` URL.' : 'Add the image to the project (outside `snippets/`), or fix the path (paths start at the project root).',
  });
}
