import ipaddr from 'ipaddr.js';
import type { PlaygroundProxyOptions } from '../server/proxy/create-playground-proxy.js';

/** `--allow-host` and `--allow-address` of `sheaf host` and `sheaf dev` (repeatable, comma-separated). */
export interface ProxyFlags {
  readonly allowHost?: readonly string[];
  readonly allowAddress?: readonly string[];
}

/** Commander collector of a repeatable flag. */
export const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * The playground proxy's options from the flags: host names lower-cased, address ranges checked
 * as CIDRs. Returns the message for an address range that is none.
 */
export function proxyOptions(flags: ProxyFlags): { ok: true; value: PlaygroundProxyOptions } | { ok: false; message: string } {
  const allowHosts = (flags.allowHost ?? []).flatMap((h) => h.split(',')).map((h) => h.trim().toLowerCase()).filter(Boolean);
  const allowAddresses = (flags.allowAddress ?? []).flatMap((h) => h.split(',')).map((h) => h.trim()).filter(Boolean);
  const badCidr = allowAddresses.find((cidr) => !isCidr(cidr));
  if (badCidr !== undefined) return { ok: false, message: `--allow-address ${JSON.stringify(badCidr)} is not an address range in CIDR form (10.0.0.0/8, 192.168.1.20/32, fd00::/8).` };
  return { ok: true, value: { ...(allowHosts.length ? { allowHosts } : {}), ...(allowAddresses.length ? { allowAddresses } : {}) } };
}

function isCidr(value: string): boolean {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}
