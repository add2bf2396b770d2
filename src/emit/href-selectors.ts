import postcss, { CssSyntaxError } from 'postcss';
import selectorParser from 'postcss-selector-parser';

/**
 * A project's CSS written for Mintlify selects internal links by Mintlify's hrefs, which are
 * root-absolute without a trailing slash: dify's `#sidebar-content a[href="/en/home"]`. Sheaf
 * writes relative hrefs with a trailing slash (`../../en/home/`, so the site works under any
 * base path and from `file://`), and puts Mintlify's href beside them as `data-href`
 * (render/layout/href.ts `linkAttributes`). Here each attribute selector on `href` that could
 * name a Mintlify internal href is widened to match either attribute:
 * `a[href="/en/home"]` → `a:is([href="/en/home"],[data-href="/en/home"])`, the operator, value
 * and `i`/`s` flag kept. `:is()` takes the specificity of its argument, the same (0,1,0) as
 * before, so the cascade between the project's rules does not change; the rest of the CSS is
 * kept byte for byte (postcss, postcss-selector-parser in lossless mode).
 *
 * Which selectors: `=`, `^=`, `|=` and `~=` with a root-absolute value (`/…`, not `//…`), and
 * `$=` and `*=` with any value but a URL with a scheme or `//` (`a[href$="/home"]` must match
 * `data-href="/en/home"` as it matched Mintlify's href). External links and `#fragments` are
 * written as on Mintlify, have no `data-href`, and keep matching `href` as before. A stylesheet
 * postcss cannot read (an unclosed block or string) and a selector the parser refuses are kept
 * as written: the browser reads them as before.
 */
export function matchMintlifyHrefs(css: string): string {
  if (!/href/i.test(css)) return css;
  let root: postcss.Root;
  try {
    root = postcss.parse(css);
  } catch (error) {
    if (error instanceof CssSyntaxError) return css;
    throw error;
  }
  let changed = false;
  root.walkRules((rule) => {
    if (!/href/i.test(rule.selector)) return;
    try {
      const next = widen.processSync(rule.selector, { lossless: true });
      if (next !== rule.selector) {
        rule.selector = next;
        changed = true;
      }
    } catch {
      // Not a selector postcss-selector-parser reads: left as written.
    }
  });
  return changed ? root.toString() : css;
}

const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** Whether `[href<operator>"value"]` can match a Mintlify internal href (root-absolute, no trailing slash). */
function namesInternalHref(operator: string, value: string): boolean {
  if (value === '' || SCHEME.test(value) || value.startsWith('//')) return false;
  if (operator === '$=' || operator === '*=') return true;
  return ['=', '^=', '|=', '~='].includes(operator) && value.startsWith('/');
}

const widen = selectorParser((selectors) => {
  selectors.walkAttributes((node) => {
    if (node.attribute.toLowerCase() !== 'href' || node.namespace !== undefined) return;
    if (node.operator === undefined || node.value === undefined || !namesInternalHref(node.operator, node.value)) return;
    const mintlify = node.clone();
    mintlify.attribute = 'data-href';
    const either = selectorParser.pseudo({ value: ':is' });
    either.append(selectorParser.selector({ value: '' }).append(node.clone()));
    either.append(selectorParser.selector({ value: '' }).append(mintlify));
    node.replaceWith(either);
  });
});
