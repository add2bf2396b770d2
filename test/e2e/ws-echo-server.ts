import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** The GUID RFC 6455 appends to the client's key to make `Sec-WebSocket-Accept`. */
const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export interface WsEchoServer {
  readonly port: number;
  /** Text frames received from clients, in order. */
  readonly received: string[];
  /** The request paths clients connected to, in order. */
  readonly paths: string[];
  close(): Promise<void>;
}

/** An unmasked server frame (FIN set) of `opcode` holding `payload`. */
function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const head = length < 126 ? Buffer.from([0x80 | opcode, length]) : length < 65536 ? Buffer.from([0x80 | opcode, 126, length >> 8, length & 0xff]) : Buffer.concat([Buffer.from([0x80 | opcode, 127]), bigLength(length)]);
  return Buffer.concat([head, payload]);
}

function bigLength(length: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(length));
  return b;
}

/**
 * A minimal WebSocket echo server (RFC 6455) on 127.0.0.1 for the channel-page tests: it accepts
 * any path, greets each client with the text frame `welcome`, answers each text frame with
 * `echo: <text>`, pongs pings and returns a close frame. Frames from clients are masked (as
 * browsers send them); fragmented messages are not needed by the tests and are not joined.
 */
export async function startWsEchoServer(): Promise<WsEchoServer> {
  const received: string[] = [];
  const paths: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((_req, res) => res.writeHead(426).end());
  server.on('upgrade', (req: IncomingMessage, socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const key = req.headers['sec-websocket-key'];
    if (typeof key !== 'string') return void socket.destroy();
    const accept = createHash('sha1').update(key + WS_GUID).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    paths.push(req.url ?? '');
    socket.write(frame(0x1, Buffer.from('welcome')));
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (buffered.length < 2) return;
        const opcode = (buffered[0] as number) & 0x0f;
        const masked = ((buffered[1] as number) & 0x80) !== 0;
        let length = (buffered[1] as number) & 0x7f;
        let at = 2;
        if (length === 126) {
          if (buffered.length < 4) return;
          length = buffered.readUInt16BE(2);
          at = 4;
        } else if (length === 127) {
          if (buffered.length < 10) return;
          length = Number(buffered.readBigUInt64BE(2));
          at = 10;
        }
        const mask = masked ? buffered.subarray(at, at + 4) : undefined;
        if (mask) at += 4;
        if (buffered.length < at + length) return;
        const payload = Buffer.from(buffered.subarray(at, at + length));
        if (mask) for (let i = 0; i < payload.length; i += 1) payload[i] = (payload[i] as number) ^ (mask[i % 4] as number);
        buffered = buffered.subarray(at + length);
        if (opcode === 0x1) {
          const text = payload.toString('utf8');
          received.push(text);
          socket.write(frame(0x1, Buffer.from(`echo: ${text}`)));
        } else if (opcode === 0x9) {
          socket.write(frame(0xa, payload));
        } else if (opcode === 0x8) {
          socket.end(frame(0x8, payload.subarray(0, 2)));
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
