/**
 * The GitHub Action template of Mintlify's static-export overview (`api/static-export/overview.mdx`,
 * read from the shared corpus) run as written against a real `sheaf service` on 127.0.0.1: its
 * shell steps taken from the page and run with bash, curl and jq, only the API's base URL replaced
 * by the service's and `${{ secrets.MINTLIFY_ADMIN_KEY }}` by an environment value; step outputs go
 * through `$GITHUB_OUTPUT` and `${{ steps.<id>.outputs.<name> }}` as on GitHub. The last step
 * (`helm upgrade`) is not run: the test downloads the bundle it would deploy instead.
 * Under `CI=true` a missing bash, curl or jq fails the suite; elsewhere it is skipped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/server/store/open-store.js';
import { startCliService, type CliService } from '../server/service/cli-service.js';
import { HAS_MINTLIFY_DOCS, loadExportDocument, MINTLIFY_DOCS } from '../server/service/mintlify-export-document.js';
import { readTarGz } from '../bundle/read-archive.js';
import { REPO } from './cli-process.js';

const OVERVIEW = path.join(MINTLIFY_DOCS, 'api/static-export/overview.mdx');
const TOOLS = ['bash', 'curl', 'jq'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
const missing = [...(TOOLS.length ? [`${TOOLS.join(', ')} (Debian packages)`] : []), ...(HAS_MINTLIFY_DOCS ? [] : [`the corpus page ${OVERVIEW}`])].join('; ');
if (missing && process.env['CI'] === 'true') throw new Error(`The static-export Action test needs under CI=true: ${missing}`);
if (missing) console.warn(`static-export Action test skipped, missing: ${missing}`);

interface Step {
  readonly name: string;
  readonly id?: string;
  readonly run: string;
}

/** The steps of the template's workflow, as the page shows it. */
async function templateSteps(): Promise<Step[]> {
  const page = await readFile(OVERVIEW, 'utf8');
  const block = /```yaml \.github\/workflows\/static-export\.yml\n([\s\S]*?)\n```/.exec(page)?.[1];
  if (block === undefined) throw new Error(`no workflow block in ${OVERVIEW}`);
  const workflow = yaml.load(block) as { jobs: { export: { steps: Step[] } } };
  return workflow.jobs.export.steps;
}

/** A step's script with the expressions GitHub would substitute before running it. */
function substitute(script: string, outputs: Readonly<Record<string, Readonly<Record<string, string>>>>): string {
  return script.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (whole, expression: string) => {
    const secret = /^secrets\.(\w+)$/.exec(expression);
    if (secret) return `\${${secret[1]}}`;
    const output = /^steps\.(\w+)\.outputs\.(\w+)$/.exec(expression);
    if (output) return outputs[output[1]!]?.[output[2]!] ?? '';
    throw new Error(`unexpected expression ${whole}`);
  });
}

describe.skipIf(Boolean(missing))('the GitHub Action template of the static-export overview against sheaf service', () => {
  let work: string;
  let service: CliService;
  let adminKey: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-export-action-'));
    const source = path.join(work, 'project');
    await cp(path.join(REPO, 'test/bundle/fixtures/export-some-pages'), source, { recursive: true });
    const data = path.join(work, 'data');
    await mkdir(data);
    const store = await openStore({ kind: 'sqlite', file: path.join(data, 'sheaf.db') });
    try {
      await store.createOrganization({ id: 'example', name: 'Example', plan: 'enterprise' });
      // The domain the template exports, as written.
      await store.addSite({ domain: 'docs.example.com', orgId: 'example', source });
      const key = await store.createApiKey('example', 'admin');
      if (!key.ok) throw new Error(key.message);
      adminKey = key.key;
    } finally {
      await store.close();
    }
    service = await startCliService(data);
  }, 60_000);

  afterAll(async () => {
    await service?.stop();
    service?.cleanup();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('starts a job, polls it to completed, gets the bundle link and the bundle downloads', async () => {
    const steps = await templateSteps();
    expect(steps.map((s) => s.name)).toEqual(['Start static export job', 'Wait for the job to complete', 'Generate the bundle', 'Deploy to the Helm chart']);
    const deploy = steps.pop()!;
    expect(deploy.run).toMatch(/^helm upgrade --install mintlify mintlify\/enterprise/);
    const outputs: Record<string, Record<string, string>> = {};
    const logs: string[] = [];
    for (const [index, step] of steps.entries()) {
      const script = substitute(step.run, outputs).replaceAll('https://api.mintlify.com/v1', `${service.url}/v1`);
      expect(script, step.name).not.toContain('api.mintlify.com');
      const file = path.join(work, `step-${index}.sh`);
      const outputFile = path.join(work, `step-${index}.out`);
      await writeFile(file, script);
      await writeFile(outputFile, '');
      // GitHub's default shell on Linux runners: `bash -e {0}`.
      const run = spawnSync('bash', ['-e', file], { encoding: 'utf8', timeout: 700_000, env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', MINTLIFY_ADMIN_KEY: adminKey, GITHUB_OUTPUT: outputFile } });
      logs.push(run.stdout);
      expect(run.status, `${step.name}: ${run.stderr}`).toBe(0);
      if (step.id) outputs[step.id] = Object.fromEntries((await readFile(outputFile, 'utf8')).split('\n').filter(Boolean).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    }
    const jobId = outputs['start']?.['job_id'] ?? '';
    expect(jobId).toMatch(/^se_[0-9a-f]{16}$/);
    // The poll ended on `completed` (after `queued` or `running` while the build ran).
    expect(logs[1]!.trim().split('\n').at(-1)).toBe('status=completed');
    const bundleUrl = outputs['bundle']?.['bundle_url'] ?? '';
    expect(bundleUrl.startsWith(`${service.url}/v1/static-export/bundles/${jobId}/bundle.tar.gz?`)).toBe(true);
    // What the chart does with the link: download it.
    const bundle = path.join(work, 'bundle.tar.gz');
    const download = spawnSync('curl', ['-fsS', '-o', bundle, bundleUrl], { encoding: 'utf8' });
    expect(download.status, download.stderr).toBe(0);
    expect(existsSync(bundle)).toBe(true);
    const manifest = JSON.parse((await readTarGz(bundle)).find((e) => e.name === 'manifest.json')!.content.toString('utf8')) as { version: string; pageCount: number };
    expect([manifest.version, manifest.pageCount]).toEqual([jobId, 4]);
    // The job as the template's client saw it, valid against Mintlify's document.
    const res = await fetch(`${service.url}/v1/static-export/jobs/${jobId}`, { headers: { Authorization: `Bearer ${adminKey}` } });
    const job = await res.json();
    expect(loadExportDocument().check('GET', '/static-export/jobs/{jobId}', res.status, job)).toBe('');
    expect(job).toMatchObject({ jobId, status: 'completed', progress: 100, pageCount: 4 });
  }, 240_000);

  it('fails a job whose paths name no page, its error naming them, and exports only the pages named', async () => {
    const post = (body: unknown) =>
      fetch(`${service.url}/v1/static-export/jobs`, { method: 'POST', headers: { Authorization: `Bearer ${adminKey}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: (await r.json()) as { jobId: string } }));
    const poll = async (jobId: string) => {
      for (;;) {
        const job = (await (await fetch(`${service.url}/v1/static-export/jobs/${jobId}`, { headers: { Authorization: `Bearer ${adminKey}` } })).json()) as { status: string; error?: string; pageCount: number };
        if (job.status === 'completed' || job.status === 'failed') return job;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const bad = await post({ domain: 'docs.example.com', paths: ['index', 'guides/nothing'] });
    expect(bad.status).toBe(202);
    expect(await poll(bad.body.jobId)).toMatchObject({ status: 'failed', error: 'The page path `guides/nothing` names no page of the site. [bundle/unknown-page]' });
    const good = await post({ domain: 'docs.example.com', version: '2024-06-01', paths: ['guides/getting-started'] });
    expect(await poll(good.body.jobId)).toMatchObject({ status: 'completed', pageCount: 1 });
  }, 240_000);
});
