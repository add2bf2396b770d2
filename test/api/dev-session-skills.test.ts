import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevSession, type DevSession } from '../../src/api/dev-session.js';

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/skills-published');

describe('sheaf dev: skill files', () => {
  let root: string;
  let session: DevSession;
  const served = (file: string) => readFile(path.join(session.outDir(), file), 'utf8');
  beforeAll(async () => {
    root = path.join(await mkdtemp(path.join(tmpdir(), 'sheaf-dev-skills-')), 'docs');
    await cp(FIXTURE, root, { recursive: true });
    session = await startDevSession({ root, workers: 0 });
  });
  afterAll(async () => {
    // The warm-up of the loaded-again site writes into its folder until it ends.
    await session?.warmed();
    await session?.close();
    await rm(path.dirname(root), { recursive: true, force: true, maxRetries: 3 });
  });

  it('serves the skill files, and publishes an edited one again (the whole site loads again)', async () => {
    expect(await session.siteReady()).toEqual([]);
    expect(await served('skill.md')).toBe(await readFile(path.join(root, 'skill.md'), 'utf8'));
    expect(JSON.parse(await served('.well-known/skills/index.json')).skills.map((s: { name: string }) => s.name)).toEqual(['acme-docs', 'analytics', 'payments']);
    await writeFile(path.join(root, '.mintlify/skills/broken/SKILL.md'), '---\nname: broken\ndescription: Fixed now.\n---\n');
    expect(await session.changed(['.mintlify/skills/broken/SKILL.md'])).toEqual({ reload: 'all', moved: new Map() });
    expect(await session.siteReady()).toEqual([]);
    expect(JSON.parse(await served('.well-known/skills/index.json')).skills.map((s: { name: string }) => s.name)).toEqual(['acme-docs', 'analytics', 'broken', 'payments']);
    expect(await served('.well-known/skills/broken/SKILL.md')).toBe('---\nname: broken\ndescription: Fixed now.\n---\n');
  });
});
