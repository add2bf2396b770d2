import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { build } from '../../src/api/build.js';
import { permissionFlag } from '../../src/export/permission-model.js';
import { runExportChild } from '../../src/export/run-export-child.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { readTarGz } from '../bundle/read-archive.js';
import { startNetworkRecorder, type NetworkRecorder } from './network-recorder.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PRELOAD = path.join(REPO, 'dist/export/export-child-preload.js');
const LIMITS = { timeoutMs: 60_000, maxMemoryMb: 512 } as const;
const DENIED = 'Network access is disabled while building (the export sandbox)';

let tmp: string;
let recorder: NetworkRecorder;

beforeAll(async () => {
  // The export process runs compiled code: `npm run build` makes it.
  expect(existsSync(PRELOAD), 'dist/ is missing or stale: run `npm run build`').toBe(true);
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-deny-network-'));
  recorder = await startNetworkRecorder(tmp);
});
beforeEach(() => {
  recorder.hits.length = 0;
});
afterAll(async () => {
  await recorder?.close();
  await rm(tmp, { recursive: true, force: true });
});

/** Runs `script` (an ES module) in a Node process started like the export process: permission model, preload. */
async function runPreloaded(script: string): Promise<string> {
  const args = [permissionFlag() as string, `--allow-fs-read=${path.join(REPO, 'dist')}`, '--no-warnings', `--import=${pathToFileURL(PRELOAD).href}`, '--input-type=module', '-e', script];
  const child = spawn(process.execPath, args, { env: {}, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
  const code = await new Promise((resolve) => child.on('close', resolve));
  expect({ code, err }).toEqual({ code: 0, err: '' });
  return out;
}

describe('the export process has no network', () => {
  it('refuses every network API, however it is reached, and nothing can put one back', async () => {
    const { httpPort: web, tcpPort: tcp, udpPort: udp, socketPath } = recorder;
    const url = `http://127.0.0.1:${web}/attempt`;
    const script = `
      const g = (name) => process.getBuiltinModule(name);
      const tries = {
        'fetch': () => fetch(${JSON.stringify(url)}),
        'new WebSocket': () => new WebSocket('ws://127.0.0.1:${web}/'),
        'new EventSource': () => new EventSource(${JSON.stringify(url)}),
        'http.get': () => g('node:http').get(${JSON.stringify(url)}),
        'https.request': () => g('node:https').request('https://127.0.0.1:${web}/'),
        'http2.connect': () => g('node:http2').connect('http://127.0.0.1:${web}'),
        'new http.ClientRequest': () => new (g('node:http').ClientRequest)(${JSON.stringify(url)}),
        'http.Agent#createConnection': () => new (g('node:http').Agent)().createConnection({ host: '127.0.0.1', port: ${web} }),
        'net.connect': () => g('node:net').connect(${tcp}, '127.0.0.1'),
        'net.createConnection to a Unix socket': () => g('net').createConnection(${JSON.stringify(socketPath)}),
        'import("node:net") named export': async () => (await import('node:net')).connect(${tcp}, '127.0.0.1'),
        'tls.connect': () => g('tls').connect(${tcp}, '127.0.0.1'),
        'raw TCP handle': () => { const TCP = new (g('tls').TLSSocket)()._handle._parent.constructor; return new TCP(0).connect(new TCP(0), '127.0.0.1', ${tcp}); },
        'raw Pipe handle': () => { const Pipe = new (g('tls').TLSSocket)(null, { pipe: true })._handle._parent.constructor; return new Pipe(0).connect(new Pipe(0), ${JSON.stringify(socketPath)}); },
        'dgram.createSocket': () => g('dgram').createSocket('udp4'),
        'new dgram.Socket': () => new (g('dgram').Socket)('udp4').send('x', ${udp}, '127.0.0.1'),
        'dns.lookup': () => g('dns').lookup('localhost', () => {}),
        'dns.promises.resolve4': () => g('dns').promises.resolve4('localhost'),
        'dns/promises lookup': () => g('dns/promises').lookup('localhost'),
        'raw DNS channel': () => { const channel = new (g('dns').Resolver)()._handle; return channel.queryA(channel, 'localhost'); },
        'http server listen': () => g('http').createServer().listen(0, '127.0.0.1'),
        'redefine net.Socket#connect': () => Object.defineProperty(g('net').Socket.prototype, 'connect', { value: () => 'restored' }),
        'assign fetch': () => { globalThis.fetch = () => 'restored'; },
        'delete fetch': () => { delete globalThis.fetch; },
        'process.binding': () => process.binding('tcp_wrap'),
      };
      const out = {};
      for (const [name, attempt] of Object.entries(tries)) {
        try {
          await attempt();
          out[name] = 'allowed';
        } catch (e) {
          out[name] = e.code === 'ERR_SHEAF_NETWORK_DISABLED' ? e.message : e.code ?? e.message;
        }
      }
      // Still working: the process's own pipes.
      process.stdout.write(JSON.stringify(out));
    `;
    const out = JSON.parse(await runPreloaded(script)) as Record<string, string>;
    const refused = (api: string) => `${DENIED}; \`${api}\` cannot be used.`;
    // The HTTP client reaches the socket through `net.Socket#connect` on Node 20 and through
    // `net.createConnection` on Node 22 and later: either is refused.
    const refusedHttpClient = expect.stringMatching(/^Network access is disabled while building \(the export sandbox\); `(net\.Socket#connect|net\.createConnection)` cannot be used\.$/);
    expect(out).toEqual({
      'fetch': refused('fetch'),
      'new WebSocket': refused('WebSocket'),
      'new EventSource': refused('EventSource'),
      'http.get': refused('http.get'),
      'https.request': refused('https.request'),
      'http2.connect': refused('http2.connect'),
      'new http.ClientRequest': refusedHttpClient,
      'http.Agent#createConnection': refusedHttpClient,
      'net.connect': refused('net.connect'),
      'net.createConnection to a Unix socket': refused('net.createConnection'),
      'import("node:net") named export': refused('net.connect'),
      'tls.connect': refused('tls.connect'),
      'raw TCP handle': refused('TCP#connect'),
      'raw Pipe handle': refused('Pipe#connect'),
      'dgram.createSocket': refused('dgram.createSocket'),
      'new dgram.Socket': refused('dgram.Socket#send'),
      'dns.lookup': refused('dns.lookup'),
      'dns.promises.resolve4': refused('dns.promises.resolve4'),
      'dns/promises lookup': refused('dns.promises.lookup'),
      'raw DNS channel': refused('ChannelWrap#queryA'),
      'http server listen': refused('net.Server#listen'),
      'redefine net.Socket#connect': 'Cannot redefine property: connect',
      'assign fetch': "Cannot assign to read only property 'fetch' of object '#<Object>'",
      'delete fetch': "Cannot delete property 'fetch' of #<Object>",
      'process.binding': 'ERR_ACCESS_DENIED',
    });
    expect(await recorder.fence()).toEqual([]);
  });

  it('an export through the child reaches nothing, each attempt is its page\'s diagnostic; the same project built in-process does reach the servers', async () => {
    const { httpPort: web, tcpPort: tcp, udpPort: udp, socketPath } = recorder;
    const at = (p: string) => JSON.stringify(`http://127.0.0.1:${web}/${p}`);
    const pages: Record<string, string> = {
      expression: `Data: {fetch(${at('expression')}) && 'fetched'}`,
      awaited: `export const body = await fetch(${at('awaited')}).then((r) => r.text())\n\nGot: {body}`,
      imported: `import { get } from 'node:http'\n\nImported: {get(${at('imported')})}`,
      // (MDX refuses `import()` itself; the test above covers `import('node:…')`.)
      request: `Sent: {new (process.getBuiltinModule('node:http').ClientRequest)(${at('request')}).on('error', () => {}).end() && 'yes'}`,
      builtin: `Sent: {process.getBuiltinModule('node:http').get(${at('builtin')}).on('error', () => {}) && 'yes'}`,
      socket: `Socket: {process.getBuiltinModule('node:net').connect(${tcp}, '127.0.0.1').on('error', () => {}).end() && 'yes'}`,
      handle: `export const raw = (() => { const TCP = new (process.getBuiltinModule('node:tls').TLSSocket)()._handle._parent.constructor; const h = new TCP(0); const req = new TCP(0); req.oncomplete = () => h.close(); return h.connect(req, '127.0.0.1', ${tcp}) })()\n\nRaw: {String(raw)}`,
      udp: `export const sent = await new Promise((resolve) => { const s = process.getBuiltinModule('node:dgram').createSocket('udp4'); s.send('page', ${udp}, '127.0.0.1', () => { s.close(); resolve('yes') }) })\n\nUDP: {sent}`,
      unix: `export const unix = await new Promise((resolve, reject) => { const s = process.getBuiltinModule('node:net').connect(${JSON.stringify(socketPath)}); s.on('connect', () => { s.end(); resolve('yes') }).on('error', reject) })\n\nUnix: {unix}`,
      dns: `export const address = (await process.getBuiltinModule('node:dns').promises.lookup('localhost', { family: 4 })).address\n\nAddress: {address}`,
      fine: 'Plain page.',
    };
    const source = path.join(tmp, 'project');
    await mkdir(source, { recursive: true });
    await writeFile(path.join(source, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'network', colors: { primary: '#0D9373' }, navigation: { pages: Object.keys(pages) } }));
    for (const [page, text] of Object.entries(pages)) await writeFile(path.join(source, `${page}.mdx`), `---\ntitle: ${page}\n---\n\n${text}\n`);

    const workDir = path.join(tmp, 'work');
    const r = await runExportChild({ source, workDir, version: 'v1', ...LIMITS });
    expect(r).toMatchObject({ ok: true, pageCount: 11, errors: 9 });
    expect(await recorder.fence()).toEqual([]);
    const diagnostics = JSON.parse(await readFile(path.join(workDir, 'diagnostics.json'), 'utf8')) as Diagnostic[];
    const failed = (api: string) => `Rendering failed: ${DENIED}; \`${api}\` cannot be used.`;
    expect(diagnostics.filter((d) => d.severity !== 'info').map((d) => [d.file, d.code, d.message])).toEqual([
      ['awaited.mdx', 'mdx/runtime', failed('fetch')],
      ['builtin.mdx', 'mdx/runtime', failed('http.get')],
      ['dns.mdx', 'mdx/runtime', failed('dns.promises.lookup')],
      ['expression.mdx', 'mdx/runtime', failed('fetch')],
      ['handle.mdx', 'mdx/runtime', failed('TCP#connect')],
      ['imported.mdx', 'mdx/unsupported-import', 'Import from package `node:http` is not supported; its bindings render nothing.'],
      ['request.mdx', 'mdx/runtime', expect.stringMatching(/^Rendering failed: Network access is disabled while building \(the export sandbox\); `(net\.Socket#connect|net\.createConnection)` cannot be used\.$/)],
      ['socket.mdx', 'mdx/runtime', failed('net.connect')],
      ['udp.mdx', 'mdx/runtime', failed('dgram.createSocket')],
      ['unix.mdx', 'mdx/runtime', failed('net.connect')],
    ]);
    const entries = await readTarGz(path.join(workDir, 'bundle.tar.gz'));
    expect(entries.find((e) => e.name === 'fine.html')?.content.toString('utf8')).toContain('Plain page.');

    // The control: in this process nothing is denied, and the same pages reach every server.
    recorder.hits.length = 0;
    const control = await build({ root: source, outDir: path.join(tmp, 'control'), workers: 0, cacheDir: false });
    const rendered = async (page: string) => readFile(path.join(tmp, 'control', page, 'index.html'), 'utf8');
    // Some pages only start their contact while rendering: wait for all, then fence off any more.
    await recorder.until((h) => h.length >= 8);
    expect((await recorder.fence()).sort()).toEqual(['http /awaited', 'http /builtin', 'http /expression', 'http /request', 'tcp', 'tcp', 'udp page', 'unix']);
    expect(await rendered('awaited')).toContain('Got: hit /awaited');
    expect(await rendered('dns')).toContain('Address: 127.0.0.1');
    expect(await rendered('unix')).toContain('Unix: yes');
    expect(control.errorCount).toBe(0);
  });
});
