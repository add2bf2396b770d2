import type { NavNode, NavRoot } from '../model/site.js';
import { Tokenizer, type TokenHandler } from 'parse5';

/**
 * The page Mintlify shows at `/` when no page has the route `/`: the first page of the
 * navigation (reference/mintlify.md has no rule; the research note, issue11-research.md §4
 * "Page at `/`", reads Mintlify's `getFirstPageFromNavigation`): hidden groups and divisions are
 * skipped, a group's `root` page comes before its pages, and among versions or languages the one
 * marked `default` is tried first. Undefined when the navigation holds no visible page.
 */
export function firstNavigationRoute(navigation: NavRoot): string | undefined {
  return firstOf(navigation.children);
}

function firstOf(nodes: readonly NavNode[]): string | undefined {
  const preferred = nodes.filter((n) => (n.type === 'version' || n.type === 'language') && n.default);
  for (const node of [...preferred, ...nodes.filter((n) => !preferred.includes(n))]) {
    if (node.hidden) continue;
    if (node.type === 'page') return node.route;
    if (node.type === 'group' && node.root) return node.root;
    const below = firstOf(node.children);
    if (below) return below;
  }
  return undefined;
}

/**
 * The document of the first page, as written at `/` (index.html, item 3 of issue 11), with the
 * path it is served at: `data-current-path="/"` on `<html>`, as on Mintlify, where a project's
 * CSS tells the root from the page (`html[data-current-path="/"] .nav-tabs`, dify's style.css).
 * Everything else stays the page's own: Mintlify shows the first page's navigation, title and
 * content at `/` (`@mintlify/common` `navigation/filterDivisions.js` resolves `/` to it), and
 * `data-route` keeps naming the page shown (search filters, the assistant's current page).
 * The attribute is found by the HTML tokenizer (parse5, with positions; it stops at `<html>`)
 * and its value replaced where it stands; the rest of the document keeps its bytes. A document
 * whose `<html>` has no such attribute comes back as it is.
 */
export function documentAtRoot(document: string): string {
  let range: { start: number; end: number } | undefined;
  let done = false;
  const ignore = () => {};
  const handler: TokenHandler = {
    onStartTag(token) {
      if (done) return;
      done = true;
      tokenizer.pause();
      const location = token.tagName === 'html' ? token.location?.attrs?.['data-current-path'] : undefined;
      if (location) range = { start: location.startOffset, end: location.endOffset };
    },
    onEndTag: ignore,
    onCharacter: ignore,
    onWhitespaceCharacter: ignore,
    onNullCharacter: ignore,
    onComment: ignore,
    onDoctype: ignore,
    onEof: ignore,
  };
  const tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, handler);
  tokenizer.write(document, true);
  return range ? `${document.slice(0, range.start)}data-current-path="/"${document.slice(range.end)}` : document;
}
