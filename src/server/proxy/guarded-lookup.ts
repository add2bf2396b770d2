import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy.js';

/** The DNS answer of `hostname` holds an address the policy refuses; raised inside the socket's connect. */
export class BlockedAddressError extends Error {
  override readonly name = 'BlockedAddressError';
  constructor(readonly hostname: string) {
    super(`${hostname} resolves to an address the playground proxy does not reach`);
  }
}

/** The all-answers form of `dns.lookup`, which every injected lookup supports. */
type LookupAll = (hostname: string, options: LookupOptions & { all: true }, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A socket `lookup` that resolves with `base` and refuses the connection when ANY answer is not
 * allowed (a name with one public and one internal answer is refused). It runs when the socket
 * connects, so the address checked is the address used: DNS rebinding between a check and the
 * connection is impossible. Node skips `lookup` for IP literals: those are checked before.
 */
export function guardedLookup(base: LookupAll, policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses ?? [];
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      if (list.some((a) => !policy(a.address).allowed)) return callback(new BlockedAddressError(hostname), '');
      if (options.all) callback(null, list);
      else callback(null, first.address, first.family);
    });
  };
}
