import type { ChannelMessage, ChannelModel } from '../../asyncapi/channel-model.js';
import { fieldRows, table } from '../operation/markdown-fields.js';
import { exampleText } from '../operation/render-examples.js';
import { resolveSchema } from '../operation/schema/resolve-schema.js';
import { typeLabel } from '../operation/schema/type-label.js';
import { DIRECTION_LEADS, DIRECTION_TITLES, messagesByDirection, messageTitle } from './channel-parts.js';

/** A type as inline code. */
const code = (text: string) => `\`${text.replace(/`/g, '')}\``;

function schemaBlock(doc: unknown, label: string, schema: unknown, mode: 'request' | 'response'): string {
  const rows = fieldRows(doc, schema, mode);
  const head = `${label} (${code(typeLabel(doc, resolveSchema(doc, schema).schema))})`;
  const fields = table(['Field', 'Type', 'Required', 'Description'], rows.map((r) => [code(r.name), code(r.type), r.required ? 'yes' : 'no', r.description]));
  return [head, fields].filter((s) => s !== '').join('\n\n');
}

function messageBlock(doc: unknown, m: ChannelMessage, mode: 'request' | 'response'): string {
  const parts = [`### ${messageTitle(m)}`];
  if (m.summary !== undefined) parts.push(m.summary.trim());
  if (m.description !== undefined) parts.push(m.description.trim());
  if (m.contentType !== undefined) parts.push(`Content type: ${code(m.contentType)}`);
  if (m.payload !== undefined) parts.push(schemaBlock(doc, 'Payload', m.payload, mode));
  if (m.headers !== undefined) parts.push(schemaBlock(doc, 'Headers', m.headers, mode));
  for (const e of m.examples) {
    if (e.payload === undefined) continue;
    const text = exampleText(e.payload);
    const fence = text.includes('```') ? '~~~~' : '```';
    parts.push(`${e.summary ?? e.name ?? 'Example'}:\n\n${fence}${typeof e.payload === 'string' ? '' : 'json'}\n${text}\n${fence}`);
  }
  return parts.join('\n\n');
}

/**
 * A readable Markdown copy of a channel page (for `route.md`, llms-full.txt and agents): title,
 * the channel's URL on each server, summary, description, address parameters, then Send and
 * Receive (or Messages) with each message's payload and headers as field tables and its examples.
 */
export function renderChannelMarkdown(title: string, model: ChannelModel, doc: unknown): string {
  const out: string[] = [`# ${title}`];
  const urls = model.servers.map((s) => code(s.url));
  out.push(urls.length > 0 ? `Channel: ${urls.join(', ')}` : `Channel address: ${code(model.address ?? model.id)}`);
  if (model.summary !== undefined) out.push(model.summary.trim());
  if (model.description !== undefined) out.push(model.description.trim());
  if (model.parameters.length > 0) {
    out.push(`## Address parameters\n\n${table(['Name', 'Description'], model.parameters.map((p) => [code(p.name), p.description ?? '']))}`);
  }
  for (const [part, messages] of messagesByDirection(model)) {
    const mode = part === 'send' ? 'request' : 'response';
    out.push([`## ${DIRECTION_TITLES[part]}`, DIRECTION_LEADS[part], ...messages.map((m) => messageBlock(doc, m, mode))].join('\n\n'));
  }
  return `${out.join('\n\n')}\n`;
}
