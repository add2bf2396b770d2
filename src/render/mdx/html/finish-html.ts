import type { Element, Root, RootContent } from 'hast';
import { slug } from 'github-slugger';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { visit, SKIP } from 'unist-util-visit';
import type { Heading, PageSection } from '../../../model/render.js';
import { LAYOUT_IDS } from '../../layout/layout-ids.js';
import { isScriptUrl } from '../../script-url.js';
import { FRAME_ELEMENTS } from '../compile/inert-script-urls.js';
import { ASIDE_TAG } from '../compile/mark-asides.js';
import { contentClassNames } from '../../tailwind/collect-class-names.js';
import type { MdxCache } from '../mdx-cache.js';
import { fillHighlights, markHighlights } from './inject-highlights.js';
import { appendText, collapse, textOf } from './page-text.js';

export interface FinishedHtml {
  readonly html: string;
  readonly aside?: string;
  readonly headings: readonly Heading[];
  readonly sections: readonly PageSection[];
  /** The `javascript:` URLs removed from links the page made at render time (expressions, components). */
  readonly scriptUrls: readonly string[];
  /** Class names of the body and aside, `sheaf-*` left out (see RenderedBody.classes); absent when none. */
  readonly classes?: readonly string[];
}

const DEPTH: Readonly<Record<string, number>> = { h2: 2, h3: 3, h4: 4 };

const hasClass = (node: RootContent, name: string) =>
  node.type === 'element' && Array.isArray(node.properties['className']) && node.properties['className'].includes(name);

/**
 * Gives every h2–h4 of the article (Markdown, snippets or components alike) an id, unique in
 * the page (github-slugger style; ids already in the HTML are kept and reserved), and an
 * anchor link `a.heading-anchor`, except a heading inside a link (a link in a link would split it).
 */
function anchorHeadings(tree: Root): Heading[] {
  const used = new Set<string>(LAYOUT_IDS);
  const renamed = renameLayoutIds(tree, used);
  // Headings inside a link (a card written as `<a><h3>…</h3></a>`): a link inside a link is not
  // valid HTML, and the browser's parser closes the outer one at the inner one, splitting the card.
  const inLink = new Set<Element>();
  visit(tree, 'element', (node) => {
    if (typeof node.properties['id'] === 'string') used.add(node.properties['id']);
    if (node.tagName === 'a') {
      visit(node, 'element', (inner) => {
        if (DEPTH[inner.tagName]) inLink.add(inner);
      });
    }
  });
  const headings: Heading[] = [];
  visit(tree, 'element', (node) => {
    const depth = DEPTH[node.tagName];
    if (!depth) return undefined;
    const text = textOf(node);
    let id = typeof node.properties['id'] === 'string' ? node.properties['id'] : '';
    if (!id) {
      const base = slug(text) || 'section';
      id = base;
      for (let n = 1; used.has(id); n += 1) id = `${base}-${n}`;
      used.add(id);
      node.properties['id'] = id;
      if (LAYOUT_IDS.has(base) && !renamed.has(base)) renamed.set(base, id);
    }
    if (!inLink.has(node) && !node.children.some((c) => hasClass(c, 'heading-anchor'))) {
      const anchor: Element = {
        type: 'element',
        tagName: 'a',
        properties: { className: ['heading-anchor'], href: `#${id}`, ariaLabel: 'Link to this section' },
        children: [{ type: 'text', value: '#' }],
      };
      node.children.push(anchor);
    }
    headings.push({ depth, text, id });
    return SKIP;
  });
  retargetFragments(tree, renamed);
  return headings;
}

/**
 * The layout's ids (`LAYOUT_IDS`: `navbar`, `footer`, …) name one element of the layout each, so
 * the page body never takes them: an element written with one (`<div id="footer">`) gets a
 * suffix (`footer-1`), as a heading "Footer" does (anchorHeadings). Adds the body's ids to
 * `used`; returns each layout id the body used with its first new id.
 */
function renameLayoutIds(tree: Root, used: Set<string>): Map<string, string> {
  const written: Element[] = [];
  visit(tree, 'element', (node) => {
    const id = node.properties['id'];
    if (typeof id !== 'string') return;
    if (LAYOUT_IDS.has(id)) written.push(node);
    else used.add(id);
  });
  const renamed = new Map<string, string>();
  for (const node of written) {
    const base = String(node.properties['id']);
    let id = base;
    for (let n = 1; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    node.properties['id'] = id;
    if (!renamed.has(base)) renamed.set(base, id);
  }
  return renamed;
}

/** The page's own `#navbar` links (not heading anchors, already right) follow their target's new id. */
function retargetFragments(tree: Root, renamed: ReadonlyMap<string, string>): void {
  if (renamed.size === 0) return;
  visit(tree, 'element', (node) => {
    const href = node.tagName === 'a' ? node.properties['href'] : undefined;
    const target = typeof href === 'string' && href.startsWith('#') ? renamed.get(href.slice(1)) : undefined;
    if (target !== undefined) node.properties['href'] = `#${target}`;
  });
}

/** The article's text cut at each heading; the part before the first heading only if not empty. */
function collectSections(tree: Root, headings: readonly Heading[]): PageSection[] {
  const byId = new Map(headings.map((h) => [h.id, h]));
  const headingOf = (node: Root | RootContent) =>
    node.type === 'element' && DEPTH[node.tagName] ? byId.get(String(node.properties['id'])) : undefined;
  // Elements with a heading below them: the walk descends into those only.
  const containers = new Set<Element>();
  const mark = (node: Root | Element, ancestors: Element[]) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (headingOf(child)) for (const a of ancestors) containers.add(a);
      else mark(child, [...ancestors, child]);
    }
  };
  mark(tree, []);
  const sections: PageSection[] = [];
  let current = { anchor: '', heading: '', parts: [] as string[] };
  const flush = () => {
    const text = collapse(current.parts.join(''));
    if (current.anchor !== '' || text !== '') sections.push({ anchor: current.anchor, heading: current.heading, text });
  };
  const walk = (node: Root | RootContent) => {
    const heading = headingOf(node);
    if (heading) {
      flush();
      current = { anchor: heading.id, heading: heading.text, parts: [] };
    } else if (node.type === 'element' && containers.has(node)) {
      current.parts.push(' ');
      for (const child of node.children) walk(child);
      current.parts.push(' ');
    } else appendText(node, current.parts);
  };
  for (const child of tree.children) walk(child);
  flush();
  return sections;
}

/** Top-level whitespace between blocks becomes one line break; none at the start or end. */
function tidyWhitespace(children: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (const child of children) {
    const blank = child.type === 'text' && child.value.trim() === '';
    if (blank && (out.length === 0 || out.at(-1)?.type === 'text')) continue;
    out.push(blank ? { type: 'text', value: '\n' } : child);
  }
  while (out.at(-1)?.type === 'text' && (out.at(-1) as { value: string }).value.trim() === '') out.pop();
  return out;
}

/** hast property names of the attributes a browser follows as links (`src` only on frames). */
const LINK_PROPERTIES = ['href', 'xLinkHref', 'formAction', 'action'] as const;

/**
 * Removes every `javascript:` link target left in the rendered HTML and returns the URLs. The
 * ones written in the source were made inert before compiling (`inertScriptUrls`, with their
 * positions); these come from expressions and components (`href={url}`).
 */
function clearScriptUrls(tree: Root): string[] {
  const removed: string[] = [];
  visit(tree, 'element', (node) => {
    const names: string[] = FRAME_ELEMENTS.has(node.tagName) ? [...LINK_PROPERTIES, 'src'] : [...LINK_PROPERTIES];
    for (const name of names) {
      const value = node.properties[name];
      if (typeof value !== 'string' || !isScriptUrl(value)) continue;
      removed.push(value);
      delete node.properties[name];
    }
  });
  return removed;
}

/**
 * Finishes a rendered page body: highlighted code goes in, `<sheaf-aside>` blocks move to
 * `aside`, `javascript:` link targets go, headings get ids and anchors, and the text is cut into
 * sections for search.
 */
export function finishHtml(html: string, cache: MdxCache): FinishedHtml {
  const tree = fromHtml(html, { fragment: true });
  const asides: RootContent[] = [];
  tree.children = tree.children.filter((child) => {
    if (child.type !== 'element' || child.tagName !== ASIDE_TAG) return true;
    asides.push(...child.children);
    return false;
  });
  tree.children = tidyWhitespace(tree.children);
  const headings = anchorHeadings(tree);
  const sections = collectSections(tree, headings);
  const asideRoot: Root = { type: 'root', children: tidyWhitespace(asides) };
  const scriptUrls = [...clearScriptUrls(tree), ...clearScriptUrls(asideRoot)];
  const fills: string[] = [];
  markHighlights(tree, cache, fills);
  markHighlights(asideRoot, cache, fills);
  const aside = asides.length > 0 ? fillHighlights(toHtml(asideRoot), fills) : undefined;
  const classes = contentClassNames([tree, asideRoot]);
  return { html: fillHighlights(toHtml(tree), fills), ...(aside !== undefined ? { aside } : {}), headings, sections, scriptUrls, ...(classes.length > 0 ? { classes } : {}) };
}
