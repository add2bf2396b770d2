import type { MultipartRequest } from './multipart-request.js';
import { headersWithCookie } from './multipart-request.js';
import { doubleQuoted as q } from './quote.js';

/** `form-data; name="…"; filename="…"`, quotes and line breaks in the names percent-encoded (as browsers do). */
const disposition = (name: string, fileName: string): string => {
  const enc = (s: string) => s.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));
  return `form-data; name="${enc(name)}"; filename="${enc(fileName)}"`;
};

/**
 * Go (net/http): the body is written with mime/multipart, each file copied in from `os.Open`;
 * the `Content-Type` header is the writer's, with its boundary. Only the packages used are
 * imported (Go refuses unused imports).
 */
export function goMultipart(req: MultipartRequest): string {
  const files = req.parts.filter((p) => p.kind === 'file');
  const typed = files.some((p) => p.contentType);
  const imports = ['bytes', 'fmt', 'io', 'mime/multipart', 'net/http', ...(typed ? ['net/textproto'] : []), ...(files.length > 0 ? ['os'] : [])];
  const body: string[] = ['\tpayload := &bytes.Buffer{}', '\twriter := multipart.NewWriter(payload)'];
  // The first file declares `part`, `file` and `header`; later ones assign them.
  let fileDeclared = false;
  let headerDeclared = false;
  for (const part of req.parts) {
    if (part.kind === 'text') {
      body.push(`\twriter.WriteField(${q(part.name)}, ${q(part.value)})`);
      continue;
    }
    if (!fileDeclared) body.push('\tvar part io.Writer');
    body.push(`\tfile, _ ${fileDeclared ? '=' : ':='} os.Open(${q(part.fileName)})`, '\tdefer file.Close()');
    fileDeclared = true;
    if (part.contentType) {
      body.push(
        `\theader ${headerDeclared ? '=' : ':='} make(textproto.MIMEHeader)`,
        `\theader.Set("Content-Disposition", ${q(disposition(part.name, part.fileName))})`,
        `\theader.Set("Content-Type", ${q(part.contentType)})`,
        '\tpart, _ = writer.CreatePart(header)',
      );
      headerDeclared = true;
    } else {
      body.push(`\tpart, _ = writer.CreateFormFile(${q(part.name)}, ${q(part.fileName)})`);
    }
    body.push('\tio.Copy(part, file)');
  }
  body.push('\twriter.Close()');
  const headers = headersWithCookie(req).map((h) => `\treq.Header.Add(${q(h.name)}, ${q(h.value)})`);
  return [
    'package main',
    '',
    'import (',
    ...imports.map((i) => `\t"${i}"`),
    ')',
    '',
    'func main() {',
    '',
    `\turl := ${q(req.url)}`,
    '',
    ...body,
    '',
    `\treq, _ := http.NewRequest(${q(req.method)}, url, payload)`,
    '',
    ...headers,
    '\treq.Header.Add("Content-Type", writer.FormDataContentType())',
    '',
    '\tres, _ := http.DefaultClient.Do(req)',
    '',
    '\tdefer res.Body.Close()',
    '\tbody, _ := io.ReadAll(res.Body)',
    '',
    '\tfmt.Println(string(body))',
    '',
    '}',
  ].join('\n');
}
