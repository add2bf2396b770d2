import { escapeHtml } from '../html.js';
import type { MediaModel } from '../../openapi/operation-model/model.js';
import { renderExamples } from './render-examples.js';
import { addText, idPart, type RenderContext } from './render-context.js';
import { renderSchemaRoot } from './schema/render-schema.js';
import { renderTabSet } from './tab-set.js';
import { groupMedia, groupTitle } from './group-media.js';

/** True for media types whose body is raw bytes rather than structured fields. */
function isBinaryType(mediaType: string): boolean {
  return /^(application\/octet-stream|image\/|audio\/|video\/|application\/pdf|application\/zip)/i.test(mediaType);
}

/**
 * What one item of a sequential media type is called (OpenAPI 3.2 `itemSchema`): an event of
 * `text/event-stream`, a line of JSON Lines / NDJSON, a record of `application/json-seq`, else an item.
 */
export function itemNoun(mediaType: string): 'event' | 'line' | 'record' | 'item' {
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/event-stream') return 'event';
  if (/^application\/(jsonl|x-jsonl|x-ndjson|ndjson|jsonlines|x-jsonlines)$/.test(type)) return 'line';
  if (type === 'application/json-seq' || type.endsWith('+json-seq')) return 'record';
  return 'item';
}

/** The `itemSchema` of a sequential media type: a lead saying it is a stream, then the schema of each item. */
function renderItemSchema(media: MediaModel & { itemSchema: NonNullable<MediaModel['itemSchema']> }, mode: 'request' | 'response', id: string, ctx: RenderContext): string {
  const noun = itemNoun(media.mediaType);
  const lead = `A stream: ${noun === 'event' ? 'server-sent events' : noun === 'line' ? 'one JSON value per line' : noun === 'record' ? 'JSON text sequences' : 'a sequence of items'}, each one described below.`;
  addText(ctx, lead);
  return (
    `<div class="sheaf-op-item-schema" data-item="${noun}"><p class="sheaf-op-note">${escapeHtml(lead)}</p>` +
    `<div class="sheaf-op-subhead">Each ${noun}</div>${renderSchemaRoot(media.itemSchema, { mode, id: `${id}-item` }, ctx)}</div>`
  );
}

/** One media type: its schema tree (or a note for raw bytes / no schema), its item schema (3.2) and its examples. */
function renderMedia(media: MediaModel, mode: 'request' | 'response', id: string, ctx: RenderContext): string {
  let html = '';
  if (media.schema !== undefined && Object.keys(media.schema).length > 0) {
    html += renderSchemaRoot(media.schema, { mode, id, ...(media.encoding ? { encoding: media.encoding } : {}) }, ctx);
  }
  if (media.itemSchema !== undefined) {
    html += renderItemSchema({ ...media, itemSchema: media.itemSchema }, mode, id, ctx);
  } else if ((media.schema === undefined || Object.keys(media.schema).length === 0) && isBinaryType(media.mediaType)) {
    html += `<p class="sheaf-op-note">Binary data (<code>${escapeHtml(media.mediaType)}</code>).</p>`;
  }
  html += renderExamples(media.examples, media.mediaType, ctx);
  return `<div class="sheaf-op-media" data-media-type="${escapeHtml(media.mediaType)}">${html}</div>`;
}

/** The media types of a group as code labels. */
function typesHtml(types: readonly string[]): string {
  return `<div class="sheaf-op-media-type">${types.map((t) => `<code>${escapeHtml(t)}</code>`).join(' ')}</div>`;
}

/**
 * The content of a request body or response, media types with the same schema grouped (see
 * `groupMedia`): one group shown with its types as labels, several as a tab set titled by their
 * types. Ids of the fields start with `idBase` (plus the first media type when there are several).
 */
export function renderContent(content: readonly MediaModel[], mode: 'request' | 'response', idBase: string, ctx: RenderContext): string {
  const groups = groupMedia(content);
  const first = groups[0];
  if (first === undefined) return '';
  if (groups.length === 1) return typesHtml(first.types) + renderMedia(first.media, mode, idBase, ctx);
  return renderTabSet(
    groups.map((g) => ({
      title: groupTitle(g.types),
      html: (g.types.length > 1 ? typesHtml(g.types) : '') + renderMedia(g.media, mode, `${idBase}-${idPart(g.media.mediaType)}`, ctx),
    })),
    'sheaf-op-content-types',
  );
}
