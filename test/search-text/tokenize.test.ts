import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/search-text/tokenize.js';

/**
 * Terms pinned from the tokenizer as it was kept before (a string of browser code run with
 * `new Function`, format 1 of the index): indexes built since split text exactly alike.
 */
const CASES: readonly (readonly [string, readonly string[]])[] = [
  ['Run npm install acme.', ['Run', 'npm', 'install', 'acme']],
  ['  leading, trailing!  ', ['leading', 'trailing']],
  ["don't stop—now", ['don', 't', 'stop', 'now']],
  ['在配置文件中设置密钥。', ['在配', '配置', '置文', '文件', '件中', '中设', '设置', '置密', '密钥']],
  ['密', ['密']],
  ['Sheaf是一个工具 v2.0', ['Sheaf', '是一', '一个', '个工', '工具', 'v2', '0']],
  ['ひらがなカタカナ漢字', ['ひら', 'らが', 'がな', 'なカ', 'カタ', 'タカ', 'カナ', 'ナ漢', '漢字']],
  ['한국어 텍스트', ['한국', '국어', '텍스', '스트']],
  ['a\u00a0b\u2003c', ['a', 'b', 'c']],
  ['email@example.com path/to/file', ['email', 'example', 'com', 'path', 'to', 'file']],
  ['', []],
  ['x😀y', ['x😀y']],
  ['mixed日本語text', ['mixed', '日本', '本語', 'text']],
];

describe('tokenize', () => {
  it.each(CASES)('splits %j', (text, terms) => {
    expect(tokenize(text)).toEqual(terms);
  });

  it('is the same on a second call (no regular expression keeps state between calls)', () => {
    expect(tokenize('配置文件 and more')).toEqual(['配置', '置文', '文件', 'and', 'more']);
    expect(tokenize('配置文件 and more')).toEqual(['配置', '置文', '文件', 'and', 'more']);
  });
});
