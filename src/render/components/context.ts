import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { slug as statelessSlug } from 'github-slugger';
import type { IconSubstitution } from './icons/icon-diagnostics.js';
import type { IconLibrary } from './icons/icon-files.js';
import type { IconStore } from './icons/icon-store.js';

/**
 * Page-level settings the components read while rendering. The MDX renderer provides them with
 * `<ComponentContext.Provider value={…}>` around the page content; every field has a default, so
 * the components also render without a provider (tests, snippets rendered alone).
 */
export interface ComponentSettings {
  /** docs.json `icons.library`: where bare icon names are looked up first. Default `fontawesome`. */
  readonly iconLibrary?: IconLibrary;
  /** Reads icon SVGs. Default: the shared store memoised by file path (`sharedIconStore`). */
  readonly icons?: IconStore;
  /**
   * Turns text into an element id. Pass the page's slugger (`(t) => slugger.slug(t)`, the same
   * instance the headings use) to make component ids unique within the page; the default is
   * github-slugger's stateless `slug`, which repeats for repeated text.
   */
  readonly slug?: (text: string) => string;
  /** Told of every icon shown as another (a Pro or unknown name): for `iconSubstitutionDiagnostics`. */
  readonly reportIcon?: (use: IconSubstitution) => void;
}

export const ComponentContext = createContext<ComponentSettings>({});

/** The settings with every default applied. */
export interface ResolvedSettings {
  readonly iconLibrary: IconLibrary;
  readonly icons: IconStore | undefined;
  readonly slug: (text: string) => string;
  readonly reportIcon: ((use: IconSubstitution) => void) | undefined;
}

export function useSettings(): ResolvedSettings {
  const s = useContext(ComponentContext);
  return { iconLibrary: s.iconLibrary ?? 'fontawesome', icons: s.icons, slug: s.slug ?? ((t) => statelessSlug(t)), reportIcon: s.reportIcon };
}
