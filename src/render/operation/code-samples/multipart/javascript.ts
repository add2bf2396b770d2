import type { MultipartRequest } from './multipart-request.js';
import { headersWithCookie } from './multipart-request.js';
import { jsString } from './quote.js';

/** A CSS string for an attribute selector: `"…"` with `"` and `\` escaped. */
const cssString = (s: string): string => `"${s.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;

/** The `headers: {…}` lines of an options object, or none. */
function headerLines(req: MultipartRequest): string[] {
  const headers = headersWithCookie(req);
  if (headers.length === 0) return [];
  return ['  headers: {', headers.map((h) => `    ${jsString(h.name)}: ${jsString(h.value)}`).join(',\n'), '  },'];
}

/**
 * Browser JavaScript (fetch) and TypeScript: a `FormData` whose file parts are the files chosen
 * in `<input type="file" name="…">` (a browser reads files from its page, not from a path),
 * sent as the body (fetch writes the content type with its boundary).
 */
function fetchMultipart(req: MultipartRequest, typed: boolean): string {
  const lines = ['const form = new FormData();'];
  for (const part of req.parts) {
    if (part.kind === 'file') {
      const selector = jsString(`input[type=file][name=${cssString(part.name)}]`);
      const file = typed ? `document.querySelector<HTMLInputElement>(${selector})!.files![0]!` : `document.querySelector(${selector}).files[0]`;
      lines.push(`form.append(${jsString(part.name)}, ${file});`);
    } else {
      lines.push(`form.append(${jsString(part.name)}, ${jsString(part.value)});`);
    }
  }
  lines.push('', 'const options = {', `  method: ${jsString(req.method)},`, ...headerLines(req), '  body: form', '};', '');
  lines.push(`fetch(${jsString(req.url)}, options)`, '  .then(res => res.json())', '  .then(res => console.log(res))', '  .catch(err => console.error(err));');
  return lines.join('\n');
}

export const javascriptMultipart = (req: MultipartRequest): string => fetchMultipart(req, false);
export const typescriptMultipart = (req: MultipartRequest): string => fetchMultipart(req, true);

/**
 * Node (axios): the files are read with `fs.openAsBlob` (Node 20+) into a global `FormData`,
 * which axios sends as multipart with its boundary.
 */
export function nodeMultipart(req: MultipartRequest): string {
  const hasFile = req.parts.some((p) => p.kind === 'file');
  const lines = [...(hasFile ? ["import fs from 'node:fs';"] : []), "import axios from 'axios';", '', 'const form = new FormData();'];
  for (const part of req.parts) {
    if (part.kind === 'file') {
      const options = part.contentType ? `, {type: ${jsString(part.contentType)}}` : '';
      lines.push(`form.append(${jsString(part.name)}, await fs.openAsBlob(${jsString(part.fileName)}${options}), ${jsString(part.fileName)});`);
    } else {
      lines.push(`form.append(${jsString(part.name)}, ${jsString(part.value)});`);
    }
  }
  lines.push('', 'const options = {', `  method: ${jsString(req.method)},`, `  url: ${jsString(req.url)},`, ...headerLines(req), '  data: form', '};', '');
  lines.push('axios', '  .request(options)', '  .then(res => console.log(res.data))', '  .catch(err => console.error(err));');
  return lines.join('\n');
}
