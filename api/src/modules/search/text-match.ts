import { type SQL, sql } from 'drizzle-orm';

/** A text condition over a searched table, and the rank it orders relevance by. */
export interface TextMatch {
  where: SQL;
  rank: SQL;
}

/**
 * What a person typed, matched against a table's `search_document` (kept by a trigger: listings
 * in migration 0010, rentals in 0039), as every search of the site matches it. `fuzzy` adds word
 * similarity over the title's trigrams (`<%`), which catches typos the dictionary cannot, like
 * 'bicyle'. It is costly row by row, so a search tries without first.
 */
export function textMatch(table: string, q: string, fuzzy: boolean): TextMatch {
  const t = sql.identifier(table);
  // websearch_to_tsquery accepts anything a person types.
  const query = sql`websearch_to_tsquery('english', ${q})`;
  if (fuzzy) {
    return {
      where: sql`(${t}."search_document" @@ ${query} or ${q} <% ${t}."title")`,
      rank: sql`(ts_rank(${t}."search_document", ${query}) + word_similarity(${q}, ${t}."title"))`,
    };
  }
  return { where: sql`${t}."search_document" @@ ${query}`, rank: sql`ts_rank(${t}."search_document", ${query})` };
}
