import type { Suggestion } from '@yardly/shared/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { liveListing } from '../listings/live';

const TITLES = 6;
const CATEGORIES = 3;
/** Enough candidate titles to pick distinct ones from, without reading every match. */
const CANDIDATES = 200;

/**
 * Titles of listings live at `now` and category names close to what was typed. Word similarity over
 * trigrams (`<%`, served by the title's trigram index) forgives typos: 'bicyle' finds bicycle.
 */
export async function suggest(db: Db, typed: string, now: Date): Promise<Suggestion[]> {
  const q = typed.trim();
  if (q.length < 2) return [];
  const categories = (await db.execute(sql`
    select refnum, title from categories
    where not hidden and (${q} <% title or title ilike ${`${escapeLike(q)}%`})
    order by word_similarity(${q}, title) desc, title limit ${CATEGORIES}
  `)) as unknown as { rows: { refnum: string; title: string }[] };
  const titles = (await db.execute(sql`
    select title from (
      select distinct on (lower(title)) title, score from (
        select "listings"."title" as title, word_similarity(${q}, "listings"."title") as score
        from "listings" where ${liveListing(now)} and ${q} <% "listings"."title"
        order by score desc limit ${CANDIDATES}
      ) candidates order by lower(title), score desc
    ) distinct_titles order by score desc, length(title), title limit ${TITLES}
  `)) as unknown as { rows: { title: string }[] };
  return [
    ...categories.rows.map((c) => ({ kind: 'category' as const, text: c.title, categoryRefnum: c.refnum })),
    ...titles.rows.map((t) => ({ kind: 'title' as const, text: t.title, categoryRefnum: null })),
  ];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
