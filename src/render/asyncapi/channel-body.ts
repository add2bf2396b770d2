import { buildChannelModel } from '../../asyncapi/channel-model.js';
import type { ApiConfig } from '../../config/loaded-config.js';
import { internalErrorDiagnostic } from '../../diagnostics/internal-error.js';
import type { LoadedAsyncApi } from '../../model/asyncapi.js';
import type { RenderedBody } from '../../model/render.js';
import type { SitePage } from '../../model/site.js';
import { escapeHtml } from '../html.js';
import { playgroundDisplay } from '../operation/playground/index.js';
import { renderChannelPage } from './render-channel.js';
import { renderWebSocketPlayground } from './websocket-playground.js';

export interface ChannelBodyOptions {
  /** docs.json `api` (params.expanded, playground.display). */
  readonly configApi: ApiConfig | undefined;
  /** The page's frontmatter (an MDX channel page's `playground`), if any. */
  readonly frontmatter?: unknown;
  /** One map for the whole build: descriptions shared by pages are rendered once. */
  readonly markdownCache: Map<string, string>;
  /** Stack traces in `internal/error` diagnostics. */
  readonly debug?: boolean;
}

const NOT_FOUND: RenderedBody = {
  html: '<p class="render-failed">This channel could not be found in its AsyncAPI document.</p>',
  headings: [],
  sections: [],
  markdown: '',
  features: [],
  diagnostics: [],
};

/**
 * The channel part of a page that documents one (`page.channel`): finds its document and builds
 * and renders the channel, with the WebSocket playground as its aside. A channel the document
 * lacks (already reported) gets a one-line notice; an exception while rendering one channel is
 * an `internal/error` for its document and a notice, never the end of the build.
 */
/** The loaded document and channel id of a channel page; undefined when its document is not loaded. */
export function findChannel(page: SitePage, asyncapi: readonly LoadedAsyncApi[]): { loaded: LoadedAsyncApi; channel: string } | undefined {
  const ref = page.channel;
  const loaded = ref ? asyncapi.find((d) => d.index.file === ref.document) : undefined;
  return ref && loaded ? { loaded, channel: ref.channel } : undefined;
}

export function renderChannelBody(page: SitePage, asyncapi: readonly LoadedAsyncApi[], options: ChannelBodyOptions): RenderedBody {
  const found = findChannel(page, asyncapi);
  if (!found) return NOT_FOUND;
  const { loaded, channel } = found;
  try {
    const model = buildChannelModel(loaded, channel);
    if (!model) return NOT_FOUND;
    const aside = renderWebSocketPlayground(model, loaded.document, playgroundDisplay(options.configApi, options.frontmatter ?? {}));
    return renderChannelPage({
      title: page.title,
      ...(page.description !== undefined ? { description: page.description } : {}),
      model,
      document: loaded.document,
      expanded: options.configApi?.params?.expanded === 'all',
      ...(aside !== '' ? { aside: `<div class="sheaf-aside" data-aside="playground">${aside}</div>` } : {}),
      markdownCache: options.markdownCache,
    });
  } catch (error) {
    return {
      html: `<p class="render-failed">The channel ${escapeHtml(channel)} could not be rendered; see the build diagnostics.</p>`,
      headings: [],
      sections: [],
      markdown: '',
      features: [],
      diagnostics: [internalErrorDiagnostic(error, `while rendering the channel \`${channel}\` of \`${loaded.index.file}\``, { file: loaded.index.file, debug: options.debug ?? false })],
    };
  }
}

/**
 * An MDX page that documents a channel (`asyncapi` frontmatter): the channel first, then the
 * page's own content; Markdown: the MDX title, the channel's Markdown (without its title), the
 * MDX rest. The channel's aside (the playground) wins; without one, the MDX page's stays.
 */
export function withChannel(mdx: RenderedBody, channel: RenderedBody): RenderedBody {
  const [first = '', ...rest] = mdx.markdown.split('\n');
  const channelMarkdown = channel.markdown.replace(/^# [^\n]*\n+/, '').trim();
  const markdown = first.startsWith('# ')
    ? `${first}\n\n${channelMarkdown}\n\n${rest.join('\n').trim()}\n`
    : `${channelMarkdown}\n\n${mdx.markdown.trim()}\n`;
  const aside = channel.aside ?? mdx.aside;
  const topText = [channel.sections.find((s) => s.anchor === '')?.text, mdx.sections.find((s) => s.anchor === '')?.text].filter((t) => t !== undefined && t !== '').join(' ');
  const sections = [...(topText !== '' ? [{ anchor: '', heading: '', text: topText }] : []), ...[...channel.sections, ...mdx.sections].filter((s) => s.anchor !== '')];
  return {
    ...mdx,
    html: `${channel.html}\n${mdx.html}`,
    ...(aside !== undefined ? { aside } : {}),
    headings: [...channel.headings, ...mdx.headings],
    sections,
    markdown,
    features: [...new Set([...channel.features, ...mdx.features])],
    diagnostics: [...channel.diagnostics, ...mdx.diagnostics],
  };
}
