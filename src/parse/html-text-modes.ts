import { TokenizerMode } from 'parse5';

/**
 * The elements whose content parse5's tree builder reads as raw text in HTML (scripting off, as
 * hast-util-from-html parses), with the tokenizer state it switches to after their start tag.
 * For the readers that run the tokenizer alone (link-check.ts, rewrite-body-links.ts).
 */
export const HTML_TEXT_MODES: Readonly<Record<string, (typeof TokenizerMode)[keyof typeof TokenizerMode]>> = {
  script: TokenizerMode.SCRIPT_DATA,
  style: TokenizerMode.RAWTEXT,
  xmp: TokenizerMode.RAWTEXT,
  iframe: TokenizerMode.RAWTEXT,
  noembed: TokenizerMode.RAWTEXT,
  noframes: TokenizerMode.RAWTEXT,
  textarea: TokenizerMode.RCDATA,
  title: TokenizerMode.RCDATA,
  plaintext: TokenizerMode.PLAINTEXT,
};
