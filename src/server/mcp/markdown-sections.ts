import GithubSlugger from 'github-slugger';
import { replaceDelimited, trimTrailing } from '../../text/linear-text.js';

/** A part of a Markdown page from one ATX heading (or the page's start) to the next of the same or a higher level. */
export interface MarkdownSection {
  /** The heading's text, inline Markdown left out (empty for the part before the first heading). */
  readonly heading: string;
  /** Its anchor on the page (github-slugger, as the page's headings get their ids). */
  readonly anchor: string;
  /** 1–6; 0 for the part before the first heading. */
  readonly level: number;
  /** The section's Markdown, its heading line included. */
  readonly markdown: string;
}

/** The opening of an ATX heading: up to three spaces, one to six `#`, a space. */
const ATX_OPEN = /^ {0,3}(#{1,6})[ \t]/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const SPACE = ' \t';

/** An ATX heading line's level and text (its closing `#` sequence left out), or undefined. */
function atxHeading(line: string): { level: number; text: string } | undefined {
  const open = ATX_OPEN.exec(line);
  if (!open) return undefined;
  const text = trimTrailing(line.slice(open[0].length), SPACE);
  const closed = trimTrailing(text, '#');
  // `## Title ##`: a closing sequence goes when a space stands before it (`C#` keeps its `#`).
  const bare = closed !== text && (closed === '' || SPACE.includes(closed.charAt(closed.length - 1))) ? trimTrailing(closed, SPACE) : text;
  return { level: (open[1] as string).length, text: bare.trim() };
}

/** A heading's text as the page shows it: link targets, inline tags, emphasis and code ticks dropped. */
function plainHeading(text: string): string {
  const withoutTargets = replaceDelimited(text, '](', ')', () => ']');
  const withoutTags = replaceDelimited(withoutTargets, '<', '>', () => '', true);
  return withoutTags.replaceAll('![', '').replace(/[[\]`*_~]/g, '').trim();
}

/**
 * The sections of a page's Markdown copy, in order: each heading starts one, which runs to the
 * next heading of its level or a higher one (so a section holds its subsections). Headings inside
 * fenced code blocks are not headings.
 */
export function markdownSections(markdown: string): MarkdownSection[] {
  const lines = markdown.split('\n');
  const starts: { line: number; level: number; heading: string }[] = [];
  let fence: string | undefined;
  lines.forEach((line, i) => {
    const opener = FENCE.exec(line)?.[1];
    if (fence) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length) fence = undefined;
      return;
    }
    if (opener) {
      fence = opener;
      return;
    }
    const atx = atxHeading(line);
    if (atx) starts.push({ line: i, level: atx.level, heading: plainHeading(atx.text) });
  });
  const slugger = new GithubSlugger();
  const sections: MarkdownSection[] = [];
  const first = starts[0]?.line ?? lines.length;
  const lead = lines.slice(0, first).join('\n').trim();
  if (lead) sections.push({ heading: '', anchor: '', level: 0, markdown: lead });
  // Each section ends where the next heading of its level or a higher one starts: one pass with
  // the open sections on a stack (linear in the headings, whatever their order).
  const ends = starts.map(() => lines.length);
  const open: number[] = [];
  starts.forEach((start, k) => {
    while (open.length > 0 && (starts[open[open.length - 1] as number] as (typeof starts)[number]).level >= start.level) ends[open.pop() as number] = start.line;
    open.push(k);
  });
  starts.forEach((start, k) => {
    sections.push({ heading: start.heading, anchor: slugger.slug(start.heading), level: start.level, markdown: lines.slice(start.line, ends[k]).join('\n').trim() });
  });
  return sections;
}

/**
 * The section of `markdown` that `wanted` names: its anchor (`#create-a-note` or without the
 * `#`), else its heading text (case and surrounding space ignored). The first match in page order.
 */
export function findSection(markdown: string, wanted: string): MarkdownSection | undefined {
  const key = wanted.trim().replace(/^#/, '');
  const sections = markdownSections(markdown).filter((s) => s.level > 0);
  const lower = key.toLowerCase();
  return sections.find((s) => s.anchor === key) ?? sections.find((s) => s.heading.toLowerCase() === lower) ?? sections.find((s) => s.anchor === new GithubSlugger().slug(key));
}
