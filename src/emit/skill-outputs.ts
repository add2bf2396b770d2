import type { ProjectSkills, PublishedSkill } from '../model/project.js';
import type { OutputFile } from './output-file.js';

/** The discovery index of the skills, where Mintlify serves it. */
export const SKILLS_INDEX = '.well-known/skills/index.json';

/**
 * The site files of a project's skills, as Mintlify serves them: the root skill file at
 * `skill.md`, each listed skill's files at `.well-known/skills/<name>/` (its skill file as
 * `SKILL.md`), all copied byte for byte, and `SKILLS_INDEX` when a skill is listed. Nothing when
 * the project ships no skill file: Sheaf never writes one of its own.
 */
export function skillOutputs(skills: ProjectSkills | undefined): OutputFile[] {
  if (!skills) return [];
  const files: OutputFile[] = skills.root !== undefined ? [{ path: 'skill.md', copyProjectFile: skills.root }] : [];
  for (const skill of skills.listed) {
    for (const file of skill.files) files.push({ path: `.well-known/skills/${skill.name}/${file.path}`, copyProjectFile: file.source });
  }
  if (skills.listed.length > 0) files.push({ path: SKILLS_INDEX, content: renderSkillsIndex(skills.listed) });
  return files;
}

/**
 * `/.well-known/skills/index.json` in the format of Mintlify's skills index and of the Agent
 * Skills discovery convention it follows: `{"skills": [{"name", "description", "files"}]}`, each
 * skill's files relative to its folder, `SKILL.md` first.
 */
export function renderSkillsIndex(skills: readonly PublishedSkill[]): string {
  const entries = skills.map((s) => ({ name: s.name, description: s.description, files: s.files.map((f) => f.path) }));
  return `${JSON.stringify({ skills: entries }, null, 2)}\n`;
}
