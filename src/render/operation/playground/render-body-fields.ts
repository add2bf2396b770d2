import { escapeHtml } from '../../html.js';
import type { MediaModel, OperationModel } from '../../../openapi/operation-model/model.js';
import { mediaExample, schemaValue } from '../../../openapi/examples/index.js';
import { isRecord } from '../../../parse/is-record.js';
import { bodyKind } from './body-kind.js';
import { field, input } from './field-markup.js';
import { describeSchema, isDeprecated, isReadOnly, objectProperties } from './schema-info.js';
import type { BodyKind } from '../../../model/playground-spec.js';
import { startingValue, typeHint, valueControl } from './value-control.js';
import { postPills } from '../schema/schema-field.js';
import { resolveSchema } from '../schema/resolve-schema.js';

/** The file picker's `accept`: the media type, unless it would hide files (generic bytes). */
const pickerFilter = (mediaType: string): string | undefined =>
  /^application\/octet-stream\b|^\*\/\*/i.test(mediaType) ? undefined : mediaType;

interface BodyContext {
  readonly document: unknown;
  readonly prefill: boolean;
  /** docs.json `api.examples.defaults`: `required` leaves optional properties out, as the code samples do. */
  readonly defaults: 'all' | 'required';
  /** docs.json `api.params.post`: schema keys shown as pills after each form field's name. */
  readonly post: readonly string[];
  /** Id prefix of this content type's panel. */
  readonly id: string;
}

/**
 * A text area (`data-pg-body-text`) holding the example: JSON pretty-printed, text as is. The
 * newline after `<textarea>` is dropped by HTML parsers; it keeps a leading newline of the text.
 */
function textEditor(media: MediaModel, kind: BodyKind, ctx: BodyContext): string {
  const example = mediaExample(media, ctx.document, 'request', { prefill: ctx.prefill, required: ctx.defaults });
  const text = example === undefined ? '' : kind === 'json' ? JSON.stringify(example, null, 2) : typeof example === 'string' ? example : JSON.stringify(example, null, 2);
  const label = kind === 'json' ? 'JSON body' : 'Body';
  return field(ctx.id, { text: label, hint: media.mediaType }, `<textarea id="${escapeHtml(ctx.id)}" data-pg-body-text rows="${Math.min(16, Math.max(4, text.split('\n').length + 1))}" spellcheck="false" autocomplete="off">\n${escapeHtml(text)}</textarea>`);
}

/**
 * One field per property of the body's object schema (readOnly ones left out), each
 * `data-pg-body-field="<name>"`; in multipart bodies binary properties are file inputs
 * (`data-pg-body-file="<name>"`, `multiple` for arrays of files).
 */
function formFields(media: MediaModel, kind: 'form' | 'multipart', ctx: BodyContext): string {
  const { properties, required } = objectProperties(ctx.document, media.schema);
  // Only given values fill form fields (the media type's example, else each property's own, as in
  // the code samples): generated placeholders (`<string>`) would be sent as typed.
  const given = media.examples.find((e) => e.value !== undefined)?.value;
  const values = isRecord(given) ? given : {};
  const fields = properties.flatMap(([name, raw], i) => {
    if (isReadOnly(ctx.document, raw)) return [];
    const info = describeSchema(ctx.document, raw);
    const id = `${ctx.id}-${i}`;
    const isRequired = required.has(name);
    const encoded = media.encoding?.[name]?.contentType;
    if (kind === 'multipart' && (info.file || info.files)) {
      const control = input({ id, type: 'file', 'data-pg-body-file': name, multiple: info.files, required: isRequired, accept: encoded && pickerFilter(encoded) });
      return [field(id, { text: name, hint: info.files ? 'files' : 'file', required: isRequired, pills: postPills(resolveSchema(ctx.document, raw).schema, ctx.post) }, control)];
    }
    // A deprecated optional property is left out of generated examples, and with `defaults:
    // required` every optional one is: it starts empty here too.
    const own = isRequired || (ctx.defaults === 'all' && !isDeprecated(ctx.document, raw)) ? schemaValue(raw, ctx.document, ctx.prefill) : undefined;
    const control = valueControl({ attrs: { id, 'data-pg-body-field': name }, info, ...startingValue(info, values[name] ?? own), required: isRequired });
    return [field(id, { text: name, hint: typeHint(info), required: isRequired, pills: postPills(resolveSchema(ctx.document, raw).schema, ctx.post) }, control)];
  });
  return fields.length > 0 ? fields.join('') : '<p class="sheaf-playground-note">The description lists no fields for this body.</p>';
}

function editor(media: MediaModel, kind: BodyKind, ctx: BodyContext): string {
  if (kind === 'json' || kind === 'text') return textEditor(media, kind, ctx);
  if (kind === 'form' || kind === 'multipart') return formFields(media, kind, ctx);
  return field(ctx.id, { text: 'File', hint: media.mediaType }, input({ id: ctx.id, type: 'file', 'data-pg-body-binary': true, accept: pickerFilter(media.mediaType) }));
}

/**
 * The Body fieldset: a content-type select (`data-pg-content-type`, option values are indexes
 * into the spec's body contents) when there are several, and one panel per content type
 * (`<fieldset data-pg-body="<index>">`, all but the first `hidden disabled`, so the browser does not
 * validate the fields of a panel it does not show).
 */
export function renderBodyFields(model: OperationModel, document: unknown, prefill: boolean, idPrefix: string, defaults: 'all' | 'required' = 'all', post: readonly string[] = []): string {
  const contents = model.requestBody?.content ?? [];
  if (contents.length === 0) return '';
  const id = `${idPrefix}-content-type`;
  const choice =
    contents.length > 1
      ? field(id, { text: 'Content type' }, `<select id="${escapeHtml(id)}" data-pg-content-type>${contents.map((m, i) => `<option value="${i}"${i === 0 ? ' selected' : ''}>${escapeHtml(m.mediaType)}</option>`).join('')}</select>`)
      : '';
  const panels = contents.map((media, i) => {
    const kind = bodyKind(media, document);
    const body = editor(media, kind, { document, prefill, defaults, post, id: `${idPrefix}-body-${i}` });
    return `<fieldset class="sheaf-playground-body" data-pg-body="${i}" data-pg-kind="${kind}"${i > 0 ? ' hidden disabled' : ''}>${body}</fieldset>`;
  });
  const required = model.requestBody?.required ? ' <span class="sheaf-playground-required">required</span>' : '';
  return `<fieldset class="sheaf-playground-group"><legend>Body${required}</legend>${choice}${panels.join('')}</fieldset>`;
}
