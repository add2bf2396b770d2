/**
 * Which icon files a name may live in, in the order they are tried. Pure: no file system.
 *
 * Libraries and their folders (all installed packages, read offline):
 * - `fontawesome`: @fortawesome/fontawesome-free `svgs/{solid,regular,brands}/NAME.svg`
 *   (aliases such as `home` exist as files);
 * - `lucide`: lucide-static `icons/NAME.svg`;
 * - `tabler`: @tabler/icons `icons/{outline,filled}/NAME.svg`.
 */
export const iconLibraryNames = ['fontawesome', 'lucide', 'tabler'] as const;
export type IconLibrary = (typeof iconLibraryNames)[number];

/** One file to try: a library, its sub-folder (`''` for lucide) and the bare icon name. */
export interface IconFile {
  readonly library: IconLibrary;
  readonly variant: string;
  readonly name: string;
}

/** Icon names are kebab-case words; anything else (paths, markup) is never looked up as a file. */
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Font Awesome styles drawn filled: Free's `solid` is their closest free style. */
const FILLED_STYLES = new Set(['solid', 'duotone', 'sharp-solid', 'sharp-duotone-solid']);

/**
 * The Free styles to try, closest first. Mintlify's default style is `regular`, so a plain name
 * is tried there first; Free has only 273 regular icons, so the rest fall back to `solid`, as do
 * the filled Pro styles (`duotone`, `sharp-solid`); the outline Pro styles (`light`, `thin`,
 * `sharp-regular`, …) go to `regular` first like the default.
 */
function fontAwesomeVariants(iconType: string | undefined): readonly string[] {
  if (iconType === 'brands') return ['brands', 'solid', 'regular'];
  if (iconType !== undefined && FILLED_STYLES.has(iconType)) return ['solid', 'regular', 'brands'];
  return ['regular', 'solid', 'brands'];
}

function filesIn(library: IconLibrary, name: string, iconType: string | undefined): IconFile[] {
  if (library === 'fontawesome') return fontAwesomeVariants(iconType).map((variant) => ({ library, variant, name }));
  if (library === 'tabler') {
    const order = iconType === 'filled' || iconType === 'solid' ? ['filled', 'outline'] : ['outline', 'filled'];
    return order.map((variant) => ({ library, variant, name }));
  }
  return [{ library, variant: '', name }];
}

/**
 * The files to try for `name`: the configured library first, then the two others (so a name from
 * another library still renders rather than vanishing). `[]` when `name` is not an icon name.
 * `fa-` prefixes (`fa-rocket`) are accepted for Font Awesome habits.
 */
export function iconFiles(rawName: string, library: IconLibrary, iconType?: string): IconFile[] {
  const name = iconName(rawName);
  if (name === undefined) return [];
  const order = [library, ...iconLibraryNames.filter((l) => l !== library)];
  return order.flatMap((l) => filesIn(l, name, iconType));
}

/** The name as looked up (trimmed, lower-case as Mintlify does, `fa-` dropped), or `undefined` when it is no icon name. */
export function iconName(rawName: string): string | undefined {
  const name = rawName.trim().toLowerCase().replace(/^fa-/, '');
  return NAME.test(name) ? name : undefined;
}

/** The files of one library for `name`, every style of it (`iconType` first). */
export function libraryFiles(library: IconLibrary, name: string, iconType?: string): IconFile[] {
  return filesIn(library, name, iconType);
}
