/**
 * String literals for the multipart sample writers, one per quoting convention. Each returns the
 * literal with its quotes, so any text (a quote, a backslash, a newline, `$`, `#{`) stays data.
 */

/** Lone UTF-16 surrogates, which no target language's literal can hold: they become U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (s: string): string => s.replace(LONE_SURROGATE, '\uFFFD');

/** `"…"` with JSON's escapes, which Go, Java and C# read alike. */
export function doubleQuoted(s: string): string {
  return JSON.stringify(wellFormed(s));
}

/** Kotlin: JSON's escapes, and `$` escaped (it starts a template). */
export function kotlinString(s: string): string {
  return doubleQuoted(s).replace(/\$/g, '\\$');
}

/** JavaScript `'…'`. */
export function jsString(s: string): string {
  const escaped = wellFormed(s).replace(/[\\'\n\r\u2028\u2029]/g, (c) => {
    switch (c) {
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\u2028':
        return '\\u2028';
      case '\u2029':
        return '\\u2029';
      default:
        return `\\${c}`;
    }
  });
  return `'${escaped}'`;
}

/** PHP and Ruby `'…'`: only `\` and `'` are escaped; newlines stand as they are. */
export function singleQuotedLiteral(s: string): string {
  return `'${wellFormed(s).replace(/[\\']/g, '\\$&')}'`;
}

/** PowerShell `'…'`: a quote is doubled, typographic single quotes included (PowerShell reads them as quotes). */
export function powershellString(s: string): string {
  return `'${wellFormed(s).replace(/['\u2018\u2019\u201A\u201B]/g, '$&$&')}'`;
}

/** POSIX shell: bare when every character is safe, else `'…'` with `'\''` for a quote. */
export function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

const C_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t', '?': '\\?' };

/**
 * C `"…"`: other control characters as three-digit octal escapes, the first `?` of `??` escaped
 * (no trigraph can form). Non-ASCII stays as UTF-8.
 */
export function cString(s: string): string {
  return `"${wellFormed(s).replace(/[\\"\n\r\t\u0000-\u001F\u007F]|\?(?=\?)/g, (c) => C_ESCAPES[c] ?? `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`)}"`;
}

/** Swift `"…"`: `\` escaped (so `\(` is no interpolation), control characters as `\u{…}`. */
export function swiftString(s: string): string {
  return `"${wellFormed(s).replace(/[\\"\n\r\t\u0000-\u001F\u007F]/g, (c) =>
    c === '\\' ? '\\\\' : c === '"' ? '\\"' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\u{${c.charCodeAt(0).toString(16)}}`,
  )}"`;
}
