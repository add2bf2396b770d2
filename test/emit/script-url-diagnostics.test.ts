import { describe, expect, it } from 'vitest';
import type { DocsConfig } from '../../src/config/loaded-config.js';
import { configScriptUrlDiagnostics } from '../../src/emit/script-url-diagnostics.js';

/** The `build/script-url` messages for a docs.json whose banner says `content`. */
function bannerWarnings(content: string): string[] {
  const config = { name: 'Acme', banner: { content } } as unknown as DocsConfig;
  return configScriptUrlDiagnostics(config, {}).map((d) => `${d.code} ${d.file} ${d.pointer}: ${d.message}`);
}

const WARNING = (url: string): string =>
  `build/script-url docs.json /banner/content: \`/banner/content\` links to a \`javascript:\` URL (\`${url}\`); the link is rendered without a target.`;

describe('build/script-url in the banner: its links as the banner renders them (one inline-Markdown syntax)', () => {
  it('reports a link whose target is a script URL, parentheses included', () => {
    expect(bannerWarnings('Read [the news](javascript:alert(1)) now')).toEqual([WARNING('javascript:alert(1)')]);
  });

  it('reports a link inside strong text, each link once', () => {
    expect(bannerWarnings('**[a](javascript:a())** and [b](JavaScript:b())')).toEqual([WARNING('javascript:a()'), WARNING('JavaScript:b()')]);
  });

  it('does not report link syntax in a code span, which the banner shows as text', () => {
    expect(bannerWarnings('Type `[x](javascript:alert(1))` to see')).toEqual([]);
  });

  it('does not report good links or text that only looks like a target', () => {
    expect(bannerWarnings('See [docs](https://example.com/a_(b)) and ](javascript:x) alone')).toEqual([]);
  });
});
