import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses the proxy may connect to: public unicast only (`ipaddr.process(a).range()`
 * is `unicast`, after IPv4-mapped IPv6 is turned into IPv4), plus the CIDRs the operator exempts.
 * Everything else is refused: loopback, private (RFC 1918), link-local (cloud metadata at
 * 169.254.169.254, fe80::/10), unique-local (fd00:ec2::254), carrier-grade NAT (100.100.100.200),
 * unspecified, multicast, broadcast, reserved, and the IPv6 forms that embed an IPv4 address
 * (6to4, NAT64, Teredo, IPv4-compatible `::a.b.c.d`).
 */
export type AddressPolicy = (address: string) => AddressVerdict;

export type AddressVerdict = { readonly allowed: true } | { readonly allowed: false; readonly kind: string };

/** `::/96`, IPv4-compatible IPv6 (deprecated): ipaddr.js calls `::7f00:1` unicast, it is not. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** Plain words for ipaddr.js range names. */
const KINDS: Readonly<Record<string, string>> = {
  loopback: 'a loopback address',
  private: 'a private (RFC 1918) address',
  linkLocal: 'a link-local address (where cloud metadata services answer)',
  uniqueLocal: 'a unique-local (private IPv6) address',
  carrierGradeNat: 'a carrier-grade NAT address',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
  ipv4Mapped: 'an IPv4-mapped address',
  rfc6145: 'an IPv4-translated address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
  ipv4Compatible: 'an IPv4-compatible address',
};

const describeKind = (range: string): string => KINDS[range] ?? `a special-purpose address (${range})`;

/** Parses `allowAddresses` entries (`127.0.0.1/32`, `::1/128`, or a bare address); throws on a bad one (operator error at start). */
export function parseCidrs(entries: readonly string[]): readonly [ipaddr.IPv4 | ipaddr.IPv6, number][] {
  return entries.map((entry) => {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const address = ipaddr.parse(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  });
}

export function createAddressPolicy(allowAddresses: readonly string[] = []): AddressPolicy {
  const exempt = parseCidrs(allowAddresses);
  return (text) => {
    let address: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      address = ipaddr.process(text.replace(/^\[|\]$/g, ''));
    } catch {
      return { allowed: false, kind: 'not an IP address' };
    }
    if (exempt.some(([net, bits]) => net.kind() === address.kind() && address.match(net, bits))) return { allowed: true };
    const named = address.range();
    const range = named === 'unicast' && address.kind() === 'ipv6' && address.match(IPV4_COMPATIBLE) ? 'ipv4Compatible' : named;
    return range === 'unicast' ? { allowed: true } : { allowed: false, kind: describeKind(range) };
  };
}
