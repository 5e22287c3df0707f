import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/connect';

/**
 * The embedded template as a tarball every test file loads, without the WAL it does not need.
 * Seeding the zips leaves three 16 MB WAL segments behind a checkpoint taken at initdb; after a
 * CHECKPOINT the database starts from the newest segment alone, and PostgreSQL's recycled
 * segments ahead of it are empty. Dropping the others takes the tarball from 88 MB to 55 MB,
 * and every test file (and every spawned test server) unpacks it.
 */
export async function trimmedTemplate(database: Database): Promise<Uint8Array> {
  await database.db.execute(sql`checkpoint`);
  const result = (await database.db.execute(sql`select pg_walfile_name(pg_current_wal_lsn()) as segment`)) as {
    rows: { segment: string }[];
  };
  const current = result.rows[0]?.segment;
  if (!current || !database.dumpDataDir) throw new Error('the embedded database cannot be dumped');
  const tarball = new Uint8Array(await (await database.dumpDataDir()).arrayBuffer());
  return withoutEntries(tarball, (name) => /pg_wal\/[0-9A-F]{24}$/.test(name) && !name.endsWith(current));
}

const BLOCK = 512;

/** A ustar archive without the entries `drop` names (and the extended headers that precede them). */
export function withoutEntries(tar: Uint8Array, drop: (name: string) => boolean): Uint8Array {
  const kept: Uint8Array[] = [];
  let pending: Uint8Array[] = []; // a pax or GNU long-name header belongs to the entry after it
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break; // the end-of-archive blocks
    const size = Number.parseInt(text(header, 124, 12).trim() || '0', 8);
    const length = BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const entry = tar.subarray(offset, offset + length);
    offset += length;
    const type = String.fromCharCode(header[156] ?? 0);
    if (type === 'x' || type === 'L') {
      pending.push(entry);
      continue;
    }
    const prefix = text(header, 345, 155);
    const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
    if (!drop(name)) kept.push(...pending, entry);
    pending = [];
  }
  kept.push(new Uint8Array(BLOCK * 2));
  return Buffer.concat(kept);
}

function text(block: Uint8Array, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return Buffer.from(end === -1 ? field : field.subarray(0, end)).toString('utf8');
}
