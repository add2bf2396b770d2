import { isIP } from 'node:net';
import type { AddressPolicy } from './address-policy.js';
import { refuse, success, type Outcome } from './proxy-errors.js';

/** A URL the proxy may connect to, with the host Node connects to (IPv6 without brackets). */
export interface Target {
  readonly url: URL;
  readonly connectHost: string;
}

/** Matches a host name against `allowHosts` entries: exact names, or `*.example.com` for its subdomains. */
export function hostAllowed(hostname: string, allowHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return allowHosts.some((entry) => {
    const rule = entry.toLowerCase().replace(/\.$/, '');
    return rule.startsWith('*.') ? host.endsWith(rule.slice(1)) : host === rule;
  });
}

/**
 * Checks a URL before any connection: absolute http or https, no user name or password, host in
 * the allowlist when there is one, and an IP-literal host allowed by the policy (Node never calls
 * `lookup` for literals). WHATWG parsing has already turned every IPv4 spelling (`2130706433`,
 * `0x7f000001`, `0177.0.0.1`, `127.1`) into dotted decimal, and `ipaddr.process` unwraps
 * IPv4-mapped IPv6. `via` says how the URL was reached, for the message (`a redirect`).
 */
export function checkTarget(text: string | URL, policy: AddressPolicy, allowHosts: readonly string[] | undefined, via?: string): Outcome<Target> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('proxy/invalid-url', via ? `${via} gave a Location that is not a URL.` : '`url` is not an absolute URL.');
  }
  const subject = via ? `${via} leads to ${url.origin}, which` : url.origin;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refuse('proxy/invalid-url', `${via ? `${via} uses` : 'The URL uses'} ${url.protocol.replace(/:$/, '')}; only http and https are sent.`);
  }
  if (url.username || url.password) {
    return refuse('proxy/invalid-url', `${via ? `${via} leads to a URL that` : 'The URL'} holds a user name or password; send credentials in a header instead.`);
  }
  const connectHost = url.hostname.replace(/^\[|\]$/g, '');
  if (allowHosts && !hostAllowed(url.hostname, allowHosts)) {
    return refuse('proxy/host-not-allowed', `${subject} is not among the hosts this playground proxy may reach.`);
  }
  if (isIP(connectHost)) {
    const verdict = policy(connectHost);
    if (!verdict.allowed) return refuse('proxy/blocked-address', `${subject} is ${verdict.kind}; the playground proxy only reaches public addresses.`);
  }
  return success({ url, connectHost });
}
