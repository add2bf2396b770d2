import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { codeSamplesFor, type CodeSample } from '../../../../src/render/operation/code-samples/index.js';
import type { OperationModel } from '../../../../src/openapi/operation-model/model.js';
import { expectGolden, loadFixture, modelOf, samplesText, settings } from './helpers.js';

const FIXTURE = 'samples-multipart';
const loaded = loadFixture(FIXTURE);
const upload = modelOf(loaded, 'uploadFiles');
const ALL = ['bash', 'python', 'javascript', 'node', 'php', 'go', 'java', 'ruby', 'powershell', 'swift', 'csharp', 'dotnet', 'typescript', 'c', 'c++', 'kotlin'];
const samples = (model: OperationModel = upload) => codeSamplesFor(model, loaded.document, settings({ languages: ALL }));
const byLabel = (list: readonly CodeSample[]) => new Map(list.map((s) => [s.label, s.code]));

/** How each language reads the file `example-file` (one match per file part). */
const READS_FILE: Readonly<Record<string, RegExp>> = {
  cURL: /=@example-file/g,
  Python: /open\("example-file", "rb"\)/g,
  JavaScript: /document\.querySelector\('input\[type=file\]\[name="\w+"\]'\)\.files\[0\]/g,
  Node: /await fs\.openAsBlob\('example-file'/g,
  PHP: /new CURLFile\('example-file'/g,
  Go: /os\.Open\("example-file"\)/g,
  Java: /new java\.io\.File\("example-file"\)/g,
  Ruby: /File\.open\('example-file', 'rb'\)/g,
  PowerShell: /Get-Item -Path 'example-file'/g,
  Swift: /Data\(contentsOf: URL\(fileURLWithPath: "example-file"\)\)/g,
  'C#': /request\.AddFile\("\w+", "example-file"/g,
  '.NET': /new StreamContent\(File\.OpenRead\("example-file"\)\)/g,
  TypeScript: /document\.querySelector<HTMLInputElement>\('input\[type=file\]\[name="\w+"\]'\)!\.files!\[0\]!/g,
  C: /curl_mime_filedata\(part, "example-file"\)/g,
  'C++': /curl_mime_filedata\(part, "example-file"\)/g,
  Kotlin: /java\.io\.File\("example-file"\)/g,
};

describe('multipart samples send files', () => {
  it('golden: every language, with a binary file (encoding type list), a 3.1 contentMediaType file, a contentEncoding file, quoted text, a repeated field, a cookie and an API key', () => {
    expectGolden(FIXTURE, 'uploadFiles.txt', samplesText(samples()));
  });

  it('every language reads each of the three file fields from a file, never sends its name as text', () => {
    const list = samples();
    expect(list.map((s) => s.label)).toEqual(Object.keys(READS_FILE));
    for (const s of list) {
      expect(s.code.match(READS_FILE[s.label] as RegExp)?.length, s.label).toBe(3);
      // httpsnippet wrote most bodies by hand: the boundary in a header, the file's name or nothing as the part.
      expect(s.code, s.label).not.toContain('011000010111000001101001');
    }
  });

  it('names each file part’s media type: the first of an encoding list, else the schema’s contentMediaType', () => {
    const code = byLabel(samples());
    expect(code.get('cURL')).toContain(`--form 'photo=@example-file;type=image/png' \\\n  --form 'scan=@example-file;type=application/pdf' \\\n  --form thumbnail=@example-file \\`);
    expect(code.get('Python')).toContain('"photo": ("example-file", open("example-file", "rb"), "image/png"),\n    "scan": ("example-file", open("example-file", "rb"), "application/pdf"),\n    "thumbnail": ("example-file", open("example-file", "rb"))');
    expect(code.get('C')).toContain('curl_mime_name(part, "scan");\ncurl_mime_filedata(part, "example-file");\ncurl_mime_type(part, "application/pdf");');
  });

  it('keeps text values as data in every language’s literal (quotes, $, backslash, #{ and \\( stay text)', () => {
    const code = byLabel(samples());
    expect(code.get('cURL')).toContain(`--form 'title=It'\\''s "mine" $HOME \\(x) #{y}'`);
    expect(code.get('Python')).toContain('"title": "It\'s \\"mine\\" $HOME \\\\(x) #{y}"');
    expect(code.get('JavaScript')).toContain(`form.append('title', 'It\\'s "mine" $HOME \\\\(x) #{y}');`);
    expect(code.get('PHP')).toContain(`'title' => 'It\\'s "mine" $HOME \\\\(x) #{y}'`);
    expect(code.get('Ruby')).toContain(`['title', 'It\\'s "mine" $HOME \\\\(x) #{y}']`);
    expect(code.get('PowerShell')).toContain(`'title' = 'It''s "mine" $HOME \\(x) #{y}'`);
    expect(code.get('Kotlin')).toContain('.addFormDataPart("title", "It\'s \\"mine\\" \\$HOME \\\\(x) #{y}")');
    expect(code.get('Swift')).toContain('name=\\"title\\"\\r\\n\\r\\nIt\'s \\"mine\\" $HOME \\\\(x) #{y}\\r\\n"');
    expect(code.get('Go')).toContain('writer.WriteField("title", "It\'s \\"mine\\" $HOME \\\\(x) #{y}")');
  });

  it('sends a repeated field as many parts (PHP, whose arrays cannot repeat a key, indexes it)', () => {
    const code = byLabel(samples());
    expect(code.get('cURL')).toContain('--form tags=red \\\n  --form tags=blue');
    expect(code.get('Python')).toContain('"tags": ["red", "blue"]');
    expect(code.get('PowerShell')).toContain(`'tags' = @('red', 'blue')`);
    expect(code.get('PHP')).toContain(`'tags[0]' => 'red',\n    'tags[1]' => 'blue'`);
  });

  it('a method without a client call: custom-method forms, RestSharp left out', () => {
    const code = byLabel(samples({ ...upload, method: 'QUERY' }));
    expect(code.has('C#')).toBe(false);
    expect(code.get('cURL')).toMatch(/^curl --request QUERY/);
    expect(code.get('Python')).toContain('response = requests.request("QUERY", url, data=payload, files=files, headers=headers)');
    expect(code.get('Java')).toContain('Unirest.request("QUERY", "https://files.example.com/v1/folders/inbox/files")');
    expect(code.get('Ruby')).toContain("class Net::HTTP::Query < Net::HTTPRequest\n  METHOD = 'QUERY'");
    expect(code.get('PowerShell')).toContain("-CustomMethod 'QUERY'");
    expect(code.get('.NET')).toContain('Method = new HttpMethod("QUERY"),');
    expect(code.get('Kotlin')).toContain('.method("QUERY", body)');
  });
});

const run = promisify(execFile);

/** A multipart body's parts: name, file name, content type and body text (enough for these tests). */
function parseMultipart(body: string, boundary: string) {
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((raw) => {
      const [head = '', ...rest] = raw.replace(/^\r\n/, '').split('\r\n\r\n');
      const disposition = /content-disposition: form-data; name="([^"]*)"(?:; filename="([^"]*)")?/i.exec(head);
      return { name: disposition?.[1], fileName: disposition?.[2], type: /content-type: (.*)/i.exec(head)?.[1]?.trim(), body: rest.join('\r\n\r\n').replace(/\r\n$/, '') };
    });
}

describe('the JavaScript sample, run', () => {
  it('sends the chosen files as file parts and the text fields, to a local server (Node, with a file input stand-in)', async () => {
    const received: { url?: string; headers?: IncomingMessage['headers']; body?: string } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        Object.assign(received, { url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('latin1') });
        res.setHeader('content-type', 'application/json');
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const local: OperationModel = { ...upload, servers: [{ url: `http://127.0.0.1:${port}/v1`, variables: {} }] };
      const code = codeSamplesFor(local, loaded.document, settings({ languages: ['javascript'] }))[0]?.code ?? '';
      // The page's <input type=file> holds one chosen file.
      const shim = "globalThis.document = { querySelector: (s) => ({ files: [new File([new Uint8Array([137, 80, 78, 71])], 'chosen.png', { type: 'image/png' })] }) };";
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', `${shim}\n${code}`], { timeout: 20_000 });
      expect(stdout.trim()).toBe('{ ok: true }');
      expect(received.url).toBe('/v1/folders/inbox/files');
      expect(received.headers?.['x-api-key']).toBe('<api-key>');
      const boundary = /boundary=(.+)$/.exec(received.headers?.['content-type'] ?? '')?.[1] ?? '';
      expect(parseMultipart(received.body ?? '', boundary)).toEqual([
        { name: 'photo', fileName: 'chosen.png', type: 'image/png', body: '\x89PNG' },
        { name: 'scan', fileName: 'chosen.png', type: 'image/png', body: '\x89PNG' },
        { name: 'thumbnail', fileName: 'chosen.png', type: 'image/png', body: '\x89PNG' },
        { name: 'title', fileName: undefined, type: undefined, body: 'It\'s "mine" $HOME \\(x) #{y}' },
        { name: 'tags', fileName: undefined, type: undefined, body: 'red' },
        { name: 'tags', fileName: undefined, type: undefined, body: 'blue' },
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
