import type { DocsConfig } from '../../config/loaded-config.js';
import { originOf } from '../../config/origins.js';
import { createDiagnostic } from '../../diagnostics/create.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { ConfigOrigins } from '../../model/project.js';
import type { NavNode, NavRoot } from '../../model/site.js';
import { walkJson } from '../../parse/json-walk.js';
import { iconSubstitutionDiagnostics, type IconSubstitution } from '../components/icons/icon-diagnostics.js';
import { iconName, type IconLibrary } from '../components/icons/icon-files.js';
import { sharedIconStore, type IconStore } from '../components/icons/icon-store.js';
import { resolveIcon } from '../components/icons/resolve-icon.js';
import { firstRoute } from './nav-context.js';
import { readLayoutConfig } from './layout-config.js';
import { iconLibraryOf } from './layout-context.js';

export interface NavIconInput {
  readonly config: DocsConfig;
  /** Where each part of the merged docs.json was written (`LoadedConfig.origins`). */
  readonly origins: ConfigOrigins;
  readonly navigation: NavRoot;
  /** Reads icon SVGs; default the shared store (the one the layout renders with). */
  readonly icons?: IconStore;
}

/**
 * The icon names of docs.json the layout shows as library icons, one entry per place, in
 * navigation order: visible divisions that lead somewhere (tabs, anchors, dropdowns, versions,
 * languages, products: `NavItem`s need a target) and visible groups, then the navbar links and
 * the primary button that are not a GitHub/Discord brand link (those show the brand). Hidden
 * nodes and everything under them are never shown. Images (paths, URLs) are among them; they
 * resolve as images and are left out by the caller.
 */
function shownIcons(input: NavIconInput): string[] {
  const names: string[] = [];
  const walk = (nodes: readonly NavNode[]): void => {
    for (const node of nodes) {
      if (node.hidden || node.type === 'page') continue;
      const shown = node.type === 'group' || firstRoute(node) !== undefined || node.href !== undefined;
      if (shown && node.icon) names.push(node.icon.trim());
      walk(node.children);
    }
  };
  walk(input.navigation.children);
  const layout = readLayoutConfig(input.config);
  for (const link of [...layout.navbarLinks, ...(layout.navbarPrimary ? [layout.navbarPrimary] : [])]) {
    if (!link.brand && link.icon) names.push(link.icon.trim());
  }
  return names;
}

/**
 * The JSON pointer of every `icon` key of the merged docs.json by the name it gives (a string,
 * or an object's `name`), in document order. Iterative: a hostile file may nest deeply.
 */
function iconPointers(config: DocsConfig): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { value, pointer, key, inArray } of walkJson(config)) {
    if (key !== 'icon' || inArray) continue;
    const name = typeof value === 'string' ? value : value && typeof value === 'object' && 'name' in value && typeof value.name === 'string' ? value.name : undefined;
    if (name?.trim()) found.set(name.trim(), [...(found.get(name.trim()) ?? []), pointer]);
  }
  // walkJson visits values in document order, so each list is already in document order.
  return found;
}

/**
 * `nav/icon-substituted`: one warning per distinct icon name that the navigation and navbar show
 * as another icon (a Font Awesome Pro name, or a name no library has: see `resolveIcon`),
 * however many places and pages show it, so a 1,000-page site with one Pro tab icon gets one
 * warning. It points at the name's first `icon` key in docs.json (or the file it includes),
 * located later from its JSON pointer; the message counts the places that show it.
 *
 * The layout itself reports nothing while it renders (its regions have no `reportIcon`): the
 * same header and sidebar are rendered for every page, and this runs once per site, for `sheaf
 * check` and `sheaf build` alike (api/analyze.ts).
 */
export function navigationIconDiagnostics(input: NavIconInput): Diagnostic[] {
  const library: IconLibrary = iconLibraryOf(input.config);
  const store = input.icons ?? sharedIconStore;
  const uses: IconSubstitution[] = [];
  for (const name of shownIcons(input)) {
    const resolved = resolveIcon(name, undefined, library, store);
    if (resolved?.kind === 'svg' && resolved.substitutes !== undefined) uses.push({ requested: resolved.substitutes, library, file: resolved.file });
  }
  if (uses.length === 0) return [];
  const byName = new Map<string, IconSubstitution[]>();
  for (const use of uses) byName.set(use.requested, [...(byName.get(use.requested) ?? []), use]);
  const pointers = iconPointers(input.config);
  // `resolveIcon` reports the name as `iconName` reads it (lower-case, no `fa-`); docs.json may spell it otherwise.
  const pointerOf = (name: string): string | undefined => [...pointers].find(([written]) => iconName(written) === name)?.[1][0];
  return [...byName].flatMap(([name, named]) =>
    iconSubstitutionDiagnostics(named, input.origins['']?.file ?? 'docs.json').map((d) =>
      createDiagnostic('nav/icon-substituted', {
        message: d.message,
        // Every name shown comes from an `icon` key; the navigation stands in should none be found.
        ...originOf(input.origins, pointerOf(name) ?? '/navigation'),
        ...(d.hint !== undefined ? { hint: d.hint } : {}),
      }),
    ),
  );
}
