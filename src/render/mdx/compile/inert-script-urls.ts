import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { createDiagnostic } from '../../../diagnostics/create.js';
import type { Diagnostic } from '../../../model/diagnostic.js';
import { describeScriptUrl, isScriptUrl } from '../../script-url.js';
import type { Point, PointMapper } from '../preprocess/point-mapper.js';
import { isJsxElement } from './jsx-nodes.js';

/** Props and attributes that JSX components and HTML elements follow as links. */
const LINK_PROPS = new Set(['href', 'xlinkHref', 'xlink:href', 'formAction', 'formaction', 'action']);

/** Elements whose `src` a browser loads as a document, running a `javascript:` URL in the page. */
export const FRAME_ELEMENTS = new Set(['iframe', 'frame', 'embed']);

/** True for a prop of `element` that a browser follows or loads as a link. */
export const isLinkProp = (element: string, prop: string): boolean => LINK_PROPS.has(prop) || (prop === 'src' && FRAME_ELEMENTS.has(element.toLowerCase()));

/**
 * Makes the `javascript:` links written in a module inert, each with a `build/script-url`
 * warning at its place: Markdown links and definitions get the URL `#`; a JSX element (`<a>`,
 * `<Card>`, a button-like component…) loses its string `href` prop (and the other link props).
 * Links made by expressions (`href={url}`) are only known once rendered: `finishHtml` clears
 * those.
 */
export function inertScriptUrls(tree: Root, ctx: { readonly file: string; readonly mapPoint: PointMapper }): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const report = (url: string, what: string, place: Point | undefined) =>
    diagnostics.push(
      createDiagnostic('build/script-url', {
        message: `${what} links to a \`javascript:\` URL (\`${describeScriptUrl(url.trim())}\`); it is rendered without a target.`,
        file: ctx.file,
        ...(place ? ctx.mapPoint(place) : {}),
        hint: 'Link to a page or an http(s) URL; scripts belong in the project’s custom JavaScript files.',
      }),
    );
  visit(tree, (node) => {
    if ((node.type === 'link' || node.type === 'definition') && isScriptUrl(node.url)) {
      report(node.url, node.type === 'link' ? 'A Markdown link' : 'A link definition', node.position?.start);
      node.url = '#';
      return;
    }
    if (!isJsxElement(node)) return;
    node.attributes = node.attributes.filter((attribute) => {
      if (attribute.type !== 'mdxJsxAttribute' || !isLinkProp(node.name ?? '', attribute.name) || typeof attribute.value !== 'string' || !isScriptUrl(attribute.value)) return true;
      report(attribute.value, `\`<${node.name ?? ''}>\``, attribute.position?.start ?? node.position?.start);
      return false;
    });
  });
  return diagnostics;
}
