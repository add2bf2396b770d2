import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { request, createServer as createHttpServer } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * Local servers that record every contact, to prove that code reached (or did not reach) the
 * network: HTTP (`http <path>`), plain TCP (`tcp` per connection), UDP (`udp <message>`) and a
 * Unix socket (`unix` per connection), all on 127.0.0.1 or in `dir`.
 */
export interface NetworkRecorder {
  readonly httpPort: number;
  readonly tcpPort: number;
  readonly udpPort: number;
  /** Path of the Unix socket. */
  readonly socketPath: string;
  /** Every contact, in arrival order. */
  readonly hits: string[];
  /**
   * Contacts each server once itself and waits until the four contacts are recorded, so that
   * whatever reached the servers before is recorded too; returns the hits before the fence.
   */
  readonly fence: () => Promise<string[]>;
  /** Resolves once `test` holds for the hits, checking every 20 ms (the test's timeout bounds it). */
  readonly until: (test: (hits: readonly string[]) => boolean) => Promise<void>;
  readonly close: () => Promise<void>;
}

export async function startNetworkRecorder(dir: string): Promise<NetworkRecorder> {
  const hits: string[] = [];
  const web = createHttpServer((req, res) => {
    hits.push(`http ${req.url}`);
    res.end(`hit ${req.url}`);
  });
  const tcp = createNetServer((socket) => {
    hits.push('tcp');
    socket.on('error', () => undefined).end();
  });
  const unix = createNetServer((socket) => {
    hits.push('unix');
    socket.on('error', () => undefined).end();
  });
  const udp = createSocket('udp4', (message) => hits.push(`udp ${message.toString('utf8')}`));
  const socketPath = path.join(dir, 'recorder.sock');
  web.listen(0, '127.0.0.1');
  tcp.listen(0, '127.0.0.1');
  unix.listen(socketPath);
  udp.bind(0, '127.0.0.1');
  await Promise.all([once(web, 'listening'), once(tcp, 'listening'), once(unix, 'listening'), once(udp, 'listening')]);
  const httpPort = (web.address() as AddressInfo).port;
  const tcpPort = (tcp.address() as AddressInfo).port;
  const udpPort = udp.address().port;

  const until: NetworkRecorder['until'] = async (test) => {
    while (!test(hits)) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  const fence = async (): Promise<string[]> => {
    const before = hits.length;
    const fences = ['http /fence', 'tcp', 'unix', 'udp fence'];
    await new Promise<void>((resolve, reject) => request({ host: '127.0.0.1', port: httpPort, path: '/fence', agent: false }, (res) => res.resume().on('end', resolve)).on('error', reject).end());
    connect(tcpPort, '127.0.0.1').on('error', () => undefined).end();
    connect(socketPath).on('error', () => undefined).end();
    const sender = createSocket('udp4');
    sender.send('fence', udpPort, '127.0.0.1', () => sender.close());
    await until((h) => fences.every((f) => h.slice(before).includes(f)));
    const all = [...hits];
    for (const f of fences) all.splice(all.lastIndexOf(f), 1);
    return all;
  };
  const close = async () => {
    web.closeAllConnections();
    udp.close();
    await Promise.all([new Promise((resolve) => web.close(resolve)), new Promise((resolve) => tcp.close(resolve)), new Promise((resolve) => unix.close(resolve))]);
  };
  return { httpPort, tcpPort, udpPort, socketPath, hits, fence, until, close };
}
