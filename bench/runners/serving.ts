import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeOpenApiProject } from '../openapi-project.js';
import type { RunnerResult } from './index.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SHEAF = path.join(HERE, '..', '..', 'bin', 'sheaf.js');
const MINIMAL = path.join(HERE, 'minimal-server.mjs');

/** Seconds of load per measured run, and of warm-up before each server's first run (JIT, caches). */
const RUN_SECONDS = 5;
const WARM_SECONDS = 2;
const CONNECTIONS = 16;
/** Measured runs per server and cell, alternating between the servers; the median is reported (one stall of the machine moves a p99 of one run). */
const ROUNDS = 3;

interface Load {
  readonly rps: number;
  readonly p99Ms: number;
}

const which = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim() || undefined;

/** `taskset -c CORE` before a command when the machine has two cores or more and taskset exists, so server and load tool each have a core. */
function pinned(core: number, command: string, args: readonly string[]): [string, string[]] {
  return availableParallelism() >= 2 && which('taskset') ? ['taskset', ['-c', String(core), command, ...args]] : [command, [...args]];
}

/** Milliseconds of a wrk latency like `1.23ms`, `456.00us` or `1.20s`. */
function millis(text: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(text);
  if (!m) return Number.NaN;
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
}

/** One wrk run on core 1: requests per second and p99 latency. */
function wrk(url: string, seconds: number, headers: readonly string[], script?: string): Load {
  const [command, args] = pinned(1, 'wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...headers.flatMap((h) => ['-H', h]), ...(script ? ['-s', script] : []), url]);
  const out = spawnSync(command, args, { encoding: 'utf8' }).stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const p99 = millis(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '');
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (non2xx) throw new Error(`${url}: ${non2xx[1]} responses were not 2xx/3xx`);
  return { rps, p99Ms: p99 };
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const stop = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

/** RSS in MiB of a process and its children (the serving workers). */
function treeRssMb(pid: number): number {
  const pids = [pid, ...spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number)];
  let kb = 0;
  for (const p of pids) {
    const status = existsSync(`/proc/${p}/status`) ? readFileSync(`/proc/${p}/status`, 'utf8') : '';
    kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return kb / 1024;
}

/** A free port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function nginxConf(dir: string, root: string, port: number, gzipPort: number): string {
  const conf = path.join(dir, 'nginx.conf');
  const t = (n: string) => path.join(dir, n);
  writeFileSync(
    conf,
    `worker_processes 1;
pid ${t('nginx.pid')};
error_log ${t('error.log')} warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${t('body')}; proxy_temp_path ${t('proxy')}; fastcgi_temp_path ${t('fastcgi')}; uwsgi_temp_path ${t('uwsgi')}; scgi_temp_path ${t('scgi')};
  # The precompressed copies of the bundle, as sheaf host sends them.
  server { listen 127.0.0.1:${port}; root ${root}; gzip_static on; location / { try_files $uri $uri/index.html =404; } }
  # Compression on the fly (nginx's defaults: level 1), for the compressed-bytes comparison.
  server { listen 127.0.0.1:${gzipPort}; root ${root}; gzip on; gzip_types text/css application/javascript application/json text/plain; location / { try_files $uri $uri/index.html =404; } }
}
`,
  );
  return conf;
}

/** Bytes of the bodies of `paths` as sent with `Accept-Encoding: acceptEncoding`. */
async function bodyBytes(base: string, paths: readonly string[], acceptEncoding: string): Promise<number> {
  let total = 0;
  for (const p of paths) {
    const r = await new Promise<number>((resolve, reject) => {
      import('node:http').then(({ get }) => {
        const req = get(`${base}${p}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          let n = 0;
          res.on('data', (c: Buffer) => (n += c.length));
          res.on('end', () => resolve(n));
        });
        req.on('error', reject);
      }, reject);
    });
    total += r;
  }
  return total;
}

/**
 * `sheaf host` under load against nginx (Debian's, `sendfile` and `gzip_static` on the same
 * unpacked bundle) and a minimal node:http server answering the same bytes from memory (the
 * runtime's floor), on the bundle of one corpus OpenAPI document. Each server gets core 0 and
 * wrk core 1 (`taskset`), 16 connections; each cell is a warm-up then three alternating runs, whose
 * median is reported. `sheaf host` runs with `--workers 1` (one core, as nginx's one worker).
 * Input: `openapiRoot`, `openapi`.
 */
export async function serving(input: Readonly<Record<string, string>>): Promise<RunnerResult> {
  const missing = ['wrk', 'tar'].filter((b) => !which(b));
  const nginx = which('nginx') ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined);
  if (missing.length || !nginx) throw new Error(`the serving case needs ${[...missing, ...(nginx ? [] : ['nginx'])].join(', ')} (Debian packages wrk, nginx-light)`);
  const made = makeOpenApiProject(input['openapiRoot'] as string, input['openapi'] as string);
  const work = mkdtempSync(path.join(tmpdir(), 'sheaf-bench-serving-'));
  chmodSync(work, 0o755);
  const children: ChildProcess[] = [];
  let bundleServer: Server | undefined;
  try {
    const bundle = path.join(work, 'site.tar.gz');
    const exported = spawnSync(process.execPath, [SHEAF, 'export', made.root, '-o', bundle], { encoding: 'utf8' });
    if (exported.status !== 0) throw new Error(`sheaf export failed: ${exported.stderr}`);
    const site = path.join(work, 'site');
    mkdirSync(site);
    spawnSync('tar', ['-xzf', bundle, '-C', site]);
    bundleServer = createServer((_req, res) => res.end(readFileSync(bundle)));
    await new Promise<void>((resolve) => bundleServer?.listen(0, '127.0.0.1', resolve));
    const bundleUrl = `http://127.0.0.1:${(bundleServer.address() as { port: number }).port}/site.tar.gz`;

    const [sheafPort, nginxPort, gzipPort, minimalPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const start = (core: number, command: string, args: readonly string[]) => {
      const [c, a] = pinned(core, command, args);
      const child = spawn(c, a, { stdio: 'ignore' });
      children.push(child);
      return child;
    };
    const sheaf = start(0, process.execPath, [SHEAF, 'host', '--bundle-url', bundleUrl, '--port', String(sheafPort), '--host', '127.0.0.1', '--data-dir', path.join(work, 'data'), '--workers', '1']);
    const ngx = start(0, nginx, ['-c', nginxConf(work, site, nginxPort, gzipPort), '-g', 'daemon off;']);
    const minimal = start(0, process.execPath, [MINIMAL, site, String(minimalPort)]);
    const servers = { sheaf: `http://127.0.0.1:${sheafPort}`, nginx: `http://127.0.0.1:${nginxPort}`, minimal: `http://127.0.0.1:${minimalPort}` };
    await Promise.all([waitFor(`${servers.sheaf}/`, sheaf), waitFor(`${servers.nginx}/`, ngx), waitFor(`${servers.minimal}/`, minimal)]);

    // 200 operation pages, in a wrk script that walks them in turn.
    const pages = readdirSync(site, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('/index.html') && f.split('/').length >= 3)
      .sort()
      .slice(0, 200)
      .map((f) => `/${f.slice(0, -'index.html'.length)}`);
    const script = path.join(work, 'pages.lua');
    writeFileSync(script, `local paths = {${pages.map((p) => JSON.stringify(p)).join(',')}}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n`);
    const asset = readdirSync(path.join(site, '_sheaf')).find((f) => /^sheaf\.[0-9a-f]{10}\.js$/.test(f)) as string;
    const assetBytes = readFileSync(path.join(site, '_sheaf', asset)).length;

    const cells: { name: string; servers: (keyof typeof servers)[]; path: string; headers: string[]; script?: string }[] = [
      { name: `hashed asset (${(assetBytes / 1024).toFixed(0)} KB)`, servers: ['sheaf', 'nginx', 'minimal'], path: `/_sheaf/${asset}`, headers: [] },
      { name: '200 pages, uncompressed', servers: ['sheaf', 'nginx'], path: '/', headers: [], script },
      { name: '200 pages, gzip', servers: ['sheaf', 'nginx'], path: '/', headers: ['Accept-Encoding: gzip'], script },
      { name: 'small page (home)', servers: ['sheaf', 'nginx', 'minimal'], path: '/', headers: [] },
    ];
    const rssBefore = treeRssMb(sheaf.pid as number);
    const lines: string[][] = [['cell', 'sheaf req/s', 'nginx req/s', '× nginx', 'minimal req/s', '× minimal', 'sheaf p99 ms', 'nginx p99 ms', 'p99 × nginx', 'minimal p99 ms']];
    const summary: string[] = [];
    for (const cell of cells) {
      const results: Partial<Record<keyof typeof servers, Load[]>> = {};
      for (const s of cell.servers) wrk(`${servers[s]}${cell.path}`, WARM_SECONDS, cell.headers, cell.script);
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const s of cell.servers) (results[s] ??= []).push(wrk(`${servers[s]}${cell.path}`, RUN_SECONDS, cell.headers, cell.script));
      }
      const mean = (s: keyof typeof servers, key: keyof Load) => {
        const runs = results[s];
        if (!runs) return Number.NaN;
        const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
        return sorted[Math.floor(sorted.length / 2)] as number;
      };
      const f = (n: number, digits = 0) => (Number.isNaN(n) ? '-' : n.toFixed(digits));
      lines.push([cell.name, f(mean('sheaf', 'rps')), f(mean('nginx', 'rps')), f(mean('sheaf', 'rps') / mean('nginx', 'rps'), 2), f(mean('minimal', 'rps')), f(mean('sheaf', 'rps') / mean('minimal', 'rps'), 2), f(mean('sheaf', 'p99Ms'), 2), f(mean('nginx', 'p99Ms'), 2), f(mean('sheaf', 'p99Ms') / mean('nginx', 'p99Ms'), 1), f(mean('minimal', 'p99Ms'), 2)]);
      summary.push(`${cell.name.split(' ')[0]} ${f(mean('sheaf', 'rps') / mean('nginx', 'rps'), 2)}× nginx`);
    }
    const rssAfter = treeRssMb(sheaf.pid as number);

    // Bytes on the wire for the 200 pages: sheaf host's copies against nginx compressing on the fly.
    const gzipBase = `http://127.0.0.1:${gzipPort}`;
    const bytes = {
      plain: await bodyBytes(servers.nginx, pages, 'identity'),
      nginxGzip: await bodyBytes(gzipBase, pages, 'gzip'),
      sheafGzip: await bodyBytes(servers.sheaf, pages, 'gzip'),
      sheafBr: await bodyBytes(servers.sheaf, pages, 'br, gzip'),
    };
    const mb = (n: number) => (n / 1e6).toFixed(2);
    const table = [
      ...lines.map((l) => l.join(' | ')),
      `bytes of the 200 pages: ${mb(bytes.plain)} MB uncompressed; nginx gzip on the fly ${mb(bytes.nginxGzip)} MB; sheaf host gzip ${mb(bytes.sheafGzip)} MB, brotli ${mb(bytes.sheafBr)} MB`,
      `sheaf host RSS (main process and worker): ${rssBefore.toFixed(0)} MB before the load, ${rssAfter.toFixed(0)} MB after`,
    ].join('\n');
    return { items: pages.length, notes: `${summary.join(', ')}; RSS ${rssBefore.toFixed(0)}→${rssAfter.toFixed(0)} MB`, table };
  } finally {
    await Promise.all(children.map((c) => stop(c, c.spawnargs.some((a) => a.endsWith('nginx')) ? 'SIGQUIT' : 'SIGTERM')));
    bundleServer?.close();
    rmSync(work, { recursive: true, force: true });
    rmSync(made.root, { recursive: true, force: true });
  }
}
