import { describe, expect, it } from 'vitest';
import { buildSiteAssets } from '../../src/emit/site-assets.js';
import { shortHash } from '../../src/emit/output-file.js';
import { clientBundle } from '../client/client-bundle.js';

describe('buildSiteAssets: the browser code built from src/client', () => {
  const built = buildSiteAssets({ css: [], js: [] }, []);

  it('inlines the bundled head script (src/client/theme-head.ts) without its trailing newline', () => {
    expect(built.assets.headScript).toBe(clientBundle('theme-head').slice(0, -1));
    expect(clientBundle('theme-head').endsWith('})();\n')).toBe(true);
  });

  it('writes the bundled Mermaid start script (src/client/mermaid-init.ts) under its content hash, for pages with a diagram only', () => {
    const code = clientBundle('mermaid-init');
    const file = `_sheaf/mermaid-init.${shortHash(code)}.js`;
    expect(built.assets.features['mermaid']).toEqual({ js: ['_sheaf/mermaid.min.js', file] });
    const written = built.featureFiles(new Set(['mermaid']));
    expect(written.map((f) => f.path)).toEqual(['_sheaf/mermaid.min.js', file]);
    expect(written[1]).toEqual({ path: file, content: code });
    expect(built.featureFiles(new Set())).toEqual([]);
  });
});
