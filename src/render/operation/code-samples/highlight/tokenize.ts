/**
 * The highlighter of API pages' code samples and response examples; shiki (TextMate grammars)
 * highlights code blocks in MDX pages. Two highlighters on purpose, for speed: on the samples of
 * one large operation (Stripe's `POST /v1/accounts/{account}`: curl, Python, JavaScript and a
 * JSON response, 66,450 characters in 5 samples; Node 20, the 2-core machine, under tsx) this
 * tokenizer takes about 7-8 ms per page (median of 7; 30-45 ms the first time) where shiki,
 * with the same github-light/dark colours and its highlighter already made, takes 117-162 ms
 * per page (700-1,300 ms the first time): about 17-19 times slower, on every API page of a
 * build. Page code blocks keep shiki: any language, themes, and far less code per page.
 * Bounds: `highlightCode` leaves code over 100,000 characters plain; every expression here
 * scans the code once (an unclosed string, comment or heredoc runs to the end).
 */
import { GRAMMAR_ALIASES, GRAMMARS, type Grammar } from './grammars.js';

/** The token classes; `colourOf` (palette.ts) gives each its colour from a shiki theme. `property`: a JSON key. */
export type TokenKind = 'keyword' | 'string' | 'constant' | 'property' | 'comment' | 'function' | 'variable' | 'tag' | 'attribute';

/** A run of source text; without `kind` it takes the block's default colour. */
export interface Token {
  readonly text: string;
  readonly kind?: TokenKind;
}

/** The grammar id for a code-block language (`sh` → bash), or `undefined` when there is none. */
export function grammarId(language: string): string | undefined {
  const lower = language.toLowerCase();
  const id = GRAMMAR_ALIASES[lower] ?? lower;
  return Object.hasOwn(GRAMMARS, id) || id === 'xml' || id === 'html' ? id : undefined;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** One sticky regular expression per grammar; named groups tell which alternative matched. */
function compile(g: Grammar): RegExp {
  const comments: string[] = [];
  if (g.blockComments) comments.push(String.raw`\/\*[\s\S]*?(?:\*\/|$)`);
  for (const open of g.lineComments) comments.push(open === '#' ? String.raw`(?<![^\s;|&(])#[^\n]*` : `${escapeRe(open)}[^\\n]*`);
  const strings: string[] = [];
  // A heredoc without its closing word runs to the end, as in bash: one scan, never one per `<<`.
  if (g.shell) strings.push(String.raw`<<-?['"]?(?<hd>\w+)['"]?[^\n]*\n[\s\S]*?(?:\n[ \t]*\k<hd>(?=\n|$)|$)`);
  if (g.tripleQuotes) strings.push(String.raw`"""[\s\S]*?(?:"""|$)|'''[\s\S]*?(?:'''|$)`);
  strings.push(g.shell ? String.raw`"(?:[^"\\]|\\[\s\S])*"?` : String.raw`"(?:[^"\\\n]|\\[\s\S])*"?`);
  if (g.singleQuotes === 'escaped') strings.push(String.raw`'(?:[^'\\\n]|\\[\s\S])*'?`);
  if (g.singleQuotes === 'raw') strings.push(String.raw`'[^']*'?`);
  if (g.backticks) strings.push(String.raw`\x60(?:[^\x60\\]|\\[\s\S])*\x60?`);
  const parts = [
    comments.length > 0 ? `(?<c>${comments.join('|')})` : '',
    g.preprocessor ? String.raw`(?<p>(?<=^|\n)[ \t]*#[ \t]*\w+)` : '',
    `(?<s>${strings.join('|')})`,
    g.dollarVariables ? String.raw`(?<v>\$\{[^}\n]*\}|\$[A-Za-z_]\w*)` : '',
    g.shell ? String.raw`(?<f>(?<=\s)--?[A-Za-z][\w-]*)` : '',
    String.raw`(?<n>\b(?:0x[\da-fA-F]+|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\b)`,
    g.dashedWords ? String.raw`(?<w>[A-Za-z_]\w*(?:-[A-Za-z]\w*)*)` : String.raw`(?<w>[A-Za-z_]\w*)`,
    String.raw`(?<o>\s+|[\s\S])`,
  ].filter(Boolean);
  return new RegExp(parts.join('|'), 'y');
}

const COMPILED: ReadonlyMap<string, RegExp> = new Map(Object.entries(GRAMMARS).map(([id, g]) => [id, compile(g)]));

/**
 * JSON, the bulk of response examples, gets its own small expression (about twice as fast as
 * the generic one): keys (strings followed by `:`), strings, numbers and literals; runs of
 * anything else in one token.
 */
const JSON_TOKENS = /(?<k>"(?:[^"\\\n]|\\.)*"(?=\s*:))|(?<s>"(?:[^"\\\n]|\\.)*"?)|(?<n>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\b(?:true|false|null)\b)|(?<o>[^"\d\-tfn]+|[\s\S])/y;

/** XML/HTML: comments, tag names, attribute names, quoted values. */
const XML = /(?<c><!--[\s\S]*?(?:-->|$))|(?<t><\/?[\w:.-]+|\/?>|<\?[\w:.-]*|\?>)|(?<a>[\w:.-]+(?==))|(?<s>"[^"]*"|'[^']*')|(?<o>[^<>"'\w]+|[\s\S])/y;

/**
 * Splits `code` into tokens for the grammar of `language` (see `grammarId`); an unknown
 * language gives one plain token. Linear in the code's length; never throws on any input.
 */
export function tokenize(code: string, language: string): Token[] {
  const id = grammarId(language);
  if (id === 'xml' || id === 'html') return scan(code, XML, (m) => xmlKind(m));
  if (id === 'json') return scan(code, JSON_TOKENS, (m) => (m.groups?.k !== undefined ? 'property' : m.groups?.s !== undefined ? 'string' : m.groups?.n !== undefined ? 'constant' : undefined));
  const grammar = id === undefined ? undefined : GRAMMARS[id];
  const re = id === undefined ? undefined : COMPILED.get(id);
  if (!grammar || !re) return [{ text: code }];
  let command = true;
  return scan(code, re, (m, end) => {
    const g = m.groups ?? {};
    if (g.c !== undefined) return 'comment';
    if (g.p !== undefined) return 'keyword';
    if (g.s !== undefined) {
      command = false;
      return grammar.jsonKeys && /^\s*:/.test(code.slice(end, end + 40)) ? 'property' : 'string';
    }
    if (g.v !== undefined) return grammar.literals.has(m[0]) ? 'constant' : 'variable';
    if (g.f !== undefined) return 'constant';
    if (g.n !== undefined) return 'constant';
    if (g.w !== undefined) {
      const word = m[0];
      const wasCommand = command;
      command = false;
      if (grammar.literals.has(word)) return 'constant';
      if (grammar.keywords.has(word)) return 'keyword';
      if (grammar.shell) return wasCommand ? 'function' : undefined;
      if (grammar.dashedWords && word.includes('-')) return 'function';
      return code[end] === '(' ? 'function' : undefined;
    }
    // Shell: a new command starts after a newline that is not continued, `|`, `;`, `&` or `(`.
    if (grammar.shell && (/[|;&(]/.test(m[0]) || (m[0].includes('\n') && code[m.index - 1] !== '\\'))) command = true;
    return undefined;
  });
}

function xmlKind(m: RegExpExecArray): TokenKind | undefined {
  const g = m.groups ?? {};
  if (g.c !== undefined) return 'comment';
  if (g.t !== undefined) return 'tag';
  if (g.a !== undefined) return 'attribute';
  if (g.s !== undefined) return 'string';
  return undefined;
}

/** Runs a sticky regex over `code`, merging neighbouring tokens of the same kind. */
function scan(code: string, re: RegExp, kindOf: (m: RegExpExecArray, end: number) => TokenKind | undefined): Token[] {
  const out: { text: string; kind?: TokenKind }[] = [];
  let at = 0;
  while (at < code.length) {
    re.lastIndex = at;
    const m = re.exec(code);
    const text = m && m[0].length > 0 ? m[0] : (code[at] ?? '');
    const kind = m && m[0].length > 0 ? kindOf(m, at + text.length) : undefined;
    at += text.length;
    const last = out[out.length - 1];
    if (last && last.kind === kind) last.text += text;
    else out.push(kind === undefined ? { text } : { text, kind });
  }
  return out;
}
