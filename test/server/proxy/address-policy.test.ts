import { describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../../src/server/proxy/address-policy.js';

describe('createAddressPolicy', () => {
  const policy = createAddressPolicy();

  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['10.1.2.3', 'a private (RFC 1918) address'],
    ['172.31.0.1', 'a private (RFC 1918) address'],
    ['192.168.0.10', 'a private (RFC 1918) address'],
    ['169.254.169.254', 'a link-local address (where cloud metadata services answer)'],
    ['::ffff:169.254.169.254', 'a link-local address (where cloud metadata services answer)'],
    ['fe80::1', 'a link-local address (where cloud metadata services answer)'],
    ['fd00:ec2::254', 'a unique-local (private IPv6) address'],
    ['100.100.100.200', 'a carrier-grade NAT address'],
    ['0.0.0.0', 'the unspecified address'],
    ['::', 'the unspecified address'],
    ['224.0.0.1', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['255.255.255.255', 'the broadcast address'],
    ['240.0.0.1', 'a reserved address'],
    ['192.0.2.1', 'a reserved address'],
    ['2001:db8::1', 'a reserved address'],
    ['2002:7f00:1::', 'a 6to4 address'],
    ['64:ff9b::7f00:1', 'a NAT64 address'],
    ['2001::1', 'a Teredo address'],
    ['::7f00:1', 'an IPv4-compatible address'],
    ['fec0::1', 'a special-purpose address (deprecatedSiteLocal)'],
  ])('refuses %s as %s', (address, kind) => {
    expect(policy(address)).toEqual({ allowed: false, kind });
  });

  it.each(['93.184.216.34', '8.8.8.8', '::ffff:8.8.8.8', '2606:4700::1111', '[2606:4700::1111]'])('allows the public unicast address %s', (address) => {
    expect(policy(address)).toEqual({ allowed: true });
  });

  it('refuses what is not an IP address', () => {
    expect(policy('example.com')).toEqual({ allowed: false, kind: 'not an IP address' });
  });

  it('exempts the configured CIDRs only, IPv4-mapped forms included', () => {
    const exempting = createAddressPolicy(['127.0.0.1/32', '10.0.0.0/8', 'fd00::1']);
    expect(exempting('127.0.0.1')).toEqual({ allowed: true });
    expect(exempting('::ffff:127.0.0.1')).toEqual({ allowed: true });
    expect(exempting('10.200.0.1')).toEqual({ allowed: true });
    expect(exempting('fd00::1')).toEqual({ allowed: true });
    expect(exempting('127.0.0.2')).toEqual({ allowed: false, kind: 'a loopback address' });
    expect(exempting('::1')).toEqual({ allowed: false, kind: 'a loopback address' });
    expect(exempting('fd00::2')).toEqual({ allowed: false, kind: 'a unique-local (private IPv6) address' });
  });

  it('throws at creation on a malformed CIDR (an operator error)', () => {
    expect(() => createAddressPolicy(['127.0.0.1/33'])).toThrow();
    expect(() => createAddressPolicy(['localhost'])).toThrow();
  });
});
