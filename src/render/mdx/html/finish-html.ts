import type { Element, Root, RootContent } from 'hast';
import { slug } from 'github-slugger';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { visit, EXIT } from 'unist-util-visit';
import type { Heading, PageSection } from '../../../model/render.js';
import { LAYOUT_IDS } from '../../layout/layout-ids.js';
import { isScriptUrl } from '../../script-url.js';
import { FRAME_ELEMENTS } from '../compile/inert-script-urls.js';
import { ASIDE_TAG } from '../compile/mark-asides.js';
import { DOCUMENT_HEADING_PROPERTY } from '../compile/mark-document-headings.js';
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
 * Root classes of Sheaf's components whose content Mintlify leaves out of the table of
 * contents (`COMPONENTS_TO_EXCLUDE_HEADINGS` of `remarkExtractTableOfContents`: Accordion,
 * AccordionGroup, Expandable, Update, Prompt). Read on the HTML, so headings of a snippet
 * rendered inside one are left out too, as Mintlify (which inlines snippets) does.
 */
const UNLISTED_WITHIN = ['sheaf-accordion', 'sheaf-accordion-group', 'sheaf-expandable', 'sheaf-update', 'sheaf-prompt'];

/** The first element under `node` with class `name`. */
function findClass(node: Element, name: string): Element | undefined {
  let found: Element | undefined;
  visit(node, 'element', (inner) => {
    if (inner === node || !hasClass(inner, name)) return undefined;
    found = inner;
    return EXIT;
  });
  return found;
}

/** Removes the compile-time mark (`DOCUMENT_HEADING_PROPERTY`) from every element; returns the marked ones. */
function takeDocumentHeadings(root: Root): Set<Element> {
  const written = new Set<Element>();
  visit(root, 'element', (node) => {
    if (!(DOCUMENT_HEADING_PROPERTY in node.properties)) return;
    delete node.properties[DOCUMENT_HEADING_PROPERTY];
    written.add(node);
  });
  return written;
}

/** The page's headings: its table of contents, and where search sections start. */
interface PageHeadings {
  /** The table of contents, in document order (`FinishedHtml.headings`). */
  readonly toc: Heading[];
  /** The elements that start a search section (anchored headings and step titles), with their entry. */
  readonly cuts: Map<Element, Heading>;
}

/**
 * Takes the page's headings as Mintlify's table of contents does (`remarkExtractTableOfContents`,
 * which reads the MDX tree, never a component's output):
 * - the h2–h4 written in the document (Markdown or JSX, marked `DOCUMENT_HEADING_PROPERTY` when
 *   compiled; the mark is removed from every element) get an id, unique in the page
 *   (github-slugger style; ids already in the HTML are kept and reserved), and an anchor link
 *   `a.heading-anchor`, except inside a link (a link in a link would split it); they are listed
 *   unless their text is empty or they stand inside an accordion, expandable, update or prompt;
 * - a step whose title is an h2 or h3 with its anchor (Mintlify: `titleSize` h2/h3, not `noAnchor`)
 *   is listed under the step's own id; the title gets no second id or anchor;
 * - an update with a label is listed (depth 2) under its id;
 * - headings that code renders (an author's component, an expression) are left as rendered:
 *   no id, no anchor, not listed (Mintlify renders them as plain headings).
 */
function pageHeadings(tree: Root): PageHeadings {
  const used = new Set<string>(LAYOUT_IDS);
  const renamed = renameLayoutIds(tree, used);
  const written = takeDocumentHeadings(tree);
  visit(tree, 'element', (node) => {
    if (typeof node.properties['id'] === 'string') used.add(node.properties['id']);
  });
  const toc: Heading[] = [];
  const cuts = new Map<Element, Heading>();
  const anchor = (node: Element, depth: number, inLink: boolean): Heading => {
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
    // Headings inside a link (a card written as `<a><h3>…</h3></a>`): a link inside a link is not
    // valid HTML, and the browser's parser closes the outer one at the inner one, splitting the card.
    if (!inLink && !node.children.some((c) => hasClass(c, 'heading-anchor'))) {
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: { className: ['heading-anchor'], href: `#${id}`, ariaLabel: 'Link to this section' },
        children: [{ type: 'text', value: '#' }],
      });
    }
    return { depth, text, id };
  };
  interface Within {
    readonly link: boolean;
    readonly unlisted: boolean;
    readonly step: Element | undefined;
  }
  const walk = (parent: Root | Element, within: Within): void => {
    for (const node of parent.children) {
      if (node.type !== 'element') continue;
      const depth = DEPTH[node.tagName];
      if (depth && written.has(node)) {
        const heading = anchor(node, depth, within.link);
        cuts.set(node, heading);
        if (!within.unlisted && heading.text.trim() !== '') toc.push(heading);
        continue;
      }
      if (depth && within.step && hasClass(node, 'sheaf-step-title')) {
        const id = within.step.properties['id'];
        if (depth <= 3 && typeof id === 'string' && findClass(node, 'sheaf-step-anchor')) {
          const heading = { depth, text: textOf(node), id };
          cuts.set(node, heading);
          if (!within.unlisted) toc.push(heading);
        }
        continue;
      }
      if (hasClass(node, 'sheaf-update') && !within.unlisted && typeof node.properties['id'] === 'string') {
        const label = findClass(node, 'sheaf-update-label');
        const text = label ? textOf(label) : '';
        if (text.trim() !== '') toc.push({ depth: 2, text, id: node.properties['id'] });
      }
      walk(node, {
        link: within.link || node.tagName === 'a',
        unlisted: within.unlisted || UNLISTED_WITHIN.some((c) => hasClass(node, c)),
        step: hasClass(node, 'sheaf-step') ? node : within.step,
      });
    }
  };
  walk(tree, { link: false, unlisted: false, step: undefined });
  retargetFragments(tree, renamed);
  return { toc, cuts };
}

/**
 * The layout's ids (`LAYOUT_IDS`: `navbar`, `footer`, …) name one element of the layout each, so
 * the page body never takes them: an element written with one (`<div id="footer">`) gets a
 * suffix (`footer-1`), as a heading "Footer" does (pageHeadings). Adds the body's ids to
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

/** The article's text cut at each heading of `cuts`; the part before the first heading only if not empty. */
function collectSections(tree: Root, cuts: ReadonlyMap<Element, Heading>): PageSection[] {
  const headingOf = (node: Root | RootContent) => (node.type === 'element' ? cuts.get(node) : undefined);
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
 * `aside`, `javascript:` link targets go, the document's headings get ids and anchors and make the
 * table of contents (`pageHeadings`), and the text is cut into sections for search.
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
  const { toc: headings, cuts } = pageHeadings(tree);
  const sections = collectSections(tree, cuts);
  const asideRoot: Root = { type: 'root', children: tidyWhitespace(asides) };
  // The right-hand panel is not in the table of contents; its headings only lose the mark.
  takeDocumentHeadings(asideRoot);
  const scriptUrls = [...clearScriptUrls(tree), ...clearScriptUrls(asideRoot)];
  const fills: string[] = [];
  markHighlights(tree, cache, fills);
  markHighlights(asideRoot, cache, fills);
  const aside = asides.length > 0 ? fillHighlights(toHtml(asideRoot), fills) : undefined;
  const classes = contentClassNames([tree, asideRoot]);
  return { html: fillHighlights(toHtml(tree), fills), ...(aside !== undefined ? { aside } : {}), headings, sections, scriptUrls, ...(classes.length > 0 ? { classes } : {}) };
}
