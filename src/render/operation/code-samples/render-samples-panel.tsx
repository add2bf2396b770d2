import type { JSX } from 'preact';
import { renderToString } from '../../render-to-string.js';
import { RequestExample, ResponseExample } from '../../components/code-group.js';
import { escapeHtml } from '../../html.js';
import type { CodeSample } from './code-samples-for.js';
import { highlightCode } from './highlight/highlight-code.js';
import { DEFAULT_PALETTE, type SamplePalette } from './highlight/palette.js';
import type { ResponseSample } from './response-examples.js';

/**
 * One code block in the MDX pipeline's markup (`div.code-block[data-language] > div.code-header
 * (span.code-title + button.copy-button) + pre.shiki > code > span.line…`), its inner HTML
 * built here so the highlighted lines are never parsed into elements. Title, language and code
 * are escaped.
 */
function CodeBlock(props: { readonly title: string; readonly language: string; readonly code: string; readonly palette: SamplePalette }): JSX.Element {
  const inner =
    `<div class="code-header"><span class="code-title">${escapeHtml(props.title)}</span>` +
    `<button type="button" class="copy-button code-block-copy-button" aria-label="Copy code">Copy</button></div>` +
    `<pre class="shiki" style="${props.palette.preStyle}" tabindex="0"><code>${highlightCode(props.code, props.language, props.palette)}</code></pre>`;
  return <div class="code-block" data-language={props.language} dangerouslySetInnerHTML={{ __html: inner }} />;
}

/**
 * The right-hand panel of an operation page: the request samples as one code group in
 * `div.sheaf-aside[data-aside=request]`, the response examples (tabs titled by status) in
 * `div.sheaf-aside[data-aside=response]`: the markup of `<RequestExample>` / `<ResponseExample>`,
 * which components.js turns into tabs. An empty list gives no group; both empty give `''`.
 * Token colours come from `palette` (docs.json `styling.codeblocks`; GitHub's themes by default).
 */
export function renderSamplesPanel(samples: readonly CodeSample[], responses: readonly ResponseSample[], palette: SamplePalette = DEFAULT_PALETTE): string {
  const request =
    samples.length > 0 ? (
      <RequestExample>
        {samples.map((s) => (
          <CodeBlock title={s.label} language={s.language} code={s.code} palette={palette} />
        ))}
      </RequestExample>
    ) : null;
  const response =
    responses.length > 0 ? (
      <ResponseExample>
        {responses.map((r) => (
          <CodeBlock title={r.status} language={r.language} code={r.code} palette={palette} />
        ))}
      </ResponseExample>
    ) : null;
  return (request ? renderToString(request) : '') + (response ? renderToString(response) : '');
}
