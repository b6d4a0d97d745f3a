/**
 * Geo-IP (registration is for the UK only, spec 1 §2): which country an address is in.
 * - Sandbox (default): loopback and private addresses are in the UK ('GB'; a visitor on the
 *   provider's own network), a small table of known public ranges answers for a few countries,
 *   any other address is unknown (null) — and an unknown country may not register, as with the
 *   real database.
 * - MaxMind GeoLite2 / GeoIP2 Country or City database file (`GEOIP_DB_PATH`), through
 *   @maxmind/geoip2-node.
 */
import { isIPv4, isPrivateIp } from '@switchboard/domain';
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';

export interface GeoIp {
  readonly kind: 'sandbox' | 'maxmind' | 'unavailable';
  /** The ISO 3166 code of the address's country, or null when unknown. */
  countryOf(ip: string): Promise<string | null>;
}

/** IPv4 ranges the sandbox knows (documented test and well-known ranges). */
export const SANDBOX_RANGES: ReadonlyArray<{ cidr: string; isoCode: string }> = [
  // MaxMind's own test data puts 81.2.69.0/24 in the United Kingdom.
  { cidr: '81.2.69.0/24', isoCode: 'GB' },
  // BT and Sky broadband ranges.
  { cidr: '86.128.0.0/10', isoCode: 'GB' },
  { cidr: '2.24.0.0/13', isoCode: 'GB' },
  { cidr: '8.8.8.0/24', isoCode: 'US' },
  { cidr: '1.1.1.0/24', isoCode: 'AU' },
  { cidr: '89.160.20.0/24', isoCode: 'SE' },
  { cidr: '193.0.0.0/21', isoCode: 'NL' },
];

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inCidr(ip: string, cidr: string): boolean {
  const [base = '', bits = '32'] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  const start = Math.floor(ipv4ToInt(base) / size) * size;
  const n = ipv4ToInt(ip);
  return n >= start && n < start + size;
}

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d) is the IPv4 address. */
export function plainAddress(ip: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return m?.[1] ?? ip;
}

function isLocalIpv6(ip: string): boolean {
  const a = ip.toLowerCase();
  return a === '::1' || /^f[cd][0-9a-f]{2}:/.test(a) || /^fe[89ab][0-9a-f]:/.test(a);
}

export class SandboxGeoIp implements GeoIp {
  readonly kind = 'sandbox' as const;
  async countryOf(address: string): Promise<string | null> {
    const ip = plainAddress(address);
    if (isIPv4(ip)) {
      if (ip.startsWith('127.') || isPrivateIp(ip)) return 'GB';
      return SANDBOX_RANGES.find((r) => inCidr(ip, r.cidr))?.isoCode ?? null;
    }
    return isLocalIpv6(ip) ? 'GB' : null;
  }
}

export class MaxMindGeoIp implements GeoIp {
  readonly kind = 'maxmind' as const;
  readonly #path: string;
  #reader: Promise<{ country(ip: string): { country?: { isoCode?: string } } }> | null = null;
  constructor(path: string) {
    this.#path = path;
  }
  async countryOf(address: string): Promise<string | null> {
    const { Reader } = await import('@maxmind/geoip2-node');
    this.#reader ??= Reader.open(this.#path);
    const reader = await this.#reader;
    try {
      return reader.country(plainAddress(address)).country?.isoCode ?? null;
    } catch {
      // AddressNotFoundError, or a private address the database does not hold.
      return null;
    }
  }
}

/** No geo-IP (not configured, sandboxes off): nobody can be placed in the UK, so registration is refused. */
export class UnavailableGeoIp implements GeoIp {
  readonly kind = 'unavailable' as const;
  async countryOf(): Promise<string | null> {
    throw new ProviderUnavailableError('geoIp');
  }
}

export function geoIpFor(dbPath: string | undefined, sandboxes = true): GeoIp {
  if (dbPath) return new MaxMindGeoIp(dbPath);
  return sandboxes ? new SandboxGeoIp() : new UnavailableGeoIp();
}
