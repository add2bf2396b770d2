import * as multipart from './multipart/index.js';
import type { MultipartRequest } from './multipart/index.js';

/**
 * The code-sample languages of `api.examples.languages`: Mintlify's keys and aliases, each
 * mapped to an @readme/httpsnippet target and client, and to a writer of its own for
 * multipart/form-data requests. A new language is one entry here.
 */

export interface SampleLanguage {
  /** Mintlify's key (`bash`, `python`, `c++`…). */
  readonly key: string;
  /** Tab label. */
  readonly label: string;
  /** Language id of the code block (highlighting, `data-language`). */
  readonly language: string;
  /** httpsnippet target and client; absent when httpsnippet has no generator for it. */
  readonly target?: { readonly id: string; readonly client: string };
  /** Rewrites the generator's output (layout only, never meaning). */
  readonly tidy?: (code: string) => string;
  /**
   * Writes the sample of a multipart/form-data request in place of httpsnippet, whose targets
   * mostly write the body by hand with the file's name where its bytes belong (see multipart/).
   * `undefined` when the client cannot send the request (RestSharp and a QUERY method).
   */
  readonly multipart?: (req: MultipartRequest) => string | undefined;
  /**
   * For a client whose httpsnippet target refuses methods outside GET, POST, PUT, DELETE, PATCH,
   * HEAD and OPTIONS ("Method not supported"): the sample is written for POST, then this puts
   * `method` (QUERY) in its place.
   */
  readonly customMethod?: (code: string, method: string) => string;
}

/**
 * Layout fixes for httpsnippet's curl output. A pretty JSON body comes as `--data '⏎{…}⏎'`;
 * Mintlify (and readers) expect `--data '{…}'` (the JSON has no `'`, else httpsnippet uses a
 * heredoc, left as is). Form field names come percent-encoded (`address%5Bcity%5D`); curl sends
 * the name part of `--data-urlencode` as written, so the brackets are shown as such, quoted
 * (unquoted brackets are shell globs).
 */
function tidyCurl(code: string): string {
  return code
    .replace(/(--data(?:-binary)? )'\n([\s\S]*)\n'$/, "$1'$2'")
    .replace(/^([ \t]*--data-urlencode )(.*?)( \\)?$/gm, (line, flag: string, arg: string, tail: string | undefined) => {
      const quoted = arg.length > 1 && arg.startsWith("'") && arg.endsWith("'");
      const inner = quoted ? arg.slice(1, -1) : arg;
      const eq = inner.indexOf('=');
      if (eq < 0 || !/%5[BD]/i.test(inner.slice(0, eq))) return line;
      const name = inner.slice(0, eq).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
      return `${flag}'${name}${inner.slice(eq)}'${tail ?? ''}`;
    });
}

const LANGUAGES: readonly SampleLanguage[] = [
  { key: 'bash', label: 'cURL', language: 'bash', target: { id: 'shell', client: 'curl' }, tidy: tidyCurl, multipart: multipart.curlMultipart },
  { key: 'python', label: 'Python', language: 'python', target: { id: 'python', client: 'requests' }, multipart: multipart.pythonMultipart },
  { key: 'javascript', label: 'JavaScript', language: 'javascript', target: { id: 'javascript', client: 'fetch' }, multipart: multipart.javascriptMultipart },
  // axios, so the Node tab differs from the JavaScript one (which already shows fetch).
  { key: 'node', label: 'Node', language: 'javascript', target: { id: 'node', client: 'axios' }, multipart: multipart.nodeMultipart },
  { key: 'php', label: 'PHP', language: 'php', target: { id: 'php', client: 'curl' }, multipart: multipart.phpMultipart },
  { key: 'go', label: 'Go', language: 'go', target: { id: 'go', client: 'native' }, multipart: multipart.goMultipart },
  { key: 'java', label: 'Java', language: 'java', target: { id: 'java', client: 'unirest' }, multipart: multipart.javaMultipart },
  { key: 'ruby', label: 'Ruby', language: 'ruby', target: { id: 'ruby', client: 'native' }, multipart: multipart.rubyMultipart },
  { key: 'powershell', label: 'PowerShell', language: 'powershell', target: { id: 'powershell', client: 'restmethod' }, multipart: multipart.powershellMultipart, customMethod: (code, method) => code.replace(/ -Method POST\b/, ` -CustomMethod '${method.replace(/'/g, "''")}'`) },
  { key: 'swift', label: 'Swift', language: 'swift', target: { id: 'swift', client: 'urlsession' }, multipart: multipart.swiftMultipart },
  { key: 'csharp', label: 'C#', language: 'csharp', target: { id: 'csharp', client: 'restsharp' }, multipart: multipart.csharpMultipart },
  // .NET's own HttpClient, so the tab differs from C# (RestSharp).
  { key: 'dotnet', label: '.NET', language: 'csharp', target: { id: 'csharp', client: 'httpclient' }, multipart: multipart.dotnetMultipart },
  // Closest client: no TypeScript target; fetch code is valid TypeScript.
  { key: 'typescript', label: 'TypeScript', language: 'typescript', target: { id: 'javascript', client: 'fetch' }, multipart: multipart.typescriptMultipart },
  { key: 'c', label: 'C', language: 'c', target: { id: 'c', client: 'libcurl' }, multipart: multipart.cMultipart },
  // Closest client: libcurl's C API, which compiles as C++.
  { key: 'c++', label: 'C++', language: 'cpp', target: { id: 'c', client: 'libcurl' }, multipart: multipart.cMultipart },
  { key: 'kotlin', label: 'Kotlin', language: 'kotlin', target: { id: 'kotlin', client: 'okhttp' }, multipart: multipart.kotlinMultipart },
  // httpsnippet 11 has no Rust or Dart target: skipped when asked for.
  { key: 'rust', label: 'Rust', language: 'rust' },
  { key: 'dart', label: 'Dart', language: 'dart' },
];

/** Aliases to keys, as Mintlify documents them (matched case-insensitively). */
const ALIASES: Readonly<Record<string, string>> = {
  curl: 'bash',
  sh: 'bash',
  shell: 'bash',
  py: 'python',
  js: 'javascript',
  golang: 'go',
  rb: 'ruby',
  'c#': 'csharp',
  ts: 'typescript',
  cpp: 'c++',
  kt: 'kotlin',
  rs: 'rust',
  flutter: 'dart',
};

const BY_KEY = new Map(LANGUAGES.map((l) => [l.key, l]));

/** The language a key or alias names (`TS` → typescript), or `undefined` for an unknown name. */
export function sampleLanguage(name: string): SampleLanguage | undefined {
  const lower = name.trim().toLowerCase();
  return BY_KEY.get(ALIASES[lower] ?? lower);
}

/** `api.examples.languages` when not set. */
export const DEFAULT_LANGUAGES: readonly string[] = ['bash', 'python', 'javascript'];
