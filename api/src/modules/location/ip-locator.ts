import { isIPv4 } from 'node:net';

/**
 * The IP-based fallback of a visitor's location (spec section 3: ipZip, ipCity, lat, lng):
 * which US zip an address is in. Pluggable: the machine ships no IP-to-zip data (the free
 * datasets either carry no zip or a licence that needs a key and attribution), so the built-in
 * locator knows only the addresses that are nowhere (loopback, private, link-local, shared)
 * and says "unknown" for every other; an operator who holds a dataset hands its ranges over
 * as a table (IP_LOCATION_TABLE: lines of `cidr,zip`, see `parseRangeTable`).
 */
export interface IpLocator {
  /** The zip an address is in, or null when it is not known (or is no place at all). */
  zipOf(address: string): string | null;
}

interface Range {
  first: number;
  last: number;
  /** null: a range known to be no place (a private network). */
  zip: string | null;
}

/** Addresses that never locate anyone: loopback, private networks, link-local, carrier-grade NAT, 0/8. */
export const NON_PUBLIC_RANGES = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
] as const;

/** An IPv4 address as a number, IPv4-mapped IPv6 ('::ffff:1.2.3.4') included; null for anything else. */
export function ipv4Number(address: string): number | null {
  const plain = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (!isIPv4(plain)) return null;
  return plain.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

function cidrRange(cidr: string): { first: number; last: number } | null {
  const [base = '', bitsText = '32'] = cidr.trim().split('/');
  const start = ipv4Number(base);
  const bits = Number(bitsText);
  if (start === null || !/^\d{1,2}$/.test(bitsText) || bits > 32) return null;
  const size = 2 ** (32 - bits);
  const first = Math.floor(start / size) * size;
  return { first, last: first + size - 1 };
}

/**
 * Ranges of `cidr,zip` lines (blank lines and `#` comments skipped) for `rangeTableLocator`.
 * Throws naming the first bad line, so a broken table stops start-up instead of locating wrongly.
 */
export function parseRangeTable(text: string): Range[] {
  const ranges: Range[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const content = line.trim();
    if (content === '' || content.startsWith('#')) return;
    const [cidr = '', zip = ''] = content.split(',').map((part) => part.trim());
    const range = cidrRange(cidr);
    if (!range || !/^\d{5}$/.test(zip)) {
      throw new Error(`line ${index + 1} is not "a.b.c.d/bits,zip": ${content.slice(0, 80)}`);
    }
    ranges.push({ ...range, zip });
  });
  return ranges;
}

/**
 * A locator over a table of ranges, the non-public ranges always known as no place. Where
 * ranges overlap, the narrowest wins (a city's block inside a region's); on a tie the table's own.
 */
export function rangeTableLocator(table: readonly Range[] = []): IpLocator {
  const nowhere = NON_PUBLIC_RANGES.map((cidr) => ({
    ...(cidrRange(cidr) as { first: number; last: number }),
    zip: null,
  }));
  const ranges = [...nowhere, ...table];
  return {
    zipOf(address) {
      const n = ipv4Number(address);
      if (n === null) return null;
      let best: Range | undefined;
      for (const range of ranges) {
        if (n >= range.first && n <= range.last && (!best || range.last - range.first <= best.last - best.first)) {
          best = range;
        }
      }
      return best?.zip ?? null;
    },
  };
}
