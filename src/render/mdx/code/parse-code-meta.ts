/** What a fenced code block's meta string (after the language) asks for. */
export interface CodeMeta {
  /** `title="…"`, or the words of the meta that are no option (```` ```py example.py ````). */
  readonly title?: string;
  /** 1-based line numbers to highlight, sorted, from `{1,3-5}` or `highlight={…}`. */
  readonly highlight: readonly number[];
  /** `lines`: show line numbers. */
  readonly lineNumbers: boolean;
  /** `wrap`: wrap long lines instead of scrolling. */
  readonly wrap: boolean;
}

/** A range like `3-5` is capped at this many lines, so `1-1e9` cannot exhaust memory. */
const MAX_LINE = 100_000;
const TOKEN = /([A-Za-z][\w-]*)=(?:"([^"]*)"|'([^']*)'|\{([^}]*)\}|(\S*))|\{([^}]*)\}|"([^"]*)"|(\S+)/g;
/** Longer meta strings are ignored. */
const MAX_META_CHARS = 4_000;
/** Bare words that are options, not part of a title. */
const FLAGS = new Set(['lines', 'wrap', 'expandable', 'twoslash']);

/** Parses line ranges: `1,3-5` or `8-11, 15-18`. */
export function parseLineRanges(text: string): number[] {
  const lines = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!m) continue;
    const from = Number(m[1]);
    const to = Math.min(Number(m[2] ?? m[1]), MAX_LINE);
    for (let n = from; n <= to; n += 1) if (n > 0) lines.add(n);
  }
  return [...lines].sort((a, b) => a - b);
}

export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  let title: string | undefined;
  const words: string[] = [];
  let highlight: number[] = [];
  let lineNumbers = false;
  let wrap = false;
  // A meta string is a few words; a longer one is ignored (TOKEN backtracks on long runs of `{ `).
  for (const m of (meta ?? '').length > MAX_META_CHARS ? [] : (meta ?? '').matchAll(TOKEN)) {
    const [, key, dq, sq, braced, bare, ranges, quoted, word] = m;
    if (key !== undefined) {
      const value = dq ?? sq ?? braced ?? bare ?? '';
      if (key === 'title') title = value;
      else if (key === 'highlight') highlight = parseLineRanges(value);
      else if (key === 'lines') lineNumbers = value !== 'false';
      else if (key === 'wrap') wrap = value !== 'false';
    } else if (ranges !== undefined) {
      highlight = parseLineRanges(ranges);
    } else if (quoted !== undefined) {
      words.push(quoted);
    } else if (word === 'lines') {
      lineNumbers = true;
    } else if (word === 'wrap') {
      wrap = true;
    } else if (word !== undefined && !FLAGS.has(word)) {
      words.push(word);
    }
  }
  title ??= words.length > 0 ? words.join(' ') : undefined;
  return { ...(title !== undefined ? { title } : {}), highlight, lineNumbers, wrap };
}
