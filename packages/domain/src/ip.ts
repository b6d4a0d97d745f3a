/**
 * Public and private IP addresses (spec 1 §5 'Public IP', 'Private IP'), one definition for the
 * validators and for the SQL of the lists' public IP column (apps/server platform/ip-sql.ts).
 *
 * The ranges are ipaddr.js's: an address is public when it is a dotted IPv4 address whose range is
 * 'unicast', i.e. in none of the special ranges (unspecified, broadcast, multicast, link-local,
 * loopback, carrier-grade NAT, private, reserved and documentation, AS112, AMT). The spec's pattern
 * is IPv4 only, and so is this.
 */
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** A dotted four-part decimal IPv4 address (no leading zeros, no shorthand such as '127.1'). */
export function isIPv4(value: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(value);
}

/** Public IP: an IPv4 address in no special range of ipaddr.js. */
export function isPublicIp(value: string): boolean {
  return isIPv4(value) && ipaddr.IPv4.parse(value).range() === 'unicast';
}

/** Private IP: an IPv4 address in the private ranges (10/8, 172.16/12, 192.168/16). */
export function isPrivateIp(value: string): boolean {
  return isIPv4(value) && ipaddr.IPv4.parse(value).range() === 'private';
}

/** ipaddr.js's table behind IPv4 `range()`: name -> one or more [network, prefix length] pairs. */
const cidrPair = z.tuple([z.instanceof(ipaddr.IPv4), z.number().int().min(0).max(32)]);
const specialRangeTable = z.record(z.string(), z.union([z.array(cidrPair), cidrPair.transform((pair) => [pair])]));

/**
 * Every IPv4 range that is not public, as CIDR text, read from ipaddr.js's own table (the one its
 * `range()` matches against), so that nothing is copied by hand. A change of that table's layout
 * fails here, when the module loads, rather than quietly.
 */
function nonUnicastIpv4Cidrs(): readonly string[] {
  const table = specialRangeTable.parse(Reflect.get(ipaddr.IPv4.prototype, 'SpecialRanges'));
  return Object.values(table).flatMap((pairs) => pairs.map(([network, bits]) => `${network.toString()}/${bits}`));
}

export const NON_UNICAST_IPV4_CIDRS: readonly string[] = /* @__PURE__ */ nonUnicastIpv4Cidrs();
