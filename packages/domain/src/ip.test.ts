import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { isIPv4, isPrivateIp, isPublicIp, NON_UNICAST_IPV4_CIDRS } from './patterns.ts';

const ranges = NON_UNICAST_IPV4_CIDRS.map((cidr) => ipaddr.IPv4.parseCIDR(cidr));
const inAnyRange = (ip: string) => {
  const address = ipaddr.IPv4.parse(ip);
  return ranges.some((range) => address.match(range));
};

describe('public IP (spec 1 §5)', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '81.2.69.160',
    '11.0.0.1',
    '172.15.0.1',
    '172.32.0.1',
    '192.169.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '126.255.255.255',
    '128.0.0.1',
    '223.255.255.255',
  ])('%s is public', (ip) => expect(isPublicIp(ip)).toBe(true));

  it.each([
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['100.64.1.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.1.1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.255', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved (class E)'],
    ['192.0.0.1', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation TEST-NET-1'],
    ['198.51.100.1', 'documentation TEST-NET-2'],
    ['203.0.113.1', 'documentation TEST-NET-3'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.175.48.1', 'AS112'],
    ['192.31.196.1', 'AS112'],
    ['192.52.193.1', 'AMT'],
  ])('%s is not public (%s)', (ip) => expect(isPublicIp(ip)).toBe(false));

  it.each([
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '127.1',
    '0x7f.0.0.1',
    '2130706433',
    '8.8.8.8/32',
    ' 8.8.8.8',
  ])('%s is not a dotted IPv4 address, so not public', (ip) => {
    expect(isIPv4(ip)).toBe(false);
    expect(isPublicIp(ip)).toBe(false);
  });

  it.each(['::1', '2001:4860:4860::8888', '::ffff:8.8.8.8', 'host', ''])('%s (not IPv4) is not public', (ip) =>
    expect(isPublicIp(ip)).toBe(false),
  );

  it('has the spec message', () => {
    expect(MESSAGES.publicIp).toBe('Please enter a valid IP address for a public network.');
  });
});

describe('the non-unicast IPv4 ranges (for SQL)', () => {
  it('hold the spec private ranges and every reserved one', () => {
    expect(NON_UNICAST_IPV4_CIDRS).toEqual(
      expect.arrayContaining([
        '10.0.0.0/8',
        '172.16.0.0/12',
        '192.168.0.0/16',
        '0.0.0.0/8',
        '127.0.0.0/8',
        '100.64.0.0/10',
        '169.254.0.0/16',
        '224.0.0.0/4',
        '240.0.0.0/4',
        '255.255.255.255/32',
      ]),
    );
    for (const cidr of NON_UNICAST_IPV4_CIDRS) expect(ipaddr.IPv4.isValidCIDRFourPartDecimal(cidr)).toBe(true);
  });

  it('agree with isPublicIp at both ends of every range and just outside it', () => {
    for (const cidr of NON_UNICAST_IPV4_CIDRS) {
      const first = ipaddr.IPv4.networkAddressFromCIDR(cidr).toByteArray();
      const last = ipaddr.IPv4.broadcastAddressFromCIDR(cidr).toByteArray();
      const toInt = (b: number[]) => b.reduce((n, octet) => n * 256 + octet, 0);
      const fromInt = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
      for (const n of [toInt(first) - 1, toInt(first), toInt(last), toInt(last) + 1]) {
        if (n < 0 || n > 0xffffffff) continue;
        const ip = fromInt(n);
        expect([ip, isPublicIp(ip)]).toEqual([ip, !inAnyRange(ip)]);
      }
    }
  });

  it('agree with isPublicIp on a spread of addresses', () => {
    // A fixed walk through the address space (an odd stride), so the run is repeatable.
    const disagree: string[] = [];
    for (let n = 0, i = 0; i < 20_000; i++, n = (n + 2_654_435_761) % 2 ** 32) {
      const ip = [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
      if (isPublicIp(ip) === inAnyRange(ip)) disagree.push(ip);
    }
    expect(disagree).toEqual([]);
  });
});

describe('private IP', () => {
  it.each(['10.0.0.1', '10.255.255.255', '192.168.0.1', '172.16.0.1', '172.20.1.1', '172.31.255.255'])(
    '%s is private',
    (ip) => expect(isPrivateIp(ip)).toBe(true),
  );
  it.each(['8.8.8.8', '172.15.0.1', '172.32.0.1', '192.169.0.1', '11.0.0.1', '256.1.1.1', '10.0.0', 'host', ''])(
    '%s is not private',
    (ip) => expect(isPrivateIp(ip)).toBe(false),
  );
});
