import { isRecord } from '../../../parse/is-record.js';

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** An element name from a property name: characters XML names cannot hold become `_`. */
const tagName = (s: string) => (/^[A-Za-z_][\w.-]*$/.test(s) ? s : `_${s.replace(/[^\w.-]/g, '_')}`);

/**
 * A plain XML rendering of an example value, for XML request bodies: one element per object
 * property, arrays as repeated elements, scalars as text. OpenAPI's `xml` object (attributes,
 * wrapping, namespaces) is not applied.
 */
export function toXml(value: unknown, root: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(tagName(root), value, '')}`;
}

function element(name: string, value: unknown, indent: string): string {
  if (Array.isArray(value)) return value.map((item) => element(name, item, indent)).join('\n');
  if (isRecord(value)) {
    const children = Object.entries(value).map(([k, v]) => element(tagName(k), v, `${indent}  `));
    return children.length === 0 ? `${indent}<${name}/>` : `${indent}<${name}>\n${children.join('\n')}\n${indent}</${name}>`;
  }
  return `${indent}<${name}>${escapeXml(value === null || value === undefined ? '' : String(value))}</${name}>`;
}
