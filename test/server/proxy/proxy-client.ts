import type { LookupAddress } from 'node:dns';
import type { lookup as dnsLookup } from 'node:dns';
import type { Hono } from 'hono';
import type { PlaygroundBody, PlaygroundError, PlaygroundRequest, PlaygroundResponse } from '../../../src/model/playground.js';

/** Posts a `PlaygroundRequest` to the proxy app (no socket) and returns status and parsed JSON. */
export async function ask(app: Hono, request: Partial<PlaygroundRequest> & { url: string }, init: RequestInit = {}): Promise<{ status: number; json: PlaygroundResponse & PlaygroundError; headers: Headers }> {
  const body: PlaygroundRequest = { method: 'GET', headers: {}, body: { type: 'none' } as PlaygroundBody, ...request };
  const res = await app.request('/_svc/api/request', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ...init });
  return { status: res.status, json: (await res.json()) as PlaygroundResponse & PlaygroundError, headers: res.headers };
}

/** A fake `dns.lookup` answering from a table (`all: true` form and single form); unknown names fail with ENOTFOUND. */
export function fakeLookup(table: Record<string, readonly string[]>, calls: string[] = []): typeof dnsLookup {
  const lookup = (hostname: string, options: { all?: boolean }, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void => {
    calls.push(hostname);
    const answers = table[hostname];
    if (!answers) return void process.nextTick(() => callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), ''));
    const list = answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    process.nextTick(() => (options.all ? callback(null, list) : callback(null, list[0]?.address ?? '', list[0]?.family)));
  };
  return lookup as unknown as typeof dnsLookup;
}

export const decode64 = (text: string): string => Buffer.from(text, 'base64').toString('utf8');
