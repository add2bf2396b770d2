/**
 * Real servers for the scale-out suite, started on 127.0.0.1 with free ports: `redis-server` and
 * PostgreSQL from Debian's packages, nginx (Debian) as a static host, and s3rver (npm) as the
 * S3-compatible bundle store. A missing
 * binary skips the suite with the reason on a developer machine, and fails it under `CI=true`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

function which(name: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  return found || undefined;
}

/** The PostgreSQL server binaries (`initdb` is not on PATH in Debian). */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/** The nginx binary (Debian's package puts it in /usr/sbin, which a user's PATH may lack). */
export function nginxBin(): string | undefined {
  return which('nginx') ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined);
}

/**
 * nginx serving `root` on a free port of 127.0.0.1, as a static host would: one worker, sendfile,
 * validators from file time and size (its defaults), every path and temporary folder in `dir`.
 */
export async function startNginx(dir: string, root: string): Promise<RunningServer> {
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  const temp = (name: string) => path.join(dir, name);
  writeFileSync(
    conf,
    [
      'worker_processes 1;',
      `pid ${temp('nginx.pid')};`,
      `error_log ${temp('error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      '  sendfile on;',
      `  client_body_temp_path ${temp('body')}; proxy_temp_path ${temp('proxy')}; fastcgi_temp_path ${temp('fastcgi')}; uwsgi_temp_path ${temp('uwsgi')}; scgi_temp_path ${temp('scgi')};`,
      // The rewrite docs/hosting.mdx gives for bundles: extensionless URLs to their `.html` pages.
      `  server { listen 127.0.0.1:${port}; root ${root}; location / { try_files $uri $uri.html $uri/index.html =404; } }`,
      '}',
    ].join('\n'),
  );
  const child = spawn(nginxBin() as string, ['-c', conf, '-g', 'daemon off;'], { stdio: 'ignore', detached: true });
  await waitForPort(port, child, 'nginx');
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child, 'SIGQUIT') };
}

/** Why the suite cannot run here, or undefined. */
export function missingServers(): string | undefined {
  const missing = [!which('redis-server') && 'redis-server (Debian package redis-server)', !nginxBin() && 'nginx (Debian package nginx-light)', !postgresBin() && 'PostgreSQL (Debian package postgresql)', !which('runuser') && 'runuser (util-linux)'].filter(Boolean);
  return missing.length ? `missing: ${missing.join(', ')}` : undefined;
}

async function waitForPort(port: number, child: ChildProcess, name: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${name} did not listen on ${port} in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface RunningServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** Stops a server: `signal` to its process group when it has one, SIGKILL after 10 s. */
const stopChild = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    const send = (s: NodeJS.Signals) => {
      try {
        process.kill(-(child.pid as number), s);
      } catch {
        child.kill(s);
      }
    };
    send(signal);
    setTimeout(() => send('SIGKILL'), 10_000).unref();
  });

export async function startRedis(): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], { stdio: 'ignore' });
  await waitForPort(port, child, 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

/**
 * A throw-away cluster: `initdb` refuses root, so it runs as the `postgres` user (`runuser`) on a
 * folder that user owns; the server trusts local connections and listens on 127.0.0.1 only.
 */
export async function startPostgres(): Promise<RunningServer & { database(name: string): Promise<string> }> {
  const bin = postgresBin() as string;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-pg-'));
  const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const uid = Number(ids.stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) chownSync(dir, uid, gid);
  const run = (cmd: string, args: string[]) => (asPostgres ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' }) : spawnSync(cmd, args, { encoding: 'utf8' }));
  const data = path.join(dir, 'data');
  const init = run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const args = ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off', '-c', 'max_connections=200'];
  // Its own process group: the stop reaches postgres itself, not only runuser.
  const child = asPostgres
    ? spawn('runuser', ['-u', 'postgres', '--', path.join(bin, 'postgres'), ...args], { stdio: 'ignore', detached: true })
    : spawn(path.join(bin, 'postgres'), args, { stdio: 'ignore', detached: true });
  await waitForPort(port, child, 'postgres');
  const base = `postgres://postgres@127.0.0.1:${port}`;
  return {
    url: `${base}/postgres`,
    async database(name) {
      for (let i = 0; ; i++) {
        const made = run(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
        if (made.status === 0) break;
        // The server may still be starting up (it listens before it accepts).
        if (i > 50) throw new Error(`createdb failed: ${made.stderr}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      return `${base}/${name}`;
    },
    async stop() {
      // SIGINT: PostgreSQL's fast shutdown (SIGTERM waits for every client to leave).
      await stopChild(child, 'SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const S3_KEYS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' } as const;

/** s3rver with one bucket; credentials `S3RVER`/`S3RVER` (its defaults). */
export async function startS3(bucket: string): Promise<RunningServer & { readonly endpoint: string; readonly directory: string }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'sheaf-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as net.AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    url: `s3://${bucket}/exports`,
    endpoint,
    directory,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
