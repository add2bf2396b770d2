import { crc32, deflateSync, inflateSync } from 'node:zlib';

/** A decoded 8-bit RGB or RGBA PNG (what resvg writes): its size and a pixel reader. */
export interface DecodedPng {
  readonly width: number;
  readonly height: number;
  /** The pixel at (x, y) as `#rrggbb` (alpha left out). */
  pixel(x: number, y: number): string;
  /** The colours of the pixels in the box from (x0, y0) to (x1, y1), ends excluded. */
  colours(x0: number, y0: number, x1: number, y1: number): Set<string>;
}

/** Decodes a non-interlaced 8-bit RGB/RGBA PNG; throws on anything else (the tests read only resvg's output). */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const buf = Buffer.from(bytes);
  if (buf.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    const data = buf.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colour, , , interlace] = [data[8], data[9], data[10], data[11], data[12]];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) throw new Error(`unsupported PNG (depth ${depth}, colour ${colour}, interlace ${interlace})`);
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)] as number;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i] as number;
      const a = i >= channels ? (out[y * stride + i - channels] as number) : 0;
      const b = y > 0 ? (out[(y - 1) * stride + i] as number) : 0;
      const c = y > 0 && i >= channels ? (out[(y - 1) * stride + i - channels] as number) : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const value = [x, x + a, x + b, x + ((a + b) >> 1), x + paeth][filter];
      if (value === undefined) throw new Error(`unknown PNG filter ${filter}`);
      out[y * stride + i] = value & 0xff;
    }
  }
  const pixel = (x: number, y: number): string => `#${out.subarray(y * stride + x * channels, y * stride + x * channels + 3).toString('hex')}`;
  return {
    width,
    height,
    pixel,
    colours: (x0, y0, x1, y1) => {
      const seen = new Set<string>();
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) seen.add(pixel(x, y));
      return seen;
    },
  };
}

/** A `width` × `height` RGBA PNG of one colour (`rgba`: 4 bytes), for test fixtures. */
export function solidPng(width: number, height: number, rgba: readonly [number, number, number, number]): Uint8Array {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4).map((_, i) => rgba[i % 4] as number)]);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))), chunk('IEND', Buffer.alloc(0))]);
}
