import { describe, expect, it } from 'vitest';
import type { DocsConfig } from '../../src/config/loaded-config.js';
import { configScriptUrlDiagnostics, openapiScriptUrlDiagnostics } from '../../src/emit/script-url-diagnostics.js';
import type { LoadedOpenApi } from '../../src/model/openapi.js';

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

describe('build/script-url in OpenAPI descriptions: documents of any shape', () => {
  it('walks a sparse array (holes) without failing, and still finds the link after the hole', () => {
    // Fuzz FUZZ_SEED=383930299 case #669: a mutated Swagger 2.0 document whose conversion held a
    // sparse array made `sheaf check` end in internal/error ("undefined is not iterable").
    const tags: unknown[] = [];
    tags[2] = { name: 'pets', description: '[run](javascript:alert(1))' };
    const loaded = { document: { openapi: '3.0.3', tags }, index: { file: 'openapi.yaml' } } as unknown as LoadedOpenApi;
    expect(openapiScriptUrlDiagnostics(loaded).map((d) => [d.code, d.file, d.pointer])).toEqual([['build/script-url', 'openapi.yaml', '/tags/2/description']]);
  });
});
