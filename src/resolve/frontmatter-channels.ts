import type { AsyncApiIndex, IndexedChannel } from '../model/asyncapi.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { PageSource } from '../model/project.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { matchDocuments, nearest } from '../openapi/match.js';

/** The channel an MDX page documents through its `asyncapi:` frontmatter. */
export interface PageChannelMatch {
  readonly doc: AsyncApiIndex;
  readonly channel: IndexedChannel;
}

/**
 * Resolves the `asyncapi:` frontmatter of every page: `"[file] channelName"` (asyncapi-setup.mdx
 * "Channel page"). The file token is matched as an OpenAPI file token is (exact path, without
 * extension, file name…: `matchDocuments`); without one, every loaded document is searched in
 * order of file name and the first holding the channel wins. The channel is its key under
 * `channels`, matched exactly. A page whose document did not load (already reported) stays quiet.
 */
export function resolveFrontmatterChannels(
  pages: readonly PageSource[],
  docs: readonly AsyncApiIndex[],
  failed: readonly string[],
): { matches: Map<string, PageChannelMatch>; diagnostics: Diagnostic[] } {
  const matches = new Map<string, PageChannelMatch>();
  const diagnostics: Diagnostic[] = [];
  const byName = [...docs].sort((a, b) => baseName(a.file).localeCompare(baseName(b.file)) || a.file.localeCompare(b.file));
  for (const page of pages) {
    const value = page.frontmatter['asyncapi'];
    if (value === undefined) continue;
    const pos = page.frontmatterPositions['asyncapi'];
    const origin = { file: page.file, ...(pos ? { line: pos.line, column: pos.column } : {}) };
    const tokens = typeof value === 'string' ? value.trim().split(/\s+/).filter(Boolean) : [];
    if (tokens.length < 1 || tokens.length > 2) {
      diagnostics.push(
        createDiagnostic('asyncapi/invalid-reference', {
          message: `\`asyncapi: ${typeof value === 'string' ? value : JSON.stringify(value)}\` is not a channel reference; the page is built without a channel.`,
          ...origin,
          hint: 'Write `asyncapi: "channelName"` or `asyncapi: "/path/to/asyncapi.yaml channelName"`.',
        }),
      );
      continue;
    }
    const [file, channelId] = tokens.length === 2 ? [tokens[0] as string, tokens[1] as string] : [undefined, tokens[0] as string];
    const candidates = file !== undefined ? matchDocuments(file, docs) : byName;
    const found = candidates.flatMap((doc) => doc.channels.filter((c) => c.id === channelId).map((channel) => ({ doc, channel })))[0];
    if (found) {
      matches.set(page.path, found);
      continue;
    }
    const unloaded = file !== undefined ? failed.filter((f) => matchDocuments(file, [{ file: f }]).length > 0) : failed;
    if (unloaded.length > 0 && (file === undefined || candidates.length === 0)) continue;
    const where = candidates.length > 0 ? candidates.map((d) => `\`${d.file}\``).join(', ') : undefined;
    const near = nearest(channelId, candidates.flatMap((d) => d.channels.map((c) => c.id)));
    diagnostics.push(
      createDiagnostic('asyncapi/channel-not-found', {
        message:
          file !== undefined && candidates.length === 0
            ? `\`asyncapi: ${value as string}\` names the AsyncAPI file \`${file}\`, which is not in this project; the page is built without a channel.`
            : where === undefined
              ? `\`asyncapi: ${value as string}\` names a channel, but the project has no AsyncAPI document; the page is built without a channel.`
              : `\`asyncapi: ${value as string}\` matches no channel of ${where}; the page is built without a channel.`,
        ...origin,
        hint: near.length > 0 ? `Did you mean ${near.map((n) => `\`${n}\``).join(' or ')}? The channel is its key under \`channels\`.` : 'The channel is its key under `channels` in the AsyncAPI document; the file token is optional.',
      }),
    );
  }
  return { matches, diagnostics };
}

const baseName = (file: string): string => file.slice(file.lastIndexOf('/') + 1);
