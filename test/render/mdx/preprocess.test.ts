import { describe, expect, it } from 'vitest';
import { parseCodeMeta, parseLineRanges } from '../../../src/render/mdx/code/parse-code-meta.js';
import { findCodeRanges } from '../../../src/render/mdx/preprocess/find-code-ranges.js';
import { createPointMapper } from '../../../src/render/mdx/preprocess/point-mapper.js';
import { blankEsm, preprocessSource } from '../../../src/render/mdx/preprocess/preprocess-source.js';
import { applyEdits } from '../../../src/parse/text-edits.js';

describe('findCodeRanges', () => {
  it('protects frontmatter, fenced code (indented, tildes, unclosed) and inline code', () => {
    const text = '---\na: 1\n---\nx `c` y\n  ```js\n  k\n  ```\n~~~~\nt\n~~~~\n``a`b``\n```\nopen';
    const slices = findCodeRanges(text).map((r) => text.slice(r.start, r.end));
    expect(slices).toEqual(['---\na: 1\n---', '`c`', '  ```js\n  k\n  ```\n', '~~~~\nt\n~~~~\n', '``a`b``', '```\nopen']);
  });

  it('does not let an inline code span cross a blank line', () => {
    expect(findCodeRanges('a `b\n\nc` d')).toEqual([]);
  });

  it("with container reach, ends a list item's or quote's fence where its container ends", () => {
    const text = '1. Run:\n   ```bash\n   a\n\n   b\nout {x}\n\n> ```\n> q\nz\n\n  ```\ntop\n';
    const slices = (reach?: 'container') => findCodeRanges(text, reach).map((r) => text.slice(r.start, r.end));
    // Lazy: the list item's fence runs to the quote's fence line, which closes it; the `  ````
    // fence runs to the end.
    expect(slices()).toEqual(['   ```bash\n   a\n\n   b\nout {x}\n\n> ```\n', '  ```\ntop\n']);
    // Container: the list item ends at `out` and the quote at `z`, as CommonMark reads them. A
    // top-level fence indented two spaces ends at `top`: the mistake this reach accepts (it errs
    // towards the nesting guards).
    expect(slices('container')).toEqual(['   ```bash\n   a\n\n   b\n', '> ```\n> q\n', '  ```\n']);
  });

  // Fuzz finding (FUZZ_SEED=364325561, case 131): `---` right after `---` is an empty
  // frontmatter for the MDX compiler, but was read as a block running to the next `---` line
  // 1,000 lines below, so no nesting guard reached the lines between (24 s in micromark).
  it('ends an empty frontmatter at its second line, as the MDX compiler does', () => {
    const text = '---\n---\n# Body\n\n---\nnot: frontmatter\n---\n';
    expect(findCodeRanges(text).map((r) => text.slice(r.start, r.end))).toEqual(['---\n---']);
  });
});

describe('preprocessSource after an empty frontmatter', () => {
  it('caps the indentation of the body', () => {
    const body = Array.from({ length: 200 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');
    const { nesting } = preprocessSource(`---\n---\n${body}\n---\ndescription: x\n---\n`, {});
    expect(nesting.indentation.length).toBe(200 - 65);
  });
});

describe('applyEdits', () => {
  it('maps offsets back through replacements', () => {
    const edited = applyEdits('abcdef', [
      { start: 1, end: 3, text: 'XYZW' },
      { start: 4, end: 5, text: '' },
    ]);
    expect(edited.text).toBe('aXYZWdf');
    expect([0, 1, 3, 5, 6].map(edited.toOriginal)).toEqual([0, 1, 1, 3, 5]);
  });

  it('drops an edit that overlaps an earlier one', () => {
    expect(applyEdits('abcd', [{ start: 0, end: 2, text: 'X' }, { start: 1, end: 3, text: 'Y' }]).text).toBe('Xcd');
  });
});

describe('preprocessSource', () => {
  it('removes comments outside code, keeping their line breaks and eating the space before', () => {
    const pre = preprocessSource('a <!-- x\ny --> b\n`<!-- k -->`\n', {});
    expect(pre.text).toBe('a\n b\n`<!-- k -->`\n');
  });

  it('closes void tags and rewrites </br> and autolinks, outside code only', () => {
    const pre = preprocessSource('<br> <img src="a/b.png" alt="x"> <br/> <img></img> </br> <https://x.io/a>\n`<br>`', {});
    expect(pre.text).toBe('<br /> <img src="a/b.png" alt="x" /> <br/> <img /> <br /> [https://x.io/a](https://x.io/a)\n`<br>`');
  });

  it('consumes `</img>` after `<img …>` with only white space between, keeping its line breaks; `<br> </br>` stays two breaks', () => {
    const source = '<img src="a.png" alt="A"></img>\n<img\n  src="b.png"\n  alt="B">\n</img>\n\n<img src="c.png"> </img> <br> </br>\n';
    const pre = preprocessSource(source, {});
    expect(pre.text).toBe('<img src="a.png" alt="A" />\n<img\n  src="b.png"\n  alt="B" />\n\n\n<img src="c.png" /> <br /> <br />\n');
    expect(pre.text.split('\n').length).toBe(source.split('\n').length);
    expect(preprocessSource('<img src="d.png" style={{ width: 10 }}></img> <img style={{ a: { b: 1 } }}>', {}).text).toBe(
      '<img src="d.png" style={{ width: 10 }} /> <img style={{ a: { b: 1 } }}>',
    );
  });

  it('replaces known variables everywhere and escapes unknown ones outside code and attribute expressions', () => {
    const pre = preprocessSource('{{a}} {{b}} `{{b}}` style={{b}}', { a: 'A' });
    expect(pre.text).toBe('A &#123;&#123;b}} `{{b}}` style={{b}}');
    expect(pre.unknownVariables).toEqual([{ name: 'b', offset: 6 }]);
  });

  it('maps points of the preprocessed text to the file as written', () => {
    const source = 'x <!-- c --> {{v}} <5';
    const pre = preprocessSource(source, { v: 'value' });
    const map = createPointMapper(pre.text, source, pre.toOriginal);
    expect(map({ line: 1, column: pre.text.indexOf('<5') + 1 })).toEqual({ line: 1, column: source.indexOf('<5') + 1 });
  });

  it('blanks ESM blocks for the plain-Markdown fallback, not code', () => {
    expect(blankEsm('import A from "a"\nexport const b = {\n  c: 1,\n}\n\ntext\n```\nimport x\n```')).toBe(
      '\n\n\n\n\ntext\n```\nimport x\n```',
    );
  });
});

describe('parseCodeMeta', () => {
  it('reads titles, ranges, flags and options the way Mintlify writes them', () => {
    expect(parseCodeMeta('example.py {1,3-5}')).toEqual({ title: 'example.py', highlight: [1, 3, 4, 5], lineNumbers: false, wrap: false });
    expect(parseCodeMeta('title="utils/hello.js" lines wrap')).toEqual({ title: 'utils/hello.js', highlight: [], lineNumbers: true, wrap: true });
    expect(parseCodeMeta('Restricted {7-9} oneOf variant')).toMatchObject({ title: 'Restricted oneOf variant', highlight: [7, 8, 9] });
    expect(parseCodeMeta('HelloWorld.java example icon=java lines focus=2,4')).toMatchObject({ title: 'HelloWorld.java example', lineNumbers: true });
    expect(parseCodeMeta('highlight={4} expandable')).toEqual({ highlight: [4], lineNumbers: false, wrap: false });
    expect(parseCodeMeta(undefined)).toEqual({ highlight: [], lineNumbers: false, wrap: false });
  });

  it('caps ranges and ignores junk', () => {
    expect(parseLineRanges('8-11, 15-16, x, 0')).toEqual([8, 9, 10, 11, 15, 16]);
    expect(parseLineRanges('1-1000000000')).toHaveLength(100_000);
  });
});
