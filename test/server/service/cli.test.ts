import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProgram } from '../../../src/cli/program.js';
import { openStore } from '../../../src/server/store/open-store.js';
import { hashApiKey } from '../../../src/server/store/api-key.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-service-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the CLI in this process with captured output. */
async function sheaf(...args: string[]) {
  let stdout = '';
  let stderr = '';
  let code = -1;
  const program = createProgram({ stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), color: false }, (c) => (code = c));
  try {
    await program.parseAsync(['node', 'sheaf', ...args]);
  } catch (error) {
    code = (error as { exitCode?: number }).exitCode === 0 ? 0 : 2;
  }
  return { code, stdout, stderr };
}

describe('sheaf orgs / sites / keys', () => {
  it('creates an organization, a site and keys; a key is printed once and stored as its hash', async () => {
    const data = path.join(dir, 'data');
    const project = path.join(dir, 'project');
    await import('node:fs/promises').then((fs) => fs.mkdir(project));
    await writeFile(path.join(project, 'docs.json'), '{}');

    expect(await sheaf('orgs', 'create', 'acme', '--name', 'Acme Inc', '--plan', 'enterprise', '--data-dir', data)).toEqual({ code: 0, stdout: 'Created organization acme (Acme Inc) on the enterprise plan.\n', stderr: '' });
    expect(await sheaf('sites', 'add', 'docs.acme.com', '--org', 'acme', '--source', project, '--data-dir', data)).toEqual({ code: 0, stdout: `Added site docs.acme.com for acme: ${project}\n`, stderr: '' });
    const admin = await sheaf('keys', 'create', '--org', 'acme', '--kind', 'admin', '--data-dir', data);
    expect(admin.code).toBe(0);
    expect(admin.stdout).toMatch(/^svc_[A-Za-z0-9_-]{43}\n$/);
    expect(admin.stderr).toMatch(/^Created admin key key_[0-9a-f]{16} for acme\. Copy it now: it is not shown again\.\n$/);
    const assistant = await sheaf('keys', 'create', '--org', 'acme', '--kind', 'assistant', '--data-dir', data);
    expect(assistant.stdout).toMatch(/^svc_dsc_[A-Za-z0-9_-]{43}\n$/);

    const listed = await sheaf('keys', 'list', '--org', 'acme', '--data-dir', data);
    expect(listed.stdout.trim().split('\n').map((l) => l.split('\t')[1])).toEqual(['admin', 'assistant']);
    expect(listed.stdout).not.toContain(admin.stdout.trim());
    expect((await sheaf('orgs', 'list', '--data-dir', data)).stdout).toBe('acme\tenterprise\tAcme Inc\n');
    expect((await sheaf('sites', 'list', '--data-dir', data)).stdout).toBe(`docs.acme.com\tacme\t${project}\n`);

    const store = await openStore({ kind: 'sqlite', file: path.join(data, 'sheaf.db') });
    try {
      expect(await store.findApiKey(admin.stdout.trim())).toMatchObject({ orgId: 'acme', kind: 'admin' });
      const rows = JSON.stringify(await store.db.selectFrom('api_keys').selectAll().execute());
      expect(rows).toContain(hashApiKey(admin.stdout.trim()));
      expect(rows).not.toContain(admin.stdout.trim());
    } finally {
      await store.close();
    }
  });

  it('gives a site a public assistant key, and on rotation names the exports that must be made again', async () => {
    const data = path.join(dir, 'data');
    const project = path.join(dir, 'project');
    await import('node:fs/promises').then((fs) => fs.mkdir(project));
    await writeFile(path.join(project, 'docs.json'), '{}');
    await sheaf('orgs', 'create', 'acme', '--name', 'Acme', '--plan', 'enterprise', '--data-dir', data);
    const added = await sheaf('sites', 'add', 'docs.acme.com', '--org', 'acme', '--source', project, '--assistant', '--data-dir', data);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^svc_dsc_[A-Za-z0-9_-]{43}\n$/);
    const keyId = /key (key_[0-9a-f]{16})/.exec(added.stderr)?.[1] ?? '';
    expect(added.stderr).toBe(
      `Added site docs.acme.com for acme: ${project}\nCreated the public assistant key ${keyId} of docs.acme.com, for pages on https://docs.acme.com. It is public: exports of the site put it into their Ask AI panel, pointing at this service (--public-url). Air-gapped exports never get the panel.\n`,
    );
    expect((await sheaf('sites', 'list', '--data-dir', data)).stdout).toBe(`docs.acme.com\tacme\t${project}\t${keyId}\thttps://docs.acme.com\n`);
    const store = await openStore({ kind: 'sqlite', file: path.join(data, 'sheaf.db') });
    try {
      await store.insertJob({ jobId: 'se_1111111111111111', orgId: 'acme', domain: 'docs.acme.com', deployment: 'cloud', status: 'completed', progress: 100, pageCount: 3, createdAt: '2026-01-02T03:04:05.000Z', updatedAt: '2026-01-02T03:04:05.000Z', attempts: 1, assistantKeyId: keyId });
    } finally {
      await store.close();
    }
    const rotated = await sheaf('sites', 'set-assistant-key', 'docs.acme.com', '--origin', 'https://docs.acme.com', '--origin', 'http://127.0.0.1:8080', '--data-dir', data);
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toMatch(/^svc_dsc_[A-Za-z0-9_-]{43}\n$/);
    expect(rotated.stdout).not.toBe(added.stdout);
    expect(rotated.stderr).toContain('for pages on https://docs.acme.com, http://127.0.0.1:8080.');
    expect(rotated.stderr).toContain(`The previous key ${keyId} is revoked: the Ask AI panel of exports made with it stops answering.\nMake these exports again (start a new job for docs.acme.com) and deploy them: se_1111111111111111.\n`);
    const again = await sheaf('sites', 'set-assistant-key', 'docs.acme.com', '--data-dir', data);
    expect(again.stderr).toContain('No completed export carries it.\n');

    expect(await sheaf('sites', 'set-assistant-key', 'docs.other.com', '--data-dir', data)).toEqual({ code: 1, stdout: '', stderr: 'sheaf: Domain `docs.other.com` is not registered: add it with `sheaf sites add docs.other.com`.\n' });
    expect(await sheaf('sites', 'set-assistant-key', 'docs.acme.com', '--origin', 'docs.acme.com', '--data-dir', data)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'sheaf: `docs.acme.com` is not an origin: give the scheme, host and port only, like `https://docs.acme.com` or `http://127.0.0.1:8080`.\n',
    });
    expect(await sheaf('sites', 'add', 'docs.b.com', '--org', 'acme', '--source', project, '--origin', 'https://b.com', '--data-dir', data)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'sheaf: --origin goes with --assistant: it names where the site’s public assistant key may be used.\n',
    });
  });

  it('says plainly what is wrong: unknown organization, duplicate, bad plan, missing source', async () => {
    const data = path.join(dir, 'data');
    expect(await sheaf('keys', 'create', '--org', 'nobody', '--kind', 'admin', '--data-dir', data)).toEqual({ code: 1, stdout: '', stderr: 'sheaf: Organization `nobody` does not exist: create it with `sheaf orgs create nobody`.\n' });
    await sheaf('orgs', 'create', 'acme', '--name', 'Acme', '--plan', 'pro', '--data-dir', data);
    expect(await sheaf('orgs', 'create', 'acme', '--name', 'Acme', '--plan', 'pro', '--data-dir', data)).toEqual({ code: 1, stdout: '', stderr: 'sheaf: Organization `acme` already exists.\n' });
    const badPlan = await sheaf('orgs', 'create', 'other', '--name', 'O', '--plan', 'gold', '--data-dir', data);
    expect(badPlan.code).toBe(2);
    expect(badPlan.stderr).toContain("option '--plan <plan>' argument 'gold' is invalid. Allowed choices are free, pro, enterprise.");
    expect(await sheaf('sites', 'add', 'docs.acme.com', '--org', 'acme', '--source', path.join(dir, 'missing'), '--data-dir', data)).toEqual({ code: 1, stdout: '', stderr: `sheaf: Source \`${path.join(dir, 'missing')}\` is not a folder.\n` });
    expect(await sheaf('sites', 'add', 'docs.acme.com', '--org', 'acme', '--source', dir, '--data-dir', data)).toEqual({ code: 1, stdout: '', stderr: `sheaf: Source \`${dir}\` holds no docs.json or mint.json.\n` });
    expect((await sheaf('keys', 'list', '--org', 'nobody', '--data-dir', data)).stderr).toBe('sheaf: Organization `nobody` does not exist.\n');
  });

  it('refuses bad service flags before starting', async () => {
    const r = await sheaf('service', '--data-dir', path.join(dir, 'data'), '--port', 'x', '--link-ttl', '604801');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('sheaf: --port must be a whole number from 0 to 65535, got `x`.\nsheaf: --link-ttl must be a whole number from 1 to 604800, got `604801`.\n');
  });

  it('refuses an OpenAI-compatible assistant without its settings or its key, naming what is missing', async () => {
    const data = path.join(dir, 'data');
    const noUrl = await sheaf('service', '--data-dir', data, '--assistant-provider', 'openai-compatible', '--assistant-model', 'm');
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toContain('--assistant-provider openai-compatible needs --assistant-base-url');
    const noKey = await sheaf('service', '--data-dir', data, '--assistant-provider', 'openai-compatible', '--assistant-base-url', 'http://127.0.0.1:9/v1', '--assistant-model', 'm', '--assistant-key-env', 'SHEAF_TEST_KEY_THAT_IS_NOT_SET');
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('environment variable SHEAF_TEST_KEY_THAT_IS_NOT_SET, which is not set');
    const badLimit = await sheaf('service', '--data-dir', data, '--assistant-ip-per-day', '0');
    expect([badLimit.code, badLimit.stderr]).toEqual([2, 'sheaf: --assistant-ip-per-day must be a whole number from 1 to 100000000, got `0`.\n']);
  });
});

describe('sheaf service', () => {
  it('prints where it listens, serves the API and stops gracefully on SIGTERM', async () => {
    const data = path.join(dir, 'data');
    const child = spawn(path.join(REPO, 'node_modules/.bin/tsx'), [path.join(REPO, 'src/cli/main.ts'), 'service', '--data-dir', data, '--port', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => stdout, { timeout: 20_000, interval: 100 }).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1]!;
      expect(stdout).toContain(`(data in ${data})`);
      const res = await fetch(`${url}/v1/static-export/jobs`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(401);
      expect(stdout).toContain(`Assistant (v1, extractive): POST ${url}/discovery/v1/assistant/{domain}/message`);
      const assistant = await fetch(`${url}/discovery/v1/assistant/docs.acme.com/message`, { method: 'POST', body: '{}' });
      expect(assistant.status).toBe(401);
      expect(assistant.headers.get('deprecation')).toBe('true');
      expect(stdout).toContain(`Assistant (v2, extractive): POST ${url}/discovery/v2/assistant/{domain}/message`);
      const v2 = await fetch(`${url}/discovery/v2/assistant/docs.acme.com/message`, { method: 'POST', body: '{}' });
      expect([v2.status, v2.headers.get('deprecation'), ((await v2.json()) as { code: string }).code]).toEqual([401, null, 'auth/missing-key']);
      const doc = (await (await fetch(`${url}/openapi.json`)).json()) as { servers: { url: string }[] };
      expect(doc.servers[0]!.url).toBe(url);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stderr).toContain('Received SIGTERM: stopping');
      expect(stderr).toContain('Stopped.');
      expect(stderr).toContain('"message":"request"');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
