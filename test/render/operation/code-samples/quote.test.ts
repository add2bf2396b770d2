import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  cString,
  doubleQuoted,
  jsString,
  kotlinString,
  powershellString,
  shellWord,
  singleQuotedLiteral,
  swiftString,
} from '../../../../src/render/operation/code-samples/multipart/quote.js';

/** Text that breaks naive quoting: both quotes, a backslash, interpolation starters, control characters, line breaks. */
const NASTY = `a'b"c\\d $e #{f} \\(g) \${h} ??= \n\r\t\u0001\u2028 é`;

describe('string literals of the multipart writers', () => {
  it('JavaScript and JSON-style literals read back as the text', () => {
    expect(new Function(`return ${jsString(NASTY)};`)()).toBe(NASTY);
    expect(JSON.parse(doubleQuoted(NASTY))).toBe(NASTY);
    expect(doubleQuoted('a\uD800b')).toBe('"a\uFFFDb"');
  });

  it('shell words read back as the text through sh', () => {
    for (const text of [NASTY, 'plain-word_1.2:3@x/y', "it's", '']) {
      const out = spawnSync('sh', ['-c', `printf %s ${shellWord(text)}`], { encoding: 'utf8' });
      expect(out.stdout).toBe(text);
    }
    expect(shellWord('file=@example-file')).toBe('file=@example-file');
    expect(shellWord('a b')).toBe("'a b'");
  });

  it('escapes what each other language reads specially', () => {
    expect(kotlinString('$x ${y} "q" \\')).toBe('"\\$x \\${y} \\"q\\" \\\\"');
    expect(singleQuotedLiteral(`it's \\ "x" $y #{z}\n`)).toBe(`'it\\'s \\\\ "x" $y #{z}\n'`);
    expect(powershellString(`it's ‘curly’ $x`)).toBe(`'it''s ‘‘curly’’ $x'`);
    expect(cString('a"b\\c\nd\u0001e??=f?g é')).toBe('"a\\"b\\\\c\\nd\\001e\\??=f?g é"');
    expect(swiftString('a"b\\(c)\n\u0001 é')).toBe('"a\\"b\\\\(c)\\n\\u{1} é"');
  });
});
