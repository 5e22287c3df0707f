import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config';
import { parseRangeTable, rangeTableLocator } from '../src/modules/location/ip-locator';
import { json, startTestApp, type TestApp } from './harness';

// Documentation ranges (RFC 5737) stand in for an operator's IP-to-zip table.
const TABLE = ['# cidr,zip', '203.0.113.0/24,11215', '198.51.100.0/24,99999', '192.0.2.0/24,10001', ''].join('\n');

const dir = mkdtempSync(join(tmpdir(), 'yardly-ip-table-'));
const tablePath = join(dir, 'ip-zips.csv');
writeFileSync(tablePath, TABLE);

let withTable: TestApp;
let builtIn: TestApp;
beforeAll(async () => {
  withTable = await startTestApp({ env: { TRUST_PROXY: '1', IP_LOCATION_TABLE: tablePath } });
  builtIn = await startTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await withTable.close();
  await builtIn.close();
  rmSync(dir, { recursive: true, force: true });
});

const fromAddress = (t: TestApp, address: string) =>
  t.app.inject({ method: 'GET', url: '/svc/location/ip', headers: { 'x-forwarded-for': address } });

const UNKNOWN = { ipZip: null, ipCity: null, lat: null, lng: null };

describe('GET /svc/location/ip: the IP-based fallback of the location', () => {
  it("answers the zip, city and coordinates of the caller's address", async () => {
    const res = await fromAddress(withTable, '203.0.113.45');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      code: 200,
      data: { ipZip: '11215', ipCity: 'Brooklyn', lat: expect.any(Number), lng: expect.any(Number) },
    });
    const { lat, lng } = json(res).data as { lat: number; lng: number };
    expect(lat).toBeCloseTo(40.66, 1);
    expect(lng).toBeCloseTo(-73.98, 1);
  });

  it('reads the address the trusted proxy saw, IPv4-mapped IPv6 too', async () => {
    expect(json(await fromAddress(withTable, '::ffff:192.0.2.9')).data).toMatchObject({ ipZip: '10001' });
    // The proxy appends the client it saw: a forged first entry is not the client.
    const forged = await withTable.app.inject({
      method: 'GET',
      url: '/svc/location/ip',
      headers: { 'x-forwarded-for': '203.0.113.45, 127.0.0.1' },
    });
    expect(json(forged).data).toEqual(UNKNOWN);
  });

  it('knows loopback, private and unlisted addresses as no place', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.0.8', '172.20.0.1', '8.8.8.8', '2001:db8::1']) {
      const res = await fromAddress(withTable, address);
      expect(res.statusCode, address).toBe(200);
      expect(json(res), address).toEqual({ code: 200, data: UNKNOWN });
    }
  });

  it('answers unknown for a zip the table names that the zip table does not have', async () => {
    expect(json(await fromAddress(withTable, '198.51.100.1')).data).toEqual(UNKNOWN);
  });

  it('without a table, knows no address', async () => {
    expect(json(await fromAddress(builtIn, '203.0.113.45'))).toEqual({ code: 200, data: UNKNOWN });
  });
});

describe('the IP range table', () => {
  it('picks the narrowest range that holds an address', () => {
    const locator = rangeTableLocator(parseRangeTable('10.0.0.0/8,10001\n203.0.0.0/8,30301\n203.0.113.0/24,11215'));
    expect(locator.zipOf('203.0.113.200')).toBe('11215');
    expect(locator.zipOf('203.0.112.1')).toBe('30301');
    // An operator's own block inside a private network wins over "no place".
    expect(locator.zipOf('10.9.9.9')).toBe('10001');
    expect(locator.zipOf('not an address')).toBeNull();
  });

  it('refuses a broken line, naming it, and stops start-up with the variable named', async () => {
    expect(() => parseRangeTable('203.0.113.0/24,11215\n203.0.113.0/40,11215')).toThrow(/^line 2 /);
    expect(() => parseRangeTable('203.0.113.0/24,1121')).toThrow(/^line 1 /);
    const broken = join(dir, 'broken.csv');
    writeFileSync(broken, 'nonsense');
    await expect(startTestApp({ env: { IP_LOCATION_TABLE: broken } })).rejects.toThrow(
      /IP_LOCATION_TABLE: line 1 is not/,
    );
    expect(parseConfig({ IP_LOCATION_TABLE: tablePath }).ipLocationTable).toBe(tablePath);
  });
});
