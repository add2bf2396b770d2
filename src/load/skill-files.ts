import path from 'node:path';
import { createDiagnostic } from '../diagnostics/create.js';
import type { Diagnostic, StageResult } from '../model/diagnostic.js';
import type { ProjectSkills, PublishedSkill, ReadPolicy } from '../model/project.js';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import { readProjectText, resolveScope } from '../project-fs/read-project-file.js';
import { refusalDiagnostic } from '../project-fs/refusal-diagnostic.js';
import { trimChars } from '../text/linear-text.js';
import { parseFrontmatter } from './frontmatter.js';

/** Mintlify's folder of skills: `.mintlify/skills/<folder>/SKILL.md`, one skill per folder. */
const SKILLS_FOLDER = '.mintlify/skills/';
/** Characters of a published skill name (the Agent Skills specification's limit). */
const MAX_NAME_CHARS = 64;

/**
 * True for a skill file: `skill.md` at the project root or `SKILL.md` directly inside a folder of
 * `.mintlify/skills/`, matched without regard to case (Mintlify's pages name the root file
 * `skill.md` and the folders' `SKILL.md`, and its discovery docs both). A skill file is published
 * as it is, never made a page.
 */
export function isSkillFile(file: string): boolean {
  if (file.toLowerCase() === 'skill.md') return true;
  const folder = skillFolderOf(file);
  return folder !== undefined && file.slice(folder.length).toLowerCase() === 'skill.md';
}

/** True for a file published among the skills when it is one's: a skill file or any file of a skill folder. */
export function isSkillSource(file: string): boolean {
  return isSkillFile(file) || skillFolderOf(file) !== undefined;
}

/** The skill folder (`.mintlify/skills/<folder>/`) a project file lies in, else undefined. */
function skillFolderOf(file: string): string | undefined {
  if (!file.startsWith(SKILLS_FOLDER)) return undefined;
  const folder = file.slice(SKILLS_FOLDER.length).split('/')[0];
  return folder === undefined || folder === file.slice(SKILLS_FOLDER.length) ? undefined : `${SKILLS_FOLDER}${folder}/`;
}

/**
 * The URL-safe name a skill is published under, as Mintlify derives it from the frontmatter
 * `name`: lower case, every run of characters other than `a-z` and `0-9` one `-` (accents
 * dropped first), no `-` at either end, at most 64 characters. Empty when nothing is left.
 */
export function skillSlug(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return trimChars(trimChars(ascii.replace(/[^a-z0-9]+/g, '-'), '-').slice(0, MAX_NAME_CHARS), '-');
}

/**
 * Reads the skill files of a project (`isSkillFile`, among `files`: the load stage's listing, so
 * a `.mintlify/skills` link is followed only inside the project and `--allow-outside` folders).
 * The root `skill.md` is served at `/skill.md` whatever its frontmatter; each skill whose
 * frontmatter has a `name` and a `description` (strings) is listed in
 * `/.well-known/skills/index.json` under the slug of its name, with the other files of its folder
 * (dotfiles left out), the root one first, then the folders by path. A skill file without them,
 * or whose frontmatter is no valid YAML, is a `load/skill-frontmatter` warning and is not listed;
 * a second skill with a name already listed, or a second skill file in one place (names differing
 * only in case), is a `load/skill-duplicate` warning and is not published. A skill file that cannot be read is
 * reported as a page would be and left out.
 */
export async function loadSkills(root: string, files: readonly string[], policy: ReadPolicy = DEFAULT_READ_POLICY): Promise<StageResult<ProjectSkills>> {
  const scope = await resolveScope({ root, allowOutside: policy.allowOutside });
  const sources = files.filter(isSkillFile);
  const inFolders = files.filter((f) => f.startsWith(SKILLS_FOLDER) && !isSkillFile(f));
  const diagnostics: Diagnostic[] = [];
  let rootFile: string | undefined;
  const listed: PublishedSkill[] = [];
  const byName = new Map<string, string>();
  // The skill file taken for each place (`''`: the root; else its folder), when names differ only in case.
  const byPlace = new Map<string, string>();
  // The root file first: it is what `/skill.md` serves, and it wins a name shared with a folder.
  const ordered = [...sources.filter((f) => !f.includes('/')), ...sources.filter((f) => f.includes('/'))];
  for (const file of ordered) {
    const folder = skillFolderOf(file);
    const taken = byPlace.get(folder ?? '');
    if (taken !== undefined) {
      const where = folder === undefined ? 'the root skill file' : `the skill file of \`${folder}\``;
      diagnostics.push(duplicate(file, `\`${file}\` and \`${taken}\` are both ${where}; \`${taken}\` is published.`, `Delete or rename \`${file}\`.`));
      continue;
    }
    const read = await readProjectText(scope, path.join(root, file), policy.maxPageBytes);
    if (!read.ok) {
      const refused = refusalDiagnostic(file, read.refusal, 'page');
      if (refused) diagnostics.push(refused);
      continue;
    }
    byPlace.set(folder ?? '', file);
    if (folder === undefined) rootFile = file;
    const meta = skillMetadata(file, read.text, folder === undefined);
    if ('problem' in meta) {
      diagnostics.push(meta.problem);
      continue;
    }
    const other = byName.get(meta.name);
    if (other !== undefined) {
      // The root file comes first, so the one left out is always a folder's.
      diagnostics.push(duplicate(file, `\`${file}\` and \`${other}\` are both the skill \`${meta.name}\`; \`${other}\` is published, \`${file}\` is not.`, 'Give each skill its own `name` in its frontmatter.'));
      continue;
    }
    byName.set(meta.name, file);
    const extra = folder === undefined ? [] : inFolders.filter((f) => f.startsWith(folder) && !/(^|\/)\./.test(f.slice(folder.length)));
    listed.push({
      name: meta.name,
      description: meta.description,
      files: [{ path: 'SKILL.md', source: file }, ...extra.map((f) => ({ path: f.slice(folder?.length ?? 0), source: f }))],
    });
  }
  return { output: { ...(rootFile !== undefined ? { root: rootFile } : {}), listed }, diagnostics };
}

/** The name and description of a skill file's frontmatter, or the warning saying why it has none. */
function skillMetadata(file: string, text: string, atRoot: boolean): { name: string; description: string } | { problem: Diagnostic } {
  const fm = parseFrontmatter(text);
  const kept = atRoot ? `it is served at /skill.md as it is, but not listed in /.well-known/skills/` : 'it is not published';
  const hint = 'Start the file with YAML frontmatter holding `name` and `description`, as the Agent Skills format asks: `---`, `name: payments`, `description: What the skill does and when to use it.`, `---`.';
  if (fm.error) {
    return { problem: frontmatterProblem(file, `The frontmatter of the skill file \`${file}\` is not valid YAML (${fm.error.message}); ${kept}.`, fm.error, hint) };
  }
  for (const key of ['name', 'description'] as const) {
    const value = fm.data[key];
    const at = fm.positions[key] ?? { line: 1, column: 1 };
    if (typeof value !== 'string' || value.trim() === '') {
      const what = value === undefined ? 'has no' : 'has no text as its';
      return { problem: frontmatterProblem(file, `The skill file \`${file}\` ${what} \`${key}\` in its frontmatter; ${kept}.`, at, hint) };
    }
    if (key === 'name' && skillSlug(value) === '') {
      return { problem: frontmatterProblem(file, `The skill name \`${value}\` of \`${file}\` has no letter or digit to make a URL of; ${kept}.`, at, 'Name the skill with letters, digits and hyphens, such as `payments`.') };
    }
  }
  return { name: skillSlug(fm.data['name'] as string), description: (fm.data['description'] as string).trim() };
}

function frontmatterProblem(file: string, message: string, at: { line: number; column: number }, hint: string): Diagnostic {
  return createDiagnostic('load/skill-frontmatter', { message, file, line: at.line, column: at.column, hint });
}

function duplicate(file: string, message: string, hint: string): Diagnostic {
  return createDiagnostic('load/skill-duplicate', { message, file, line: 1, column: 1, hint });
}
