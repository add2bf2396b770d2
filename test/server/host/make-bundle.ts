import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { BUNDLE_FORMAT_VERSION } from '../../../src/model/bundle.js';

/**
 * Test bundles built by hand (tar-stream + zlib, and a small zip writer), so they can also be
 * malicious: any name, links, devices, duplicates, a manifest that lies.
 */
export interface TestEntry {
  readonly name: string;
  readonly content?: string | Buffer;
  readonly type?: 'file' | 'directory' | 'symlink' | 'link' | 'character-device';
  readonly linkname?: string;
}

export type SiteFiles = Readonly<Record<string, string>>;

const sha256 = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');

/** A manifest for `files` (path -> content), as `exportBundle` writes it. */
export function manifestOf(files: SiteFiles, version: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const list = Object.keys(files)
    .sort()
    .map((p) => ({ path: p, sha256: sha256(files[p] as string), size: Buffer.byteLength(files[p] as string) }));
  return {
    formatVersion: BUNDLE_FORMAT_VERSION,
    sheafVersion: '0.1.0',
    version,
    contentHash: sha256(list.map((f) => `${f.path}\0${f.sha256}\n`).join('')),
    deployment: 'cloud',
    features: { search: true, assistant: true, analytics: true, playground: true },
    name: 'Test site',
    pageCount: 2,
    pages: [],
    files: list,
    ...extra,
  };
}

/** The entries of a well-formed bundle: manifest.json first, then the files. */
export function bundleEntries(files: SiteFiles, version: string, manifest = manifestOf(files, version)): TestEntry[] {
  return [{ name: 'manifest.json', content: JSON.stringify(manifest, null, 2) }, ...Object.entries(files).map(([name, content]) => ({ name, content }))];
}

export async function packTarGz(entries: readonly TestEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of pack) chunks.push(chunk as Buffer);
  })();
  for (const e of entries) {
    const type = e.type ?? 'file';
    const body = type === 'file' ? Buffer.from(e.content ?? '') : Buffer.alloc(0);
    await new Promise<void>((resolve, reject) => {
      const header = { name: e.name, type, mode: type === 'directory' ? 0o755 : 0o644, mtime: new Date(0), size: body.length, ...(e.linkname ? { linkname: e.linkname } : {}) };
      pack.entry(header, body, (err?: Error | null) => (err ? reject(err) : resolve()));
    });
  }
  pack.finalize();
  await collected;
  return gzipSync(Buffer.concat(chunks));
}

/** A stored (uncompressed) zip; `symlink` entries get Unix mode 0120777, made by Unix. */
export function packZip(entries: readonly TestEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const type = e.type ?? 'file';
    const name = Buffer.from(type === 'directory' && !e.name.endsWith('/') ? `${e.name}/` : e.name, 'utf8');
    const data = type === 'symlink' ? Buffer.from(e.linkname ?? '') : type === 'directory' ? Buffer.alloc(0) : Buffer.from(e.content ?? '');
    const mode = type === 'symlink' ? 0o120777 : type === 'directory' ? 0o040755 : type === 'character-device' ? 0o020644 : 0o100644;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export interface Served {
  readonly status?: number;
  readonly body: string | Buffer;
  readonly headers?: Record<string, string>;
}

/**
 * A local HTTP server standing in for object storage: answers the paths in `routes` (changeable
 * while running), 404 otherwise; `hang` paths never answer. Records the request paths with their
 * query.
 */
export async function startBundleServer(routes: Record<string, Served> = {}, hang: string[] = []) {
  const requests: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push(req.url ?? '');
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (hang.includes(pathname)) return;
    const route = routes[pathname];
    if (!route) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('no such object');
    res.writeHead(route.status ?? 200, { 'content-type': 'application/octet-stream', ...route.headers }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routes,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The body of S3's answer to an expired presigned link (HTTP 403). */
export const S3_EXPIRED = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Request has expired</Message><X-Amz-Expires>300</X-Amz-Expires></Error>';

/** A presigned-looking query whose signature must never reach a log. */
export const SIGNED = '?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=300&X-Amz-Signature=f00dfeedsecretsignature';
