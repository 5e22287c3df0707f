import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// drizzle's migrator applies only migrations whose journal time is after the last one a database
// has applied: an entry dated before its predecessor would be skipped on every existing database.
const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('the migrations journal', () => {
  it('numbers and dates each entry after the one before', () => {
    const before = (i: number) => journal.entries[i - 1];
    const late = journal.entries.filter(
      (entry, i) => i > 0 && (entry.when <= (before(i)?.when ?? 0) || entry.idx <= (before(i)?.idx ?? 0)),
    );
    expect(late.map((entry) => entry.tag)).toEqual([]);
  });

  it('names each entry after its number', () => {
    const misnamed = journal.entries.filter((entry) => !entry.tag.startsWith(`${String(entry.idx).padStart(4, '0')}_`));
    expect(misnamed.map((entry) => entry.tag)).toEqual([]);
  });
});
