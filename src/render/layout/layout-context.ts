import type { SitePage } from '../../model/site.js';
import type { IconLibrary } from '../components/icons/icon-files.js';
import type { LayoutConfig } from './layout-config.js';
import type { NavContext } from './nav-context.js';
import type { LayoutInput, SiteAssets } from './types.js';

/** What every region of the layout reads: one object per rendered page. */
export interface LayoutContext {
  /** Relative prefix from the page's folder to the site root (see `LayoutInput.base`). */
  readonly base: string;
  readonly config: LayoutConfig;
  readonly assets: SiteAssets;
  readonly deployment: LayoutInput['deployment'];
  readonly nav: NavContext;
  readonly pages: ReadonlyMap<string, SitePage>;
  /** docs.json `icons.library`: where bare icon names are looked up first. */
  readonly iconLibrary: IconLibrary;
  /** The route of the page shown; absent on the 404 page. */
  readonly route?: string;
}

const LIBRARIES: readonly string[] = ['fontawesome', 'lucide', 'tabler'];

/** docs.json `icons.library`, `fontawesome` when absent. */
export function iconLibraryOf(config: Readonly<Record<string, unknown>>): IconLibrary {
  const icons = config['icons'];
  const library = icons && typeof icons === 'object' ? (icons as { library?: unknown }).library : undefined;
  return typeof library === 'string' && LIBRARIES.includes(library) ? (library as IconLibrary) : 'fontawesome';
}
