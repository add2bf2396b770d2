import type { ExampleModel, MediaModel, RawSchema } from './model.js';
import { deref, entriesOf, str, text } from './deref.js';
import { isRecord } from '../../parse/is-record.js';

/**
 * The examples of a parameter, header or media type: `example` (named `example`) first, then each
 * entry of `examples` with its `$ref` followed. Example values are kept as written: a `$ref` inside
 * a value is data, not a reference. An entry that does not resolve is left out.
 */
export function readExamples(doc: unknown, holder: Readonly<Record<string, unknown>>): ExampleModel[] {
  const out: ExampleModel[] = [];
  if (holder.example !== undefined) out.push({ name: 'example', value: holder.example });
  for (const [name, raw] of entriesOf(holder.examples)) {
    const example = deref(doc, raw);
    if (!example) continue;
    out.push({
      name,
      summary: text(example.summary),
      description: text(example.description),
      value: example.value,
      externalValue: str(example.externalValue),
    });
  }
  return out;
}

/** A schema as written (its `$ref` kept), or `undefined` when it is not an object. */
export function rawSchema(value: unknown): RawSchema | undefined {
  return isRecord(value) ? value : undefined;
}

/** The media types of a `content` map, in document order. */
export function readContent(doc: unknown, content: unknown): MediaModel[] {
  const out: MediaModel[] = [];
  for (const [mediaType, raw] of entriesOf(content)) {
    const media = deref(doc, raw) ?? {};
    const encoding: Record<string, { contentType?: string }> = {};
    for (const [name, value] of entriesOf(media.encoding)) {
      if (isRecord(value)) encoding[name] = { contentType: str(value.contentType) };
    }
    const itemSchema = rawSchema(media.itemSchema);
    out.push({
      mediaType,
      schema: rawSchema(media.schema),
      ...(itemSchema ? { itemSchema } : {}),
      examples: readExamples(doc, media),
      ...(Object.keys(encoding).length > 0 ? { encoding } : {}),
    });
  }
  return out;
}
