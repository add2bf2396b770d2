import dgram from 'node:dgram';
import dns from 'node:dns';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import tls from 'node:tls';

/** What every refused network call throws (followed by the API's name). */
export const NETWORK_DISABLED = 'Network access is disabled while building (the export sandbox)';
/** The `code` of the error a refused network call throws. */
export const NETWORK_DISABLED_CODE = 'ERR_SHEAF_NETWORK_DISABLED';
/** Set on `globalThis` once the network is denied (a registered symbol: a second copy of this module sees it too). */
const DENIED = Symbol.for('sheaf.network-denied');

type Target = Record<PropertyKey, unknown>;

/** Replaces `target[key]` by a function that throws, read-only and non-configurable, so nothing can put anything back. */
function refuse(target: object, key: string, api: string): void {
  const enumerable = Object.getOwnPropertyDescriptor(target, key)?.enumerable ?? false;
  // A plain function, so that `new WebSocket()` throws this error too rather than "not a constructor".
  const value = function refused(): never {
    throw Object.assign(new Error(`${NETWORK_DISABLED}; \`${api}\` cannot be used.`), { code: NETWORK_DISABLED_CODE });
  };
  Object.defineProperty(target, key, { value, writable: false, configurable: false, enumerable });
}

/** Own function properties of `target` whose names match. */
const functionsOf = (target: object, names: RegExp): string[] =>
  Object.getOwnPropertyNames(target).filter((k) => names.test(k) && typeof (target as Target)[k] === 'function');

/** The prototype of a native handle's class, checked by name: an unexpected Node version fails the process rather than leave a way out. */
function handlePrototype(handle: unknown, name: string): object {
  const ctor = (handle as { constructor?: { name?: string; prototype?: object } } | null | undefined)?.constructor;
  if (ctor?.name !== name || !ctor.prototype) throw new Error(`denyNetwork: cannot find Node's ${name} handle class`);
  return ctor.prototype;
}

/**
 * The native handle classes under `net`, `dgram` and `dns` — TCP, Pipe (Unix sockets), UDP and
 * the c-ares DNS channel — with the methods that open a connection, bind, listen, send or
 * query. Page code reaches these classes without any module function (`new
 * tls.TLSSocket()._handle._parent` is a TCP handle) and can call them directly, so the methods
 * are refused on the classes themselves. `open` is left: it adopts a descriptor the process
 * already has (its stdio and IPC channel) and makes no connection.
 */
function nativeHandles(): [prototype: object, name: string, methods: string[]][] {
  // `connect` makes the socket's handle before it validates its argument, and these arguments
  // are invalid: a handle, no connection.
  const tcp = new net.Socket();
  const pipe = new net.Socket();
  try {
    tcp.connect({ port: -1 });
  } catch { /* ERR_SOCKET_BAD_PORT */ }
  try {
    pipe.connect({ path: 1 as unknown as string });
  } catch { /* ERR_INVALID_ARG_TYPE */ }
  const udp = dgram.createSocket('udp4');
  const udpState = Object.getOwnPropertySymbols(udp).map((s) => (udp as unknown as Target)[s]).find((v) => !!v && typeof v === 'object' && 'handle' in v);
  const channel = (new dns.Resolver() as unknown as { _handle?: unknown })._handle;
  const handles: [prototype: object, name: string, methods: string[]][] = [
    [handlePrototype((tcp as unknown as { _handle?: unknown })._handle, 'TCP'), 'TCP', ['connect', 'connect6', 'bind', 'bind6', 'listen']],
    [handlePrototype((pipe as unknown as { _handle?: unknown })._handle, 'Pipe'), 'Pipe', ['connect', 'bind', 'listen']],
    [handlePrototype((udpState as { handle?: unknown } | undefined)?.handle, 'UDP'), 'UDP', ['connect', 'connect6', 'bind', 'bind6', 'send', 'send6']],
  ];
  const channelPrototype = handlePrototype(channel, 'ChannelWrap');
  handles.push([channelPrototype, 'ChannelWrap', functionsOf(channelPrototype, /^(query\w+|getHostByAddr)$/)]);
  tcp.destroy();
  pipe.destroy();
  udp.close();
  return handles;
}

/**
 * Makes every network API of this process throw `NETWORK_DISABLED` (code
 * `ERR_SHEAF_NETWORK_DISABLED`), synchronously, so that a page's attempt becomes that page's
 * diagnostic and never an unhandled error later. The sandboxed export process runs it before
 * any project code (`export-child-preload.ts`, and again, idempotently, first thing in
 * `export-child.ts`): MDX is code evaluated at build time and Node 20's permission model does not
 * cover the network, so a page could send what it reads anywhere or reach internal services.
 *
 * Refused: the globals `fetch`, `WebSocket`, `EventSource`; the clients and servers of `net`,
 * `tls`, `http`, `https`, `http2`, `dgram`; `dns` and `dns/promises` lookups and resolvers; and
 * underneath, the native handle classes all of these use (see `nativeHandles`), which page code
 * can reach on its own. Every replaced property is read-only and non-configurable and no
 * reference to an original is kept, so page code cannot put one back; `require`,
 * `process.getBuiltinModule` and `import('node:…')` all return these same module objects (ESM
 * named exports are synchronised here). Left to the permission model, which already refuses
 * them: `process.binding`, the inspector, workers, child processes and native addons. The
 * process cannot use the network afterwards; call it only in a process that never needs it.
 */
export function denyNetwork(): void {
  if ((globalThis as unknown as Target)[DENIED]) return;
  // Handles first: finding them uses the `connect` refused just below.
  const handles = nativeHandles();
  const resolvers = /^(lookup|lookupService|resolve\w*|reverse)$/;
  const surfaces: [target: object, name: string, keys: string[]][] = [
    [globalThis, '', ['fetch', 'WebSocket', 'EventSource']],
    [net, 'net.', ['connect', 'createConnection']],
    [net.Socket.prototype, 'net.Socket#', ['connect']],
    [net.Server.prototype, 'net.Server#', ['listen']],
    [tls, 'tls.', ['connect']],
    [http, 'http.', ['request', 'get']],
    [https, 'https.', ['request', 'get']],
    [http2, 'http2.', ['connect']],
    [dgram, 'dgram.', ['createSocket']],
    [dgram.Socket.prototype, 'dgram.Socket#', ['bind', 'connect', 'send']],
    [dns, 'dns.', functionsOf(dns, resolvers)],
    [dns.Resolver.prototype, 'dns.Resolver#', functionsOf(dns.Resolver.prototype, resolvers)],
    [dns.promises, 'dns.promises.', functionsOf(dns.promises, resolvers)],
    [dns.promises.Resolver.prototype, 'dns.promises.Resolver#', functionsOf(dns.promises.Resolver.prototype, resolvers)],
    ...handles.map(([prototype, name, methods]): [object, string, string[]] => [prototype, `${name}#`, methods]),
  ];
  for (const [target, name, keys] of surfaces) for (const key of keys) refuse(target, key, `${name}${key}`);
  syncBuiltinESMExports();
  Object.defineProperty(globalThis, DENIED, { value: true, writable: false, configurable: false, enumerable: false });
}
