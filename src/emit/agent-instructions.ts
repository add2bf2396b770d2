import type { DocsConfig } from '../config/loaded-config.js';

/**
 * docs.json `markdown.instructions` as Mintlify renders it (ai/markdown-export.mdx, "Custom agent
 * instructions"): an `Agent Instructions` block quote, one line per array item (a string's own
 * line breaks kept), or undefined when there are none. Lines are quoted as written: the block is
 * Markdown meant for agents, and the author's Markdown stays Markdown.
 */
export function agentInstructions(config: Pick<DocsConfig, 'markdown'>): string | undefined {
  const given = config.markdown?.instructions;
  const items = given === undefined ? [] : typeof given === 'string' ? [given] : given;
  const lines = items
    .join('\n')
    .split(/\r\n?|\n/)
    .map((line) => line.trimEnd());
  while (lines.length && !lines[0]) lines.shift();
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  if (!lines.length) return undefined;
  return ['> ## Agent Instructions', ...lines.map((line) => (line ? `> ${line}` : '>'))].join('\n');
}

/** A page's Markdown copy with the instructions block appended ("appended to the generated Markdown of every page"). */
export function withAgentInstructions(markdown: string, block: string | undefined): string {
  if (!block) return markdown;
  return `${markdown.trimEnd()}\n\n${block}\n`;
}
