import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import type { Construct, Event, Extension, State, TokenizeContext, Token } from 'micromark-util-types';
import type { Processor } from 'unified';

/**
 * GFM syntax (`micromark-extension-gfm`) whose autolink literals cost linear time.
 *
 * Each of the three autolink-literal constructs (www, protocol, email) asks, at every word it
 * could start at, whether an unclosed `[` or `![` precedes it in the paragraph, and walks the
 * paragraph's events back to find out. When one does, the walk never marks where it stopped, so
 * every later word walks back to it again: a paragraph of 300,000 characters after an unclosed
 * `[` took 92 s (fuzz FUZZ_SEED=399270118, case 183), quadratic in its words. Here each
 * construct first looks for that unclosed label itself and remembers the one it found; while that
 * label is still in place and unclosed, the answer (no autolink here) is given without a walk.
 * Otherwise the construct runs unchanged, so what is parsed is exactly what GFM parses.
 */

/** The unclosed label last found in an events list, and where. */
interface FoundLabel {
  readonly index: number;
  readonly token: Token;
}

const found = new WeakMap<Event[], FoundLabel>();

/** Marks of `micromark-extension-gfm-autolink-literal` and `micromark-core-commonmark` on tokens. */
type MarkedToken = Token & { _balanced?: boolean; _gfmAutolinkLiteralWalkedInto?: boolean };

const unclosedLabel = (token: MarkedToken): boolean => (token.type === 'labelLink' || token.type === 'labelImage') && !token._balanced;

/**
 * Whether an unclosed label precedes the end of `events`: the answer of the construct's own walk
 * (which stops at a token it marked as walked into, having found nothing before it).
 */
function followsUnclosedLabel(events: Event[]): boolean {
  const last = found.get(events);
  if (last && events[last.index]?.[1] === last.token && unclosedLabel(last.token)) return true;
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const token = (events[index] as Event)[1] as MarkedToken;
    if (unclosedLabel(token)) {
      found.set(events, { index, token });
      return true;
    }
    if (token._gfmAutolinkLiteralWalkedInto) break;
  }
  found.delete(events);
  return false;
}

/**
 * `construct` with a start that answers "no autolink" after an unclosed label without a walk. It
 * looks only where the construct itself would (its `previous` character allows a start there).
 */
function linearConstruct(construct: Construct): Construct {
  const { tokenize, previous } = construct;
  return {
    ...construct,
    tokenize(this: TokenizeContext, effects, ok, nok): State {
      const start = tokenize.call(this, effects, ok, nok);
      return (code) => ((!previous || previous.call(this, this.previous)) && followsUnclosedLabel(this.events) ? nok(code) : start(code));
    },
  };
}

const AUTOLINK_CONSTRUCTS = new Set<Construct>(
  Object.values(gfmAutolinkLiteral().text ?? {}).flatMap((c) => (Array.isArray(c) ? c : [c]) as Construct[]),
);
const linear = new Map<Construct, Construct>([...AUTOLINK_CONSTRUCTS].map((c) => [c, linearConstruct(c)]));
const swap = (c: Construct): Construct => linear.get(c) ?? c;

/** The micromark extension of GFM, with linear autolink literals. */
export function gfmSyntax(): Extension {
  const extension = gfm();
  const text = Object.fromEntries(
    Object.entries(extension.text ?? {}).map(([code, constructs]) => [code, Array.isArray(constructs) ? constructs.map(swap) : swap(constructs as Construct)]),
  );
  return { ...extension, text };
}

/** The remark plugin of GFM (what `remark-gfm` adds), with `gfmSyntax`. */
export function remarkGfmSyntax(this: Processor): void {
  // The fields remark-parse and remark-stringify read (their types extend unified's `Data`).
  const data = this.data() as {
    micromarkExtensions?: Extension[];
    fromMarkdownExtensions?: ReturnType<typeof gfmFromMarkdown>[];
    toMarkdownExtensions?: ReturnType<typeof gfmToMarkdown>[];
  };
  (data.micromarkExtensions ??= []).push(gfmSyntax());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
  (data.toMarkdownExtensions ??= []).push(gfmToMarkdown());
}
