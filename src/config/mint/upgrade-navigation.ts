import { pointerFrom } from '../../diagnostics/positions.js';
import type { MintConfig } from './mint-schema.js';
import { colorOf, firstPage, iconOf, localPrefix, longestMatch, upgradeGroup, type Section } from './mint-sections.js';

/** Records that the docs.json value at `docsPointer` came from `mintPointer` in mint.json. */
export type RecordOrigin = (docsPointer: string, mintPointer: string) => void;

/** The name Mintlify gives the tab or anchor holding pages outside every other one. */
const defaultSectionName = 'Documentation';

interface Placed {
  readonly value: Record<string, unknown>;
  readonly source: string;
  readonly first: string | undefined;
  readonly version: string | undefined;
}

/**
 * Builds docs.json `navigation` from mint.json's flat group list, tabs, anchors and versions.
 * Pages belong to a tab or anchor by URL prefix (the longest matching prefix wins, judged by a
 * group's first page); groups outside every anchor or tab go to a first one named after
 * `topAnchor`/`primaryTab` (default `Documentation`). External anchors become global anchors,
 * external tabs link tabs. With versions, each version gets the groups, tabs and anchors that
 * name it or no version.
 */
export function upgradeNavigation(mint: MintConfig, record: RecordOrigin): Record<string, unknown> {
  const groups = mint.navigation.map((group, index): Placed => ({
    value: upgradeGroup(group),
    source: pointerFrom(['navigation', index]),
    first: firstPage(group),
    version: group.version,
  }));
  const sections = (key: 'tabs' | 'anchors'): Section[] =>
    (mint[key] ?? []).map((entry, index) => ({ entry, source: pointerFrom([key, index]), prefix: localPrefix(entry.url) }));
  const tabs = sections('tabs');
  const anchors = sections('anchors');
  const build = (at: string, version: string | undefined): Record<string, unknown> => {
    const shown = (item: { version?: string | undefined }) => version === undefined || item.version === undefined || item.version === version;
    const localAnchors = anchors.filter((a) => a.prefix !== undefined && shown(a.entry));
    return anchorLevel(at, groups.filter(shown), tabs.filter((t) => shown(t.entry)), localAnchors, mint, record);
  };
  const versions = (mint.versions ?? []).map((v) => (typeof v === 'string' ? { name: v, isDefault: false } : { name: v.name, isDefault: v.default === true }));
  const navigation: Record<string, unknown> =
    versions.length === 0
      ? build('/navigation', undefined)
      : {
          versions: versions.map((v, index) => {
            const at = `/navigation/versions/${index}`;
            record(at, pointerFrom(['versions', index]));
            return { version: v.name, ...(v.isDefault ? { default: true } : {}), ...build(at, v.name) };
          }),
        };
  const external = anchors.filter((a) => a.prefix === undefined);
  if (external.length > 0) {
    navigation['global'] = {
      anchors: external.map((a, index) => {
        record(`/navigation/global/anchors/${index}`, a.source);
        return { anchor: a.entry.name, href: a.entry.url, ...iconOf(a.entry) };
      }),
    };
  }
  return navigation;
}

function anchorLevel(at: string, groups: readonly Placed[], tabs: readonly Section[], anchors: readonly Section[], mint: MintConfig, record: RecordOrigin): Record<string, unknown> {
  if (anchors.length === 0) return tabLevel(at, groups, tabs, mint, record);
  const owner = (page: string | undefined) => longestMatch(anchors, page);
  const rest = groups.filter((g) => owner(g.first) === undefined);
  const restTabs = tabs.filter((t) => t.prefix === undefined || owner(t.prefix) === undefined);
  const top = mint.topAnchor;
  const entries: { head: Record<string, unknown>; source: string; groups: readonly Placed[]; tabs: readonly Section[] }[] = [];
  if (rest.length > 0 || restTabs.length > 0) {
    entries.push({ head: { anchor: top?.name ?? defaultSectionName, ...iconOf(top ?? {}) }, source: top ? '/topAnchor' : '/navigation', groups: rest, tabs: restTabs });
  }
  for (const anchor of anchors) {
    const inside = (page: string | undefined) => owner(page) === anchor;
    entries.push({
      head: { anchor: anchor.entry.name, ...iconOf(anchor.entry), ...colorOf(anchor.entry), ...sectionExtras(anchor) },
      source: anchor.source,
      groups: groups.filter((g) => inside(g.first)),
      tabs: tabs.filter((t) => t.prefix !== undefined && inside(t.prefix)),
    });
  }
  return {
    anchors: entries.map((entry, index) => {
      const here = `${at}/anchors/${index}`;
      record(here, entry.source);
      return { ...entry.head, ...tabLevel(here, entry.groups, entry.tabs, mint, record) };
    }),
  };
}

function tabLevel(at: string, groups: readonly Placed[], tabs: readonly Section[], mint: MintConfig, record: RecordOrigin): Record<string, unknown> {
  if (tabs.length === 0) return groups.length === 0 ? {} : { groups: place(`${at}/groups`, groups, record) };
  const local = tabs.filter((t) => t.prefix !== undefined);
  const owner = (page: string | undefined) => longestMatch(local, page);
  const rest = groups.filter((g) => owner(g.first) === undefined);
  const entries: { head: Record<string, unknown>; source: string; groups: readonly Placed[] }[] = [];
  if (rest.length > 0) entries.push({ head: { tab: mint.primaryTab?.name ?? defaultSectionName }, source: mint.primaryTab ? '/primaryTab' : '/navigation', groups: rest });
  for (const tab of tabs) {
    const head = { tab: tab.entry.name, ...(tab.prefix === undefined ? { href: tab.entry.url } : {}), ...sectionExtras(tab) };
    entries.push({ head, source: tab.source, groups: groups.filter((g) => owner(g.first) === tab) });
  }
  return {
    tabs: entries.map((entry, index) => {
      const here = `${at}/tabs/${index}`;
      record(here, entry.source);
      return { ...entry.head, ...(entry.groups.length > 0 ? { groups: place(`${here}/groups`, entry.groups, record) } : {}) };
    }),
  };
}

/** `hidden` and `openapi` of a tab or anchor. A local URL becomes the OpenAPI pages' directory. */
function sectionExtras(section: Section): Record<string, unknown> {
  const { openapi, isDefaultHidden } = section.entry;
  return {
    ...(isDefaultHidden === true ? { hidden: true } : {}),
    ...(openapi === undefined ? {} : { openapi: section.prefix === undefined ? openapi : { source: openapi, directory: section.prefix } }),
  };
}

function place(at: string, groups: readonly Placed[], record: RecordOrigin): Record<string, unknown>[] {
  return groups.map((group, index) => {
    record(`${at}/${index}`, group.source);
    return group.value;
  });
}

