import { escapeHtml } from '../html.js';
import type { ExampleModel } from '../../openapi/operation-model/model.js';
import { urlHtml } from './html-bits.js';
import type { RenderContext } from './render-context.js';

/** Characters of one example shown, at most: examples of megabytes must not make pages of megabytes. */
const MAX_EXAMPLE_CHARS = 20_000;

/** An example value as a code block's text: strings as written, anything else as indented JSON; cut at `MAX_EXAMPLE_CHARS`. */
export function exampleText(value: unknown): string {
  let out: string;
  if (typeof value === 'string') out = value;
  else {
    try {
      out = JSON.stringify(value, null, 2) ?? String(value);
    } catch {
      out = String(value);
    }
  }
  return out.length > MAX_EXAMPLE_CHARS ? `${out.slice(0, MAX_EXAMPLE_CHARS)}\n… (cut at ${MAX_EXAMPLE_CHARS} characters)` : out;
}

function language(mediaType: string, value: unknown): string {
  if (typeof value !== 'string') return 'json';
  if (/json/i.test(mediaType)) return 'json';
  if (/xml/i.test(mediaType)) return 'xml';
  if (/yaml/i.test(mediaType)) return 'yaml';
  return 'text';
}

/** One example as a code block (`pre.sheaf-op-code`), with its summary, description or external URL. */
function renderExample(example: ExampleModel, mediaType: string, ctx: RenderContext): string {
  const title = example.summary ?? (example.name === 'example' ? 'Example' : example.name);
  let body = example.description !== undefined ? ctx.markdown(example.description) : '';
  if (example.value !== undefined) {
    body += `<pre class="sheaf-op-code"><code class="language-${language(mediaType, example.value)}">${escapeHtml(exampleText(example.value))}</code></pre>`;
  } else if (example.externalValue !== undefined) {
    body += `<p class="sheaf-op-note">Example at ${urlHtml(example.externalValue)}</p>`;
  }
  return `<details class="sheaf-op-example"${ctx.expanded ? ' open' : ''}><summary>${escapeHtml(title)}</summary>${body}</details>`;
}

/** The examples of a media type or parameter, each collapsible; `''` when there are none. */
export function renderExamples(examples: readonly ExampleModel[], mediaType: string, ctx: RenderContext): string {
  if (examples.length === 0) return '';
  return `<div class="sheaf-op-examples">${examples.map((e) => renderExample(e, mediaType, ctx)).join('')}</div>`;
}

/** Parameter or header examples as inline values (`Example: <code>…</code>`), named ones with their name. */
export function inlineExamples(examples: readonly ExampleModel[]): string {
  const items = examples
    .filter((e) => e.value !== undefined)
    .map((e) => {
      const label = e.name === 'example' ? '' : `${escapeHtml(e.summary ?? e.name)}: `;
      const text = exampleText(e.value);
      return `<span class="sheaf-op-inline-example">${label}<code>${escapeHtml(text.length > 200 ? `${text.slice(0, 200)}…` : text)}</code></span>`;
    });
  if (items.length === 0) return '';
  return `<div class="sheaf-op-facts"><div class="sheaf-op-fact"><span class="sheaf-op-fact-name">${items.length > 1 ? 'Examples' : 'Example'}</span><span>${items.join(' ')}</span></div></div>`;
}
