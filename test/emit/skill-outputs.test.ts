import { describe, expect, it } from 'vitest';
import { renderSkillsIndex, skillOutputs } from '../../src/emit/skill-outputs.js';
import type { ProjectSkills } from '../../src/model/project.js';

const SKILLS: ProjectSkills = {
  root: 'skill.md',
  listed: [
    { name: 'acme-docs', description: 'Build with the Acme API.', files: [{ path: 'SKILL.md', source: 'skill.md' }] },
    {
      name: 'payments',
      description: 'Take card payments with Acme.',
      files: [
        { path: 'SKILL.md', source: '.mintlify/skills/payments/SKILL.md' },
        { path: 'references/limits.md', source: '.mintlify/skills/payments/references/limits.md' },
      ],
    },
  ],
};

const INDEX = `{
  "skills": [
    {
      "name": "acme-docs",
      "description": "Build with the Acme API.",
      "files": [
        "SKILL.md"
      ]
    },
    {
      "name": "payments",
      "description": "Take card payments with Acme.",
      "files": [
        "SKILL.md",
        "references/limits.md"
      ]
    }
  ]
}
`;

describe('skillOutputs', () => {
  it('copies the root file to skill.md and each listed skill’s files under .well-known/skills/<name>/, then writes the index', () => {
    expect(skillOutputs(SKILLS)).toEqual([
      { path: 'skill.md', copyProjectFile: 'skill.md' },
      { path: '.well-known/skills/acme-docs/SKILL.md', copyProjectFile: 'skill.md' },
      { path: '.well-known/skills/payments/SKILL.md', copyProjectFile: '.mintlify/skills/payments/SKILL.md' },
      { path: '.well-known/skills/payments/references/limits.md', copyProjectFile: '.mintlify/skills/payments/references/limits.md' },
      { path: '.well-known/skills/index.json', content: INDEX },
    ]);
  });

  it('writes only skill.md for a root file that is not listed, and nothing without skills (Sheaf generates none)', () => {
    expect(skillOutputs({ root: 'SKILL.md', listed: [] })).toEqual([{ path: 'skill.md', copyProjectFile: 'SKILL.md' }]);
    expect(skillOutputs({ listed: [] })).toEqual([]);
    expect(skillOutputs(undefined)).toEqual([]);
  });
});

describe('renderSkillsIndex', () => {
  it('is Mintlify’s skills index: {"skills": [{"name", "description", "files"}]}', () => {
    expect(renderSkillsIndex(SKILLS.listed)).toBe(INDEX);
    expect(JSON.parse(renderSkillsIndex([]))).toEqual({ skills: [] });
  });
});
