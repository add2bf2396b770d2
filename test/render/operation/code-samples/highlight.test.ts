import { describe, expect, it } from 'vitest';
import { highlightCode } from '../../../../src/render/operation/code-samples/highlight/highlight-code.js';
import { grammarId, tokenize, type Token } from '../../../../src/render/operation/code-samples/highlight/tokenize.js';

/** Coloured tokens only, as `kind:text`. */
const kinds = (tokens: readonly Token[]) => tokens.filter((t) => t.kind).map((t) => `${t.kind}:${t.text}`);

describe('tokenize', () => {
  it('shell: command, flags, strings, continuation lines, heredocs, comments', () => {
    const code = "# call it\ncurl --request POST \\\n  --url 'https://x.test/a?b=1' \\\n  --data @- <<EOF\n{\"a\": 1}\nEOF\necho $HOME | grep x";
    expect(kinds(tokenize(code, 'bash'))).toEqual([
      'comment:# call it',
      'function:curl',
      'constant:--request',
      'constant:--url',
      "string:'https://x.test/a?b=1'",
      'constant:--data',
      'string:<<EOF\n{"a": 1}\nEOF',
      'function:echo',
      'variable:$HOME',
      'function:grep',
    ]);
  });

  it('shell: a heredoc without its closing word runs to the end (as in bash), in one token', () => {
    expect(kinds(tokenize('cat <<EOF\n{"a": 1}\necho done', 'bash'))).toEqual(['function:cat', 'string:<<EOF\n{"a": 1}\necho done']);
    // 3,000 unclosed heredocs: the first takes the rest (this scanned to the end once per `<<`).
    expect(kinds(tokenize('<<a\n'.repeat(3_000), 'bash'))).toEqual([`string:${'<<a\n'.repeat(3_000)}`]);
  });

  it('does not take a # inside a word for a comment', () => {
    expect(kinds(tokenize('curl https://x.test/a#frag', 'sh'))).toEqual(['function:curl']);
  });

  it('python: keywords, literals, calls, strings, comments', () => {
    expect(kinds(tokenize('import requests\nr = requests.get("u", timeout=None)  # go\nprint(r.text)', 'py'))).toEqual([
      'keyword:import',
      'function:get',
      'string:"u"',
      'constant:None',
      'comment:# go',
      'keyword:print',
    ]);
  });

  it('javascript: template strings, block comments, numbers', () => {
    expect(kinds(tokenize('/* a */ const n = 42; fetch(`u/${n}`)', 'js'))).toEqual(['comment:/* a */', 'keyword:const', 'constant:42', 'function:fetch', 'string:`u/${n}`']);
  });

  it('json: keys as properties (their own colour, as shiki scopes them), values as strings, literals', () => {
    expect(kinds(tokenize('{"id": 1, "name": "Rex", "ok": true, "x": null}', 'json'))).toEqual([
      'property:"id"',
      'constant:1',
      'property:"name"',
      'string:"Rex"',
      'property:"ok"',
      'constant:true',
      'property:"x"',
      'constant:null',
    ]);
  });

  it('xml: tags, attributes, values, comments', () => {
    expect(kinds(tokenize('<!-- c --><pet id="1">Rex</pet>', 'xml'))).toEqual(['comment:<!-- c -->', 'tag:<pet', 'attribute:id', 'string:"1"', 'tag:>', 'tag:</pet>']);
  });

  it('powershell: cmdlets and variables; c: preprocessor lines', () => {
    expect(kinds(tokenize('$r = Invoke-RestMethod -Uri $u', 'powershell'))).toEqual(['variable:$r', 'function:Invoke-RestMethod', 'variable:$u']);
    expect(kinds(tokenize('#include <curl/curl.h>\nint x;', 'c'))).toEqual(['keyword:#include', 'keyword:int']);
  });

  it('an unknown language is one plain token; every grammar keeps the text intact', () => {
    expect(tokenize('fn main() {}', 'rust')).toEqual([{ text: 'fn main() {}' }]);
    expect(grammarId('C#')).toBe('csharp');
    expect(grammarId('cobol')).toBeUndefined();
    const code = 'x = "unterminated\n\'a\\\'b\' /* open\n`t';
    for (const lang of ['bash', 'python', 'javascript', 'php', 'go', 'java', 'ruby', 'powershell', 'swift', 'csharp', 'c', 'cpp', 'kotlin', 'json', 'xml', 'rust']) {
      expect(tokenize(code, lang).map((t) => t.text).join(''), lang).toBe(code);
    }
  });
});

describe('highlightCode', () => {
  it('gives one span.line per line, multi-line tokens split across lines, text escaped', () => {
    expect(highlightCode("a '<b>\n&c'\n", 'bash')).toBe(
      '<span class="line"><span style="color:#6F42C1;--shiki-dark:#B392F0">a</span> <span style="color:#032F62;--shiki-dark:#9ECBFF">&#39;&lt;b&gt;</span></span>\n' +
        '<span class="line"><span style="color:#032F62;--shiki-dark:#9ECBFF">&amp;c&#39;</span></span>\n' +
        '<span class="line"></span>',
    );
  });

  it('leaves very long code uncoloured', () => {
    const code = `"${'x'.repeat(100_001)}"`;
    expect(highlightCode(code, 'json')).toBe(`<span class="line">&quot;${'x'.repeat(100_001)}&quot;</span>`);
  });
});
