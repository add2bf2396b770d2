import type { Diagnostic } from '../model/diagnostic.js';
import type { Project } from '../load/project.js';
import type { SitePage } from '../model/site.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { offsetToPosition } from '../diagnostics/positions.js';
import { projectTextReader } from '../load/project-texts.js';
import type { BrokenLink } from '../render/links/rewrite-body-links.js';
import { cutAt } from '../text/linear-text.js';

/**
 * Diagnostics for links to site paths that exist nowhere: a missing image or file is
 * `build/missing-asset`, a missing page `build/broken-link`. The position is where the target
 * first appears in the page's source (line 1 when it came from elsewhere, e.g. a snippet), read
 * again through the load stage's reader (`projectTextReader`: inside the project, under the page
 * cap; a page refused there gets line 1).
 */
export async function brokenLinkDiagnostics(project: Pick<Project, 'root' | 'policy'>, broken: readonly { page: SitePage; links: readonly BrokenLink[] }[]): Promise<Diagnostic[]> {
  const read = projectTextReader(project.root, project.policy);
  const out: Diagnostic[] = [];
  for (const { page, links } of broken) {
    const text = /\.mdx?$/i.test(page.source) ? ((await read(page.source)) ?? '') : '';
    for (const link of new Map(links.map((l) => [l.target, l])).values()) {
      const offset = text.indexOf(link.target);
      const pos = offset >= 0 ? offsetToPosition(text, offset) : { line: 1, column: 1 };
      const asset = ['src', 'srcset', 'poster', 'data'].includes(link.attribute) || /\.[a-z0-9]{2,5}$/i.test(cutAt(link.target, '?#'));
      out.push(
        createDiagnostic(asset ? 'build/missing-asset' : 'build/broken-link', {
          message: asset
            ? `\`${link.target}\` on page \`${page.route}\` is not a file of the project; it is left out.`
            : `\`${link.target}\` on page \`${page.route}\` links to no page of the site.`,
          file: page.source,
          ...pos,
          hint: asset ? 'Add the file to the project, or fix the path (paths start at the project root).' : 'Fix the link, or add a redirect for the old path in docs.json.',
        }),
      );
    }
  }
  return out;
}
