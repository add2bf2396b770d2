import type { Diagnostic } from '../model/diagnostic.js';
import type { LoadedOpenApi } from '../model/openapi.js';
import type { DocsConfig } from '../config/loaded-config.js';
import type { ConfigOrigins } from '../model/project.js';
import { originOf } from '../config/origins.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { walkJson } from '../parse/json-walk.js';
import { inlineLinkTargets, parseInlineMarkdown } from '../render/inline-markdown-syntax.js';
import { markdownScriptUrls } from '../render/operation/markdown-html.js';
import { describeScriptUrl, isScriptUrl } from '../render/script-url.js';

/**
 * `build/script-url` warnings for the `javascript:` links of docs.json and of OpenAPI
 * descriptions. The layout and the description sanitizer already render them inert; these say
 * where they were written. (MDX pages report their own while they render; redirects in
 * `siteExtras`.)
 */

/** Every string of a JSON value with its JSON pointer and key. */
function* strings(root: unknown): Generator<{ value: string; pointer: string; key: string }> {
  for (const { value, pointer, key } of walkJson(root)) if (typeof value === 'string') yield { value, pointer, key };
}

/**
 * The `javascript:` links of a docs.json (merged, with the origins of its included files): values
 * of `href` and `url` keys, footer social links, and Markdown links in `banner.content`. Redirect
 * destinations are left to `siteExtras`, which renders their pages.
 */
export function configScriptUrlDiagnostics(config: DocsConfig, origins: ConfigOrigins): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { value, pointer, key } of strings(config)) {
    const link = key === 'href' || key === 'url' || pointer.startsWith('/footer/socials/');
    // The banner's links as the banner renders them: one inline-Markdown syntax (a link in a code span is text).
    const urls = link ? [value] : pointer === '/banner/content' ? inlineLinkTargets(parseInlineMarkdown(value)) : [];
    for (const url of urls.filter(isScriptUrl)) {
      out.push(
        createDiagnostic('build/script-url', {
          message: `\`${pointer}\` links to a \`javascript:\` URL (\`${describeScriptUrl(url.trim())}\`); the link is rendered without a target.`,
          ...originOf(origins, pointer),
          hint: 'Link to a page of the site or an http(s) URL; scripts belong in the project’s custom JavaScript files.',
        }),
      );
    }
  }
  return out;
}

/** Keys whose string values an operation page renders as CommonMark: `description`, and `x-mint.content`. */
const isMarkdownField = (key: string, pointer: string): boolean => key === 'description' || (key === 'content' && pointer.endsWith('/x-mint/content'));

/** The `javascript:` links in the descriptions (and `x-mint.content`) of a loaded OpenAPI document. */
export function openapiScriptUrlDiagnostics(loaded: LoadedOpenApi): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { value, pointer, key } of strings(loaded.document)) {
    if (!isMarkdownField(key, pointer)) continue;
    for (const url of markdownScriptUrls(value)) {
      out.push(
        createDiagnostic('build/script-url', {
          message: `The description at \`${pointer}\` links to a \`javascript:\` URL (\`${describeScriptUrl(url.trim())}\`); the link is shown without a target.`,
          file: loaded.index.file,
          pointer,
          hint: 'Link to a page or an http(s) URL instead.',
        }),
      );
    }
  }
  return out;
}
