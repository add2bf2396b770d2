import path from 'node:path';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import { readProjectText } from '../project-fs/read-project-file.js';
import type { BuildFeatures } from '../model/build-features.js';
import type { Project } from '../load/project.js';
import type { OutputFile } from './output-file.js';
import type { ProjectStyles } from './site-assets.js';
import { skillOutputs } from './skill-outputs.js';

/** Files that are sources, not site content: never copied into the output. */
const SOURCE = /(\.(mdx?|jsx|tsx|ts)$)|(^|\/)(docs|mint)\.json$|(^|\/)\.mintignore$|(^|\/)\.[^/]+$|^_?snippets\//i;

/**
 * The project files copied as they are into the site (images, fonts, videos, downloads, OpenAPI
 * documents, …): everything but pages, snippets, configuration and dotfiles. Root-level `.css`
 * and `.js` files are not copied but bundled into the site's assets (Mintlify loads them on
 * every page); the JavaScript ones only when pages may use the network (`features.network`,
 * not air-gapped). Only files the load stage listed are taken (it leaves out links leading out
 * of the project, FIFOs and devices), and the CSS/JS are read through `readProjectText` under the page cap: one refused now (over the cap,
 * reported by the load stage, or changed since) is left out. The skill files are published where
 * Mintlify serves them (`skillOutputs`), among `files` and `copied`; `skills` names those files,
 * which are the authors' text for agents, not the site's pages: the link check does not read them.
 */
export async function projectFiles(
  project: Project,
  features: BuildFeatures,
): Promise<{ files: OutputFile[]; styles: ProjectStyles; copied: ReadonlySet<string>; skills: ReadonlySet<string> }> {
  const rootLevel = (f: string, ext: string) => !f.includes('/') && f.toLowerCase().endsWith(ext);
  const policy = project.policy ?? DEFAULT_READ_POLICY;
  const scope = { root: project.root, allowOutside: policy.allowOutside };
  const read = async (file: string) => {
    const r = await readProjectText(scope, path.join(project.root, file), policy.maxPageBytes);
    return r.ok ? [{ file, text: r.text }] : [];
  };
  const css = (await Promise.all(project.files.filter((f) => rootLevel(f, '.css')).map(read))).flat();
  const js = !features.network ? [] : (await Promise.all(project.files.filter((f) => rootLevel(f, '.js')).map(read))).flat();
  const copy = project.files.filter((f) => !SOURCE.test(f) && !rootLevel(f, '.css') && !rootLevel(f, '.js'));
  const skills = skillOutputs(project.skills);
  return {
    files: [...copy.map((f) => ({ path: f, copyProjectFile: f })), ...skills],
    styles: { css, js },
    copied: new Set([...copy, ...skills.map((f) => f.path)]),
    skills: new Set(skills.map((f) => f.path)),
  };
}
