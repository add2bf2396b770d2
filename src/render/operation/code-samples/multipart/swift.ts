import type { MultipartRequest } from './multipart-request.js';
import { headersWithCookie } from './multipart-request.js';
import { swiftString as q } from './quote.js';

/** A header parameter value inside a Swift string literal: `"` and line breaks percent-encoded, as browsers do. */
const param = (s: string): string => s.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));

/**
 * Swift (URLSession): Foundation has no multipart builder, so the body is written as `Data`, each
 * file read with `Data(contentsOf:)` (bytes, never text), and the `Content-Type` names the
 * boundary (a new UUID per request).
 */
export function swiftMultipart(req: MultipartRequest): string {
  const body: string[] = ['var body = Data()'];
  const add = (text: string): void => {
    body.push(`body.append(Data(${text}.utf8))`);
  };
  for (const part of req.parts) {
    add('"--\\(boundary)\\r\\n"');
    if (part.kind === 'file') {
      add(q(`Content-Disposition: form-data; name="${param(part.name)}"; filename="${param(part.fileName)}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`));
      body.push(`body.append(try Data(contentsOf: URL(fileURLWithPath: ${q(part.fileName)})))`);
      add('"\\r\\n"');
    } else {
      add(q(`Content-Disposition: form-data; name="${param(part.name)}"\r\n\r\n${part.value}\r\n`));
    }
  }
  add('"--\\(boundary)--\\r\\n"');
  const headers = headersWithCookie(req);
  return [
    'import Foundation',
    '',
    `let url = URL(string: ${q(req.url)})!`,
    'var request = URLRequest(url: url)',
    `request.httpMethod = ${q(req.method)}`,
    'request.timeoutInterval = 10',
    ...(headers.length > 0 ? ['request.allHTTPHeaderFields = [', headers.map((h) => `  ${q(h.name)}: ${q(h.value)}`).join(',\n'), ']'] : []),
    '',
    // A fresh boundary per request: it cannot occur in the file.
    'let boundary = "Boundary-\\(UUID().uuidString)"',
    'request.setValue("multipart/form-data; boundary=\\(boundary)", forHTTPHeaderField: "Content-Type")',
    '',
    ...body,
    'request.httpBody = body',
    '',
    'let (data, _) = try await URLSession.shared.data(for: request)',
    'print(String(decoding: data, as: UTF8.self))',
  ].join('\n');
}
