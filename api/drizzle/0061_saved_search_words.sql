-- Issue 37's speed (ADR 0075): a new listing was matched against every saved search whose reach
-- holds its place, its text against each one's query: near a city some 11,000 queries read and
-- tested for a few matches. A saved search's `words` are the lexemes one of which every document
-- its query matches must hold (the query's `querytree`, its indexable part), so the listing's own
-- lexemes find the searches it may match through a GIN index, and only those are tested. A query
-- whose matches need no word of its own (only negations: '-broken'), or one this reading cannot
-- take apart safely (a prefix, a quote or backslash in a lexeme), keeps `words` null and is
-- tested against every listing in its reach, as before.
CREATE OR REPLACE FUNCTION tsquery_words(query tsquery) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN querytree(query) IN ('', 'T') OR querytree(query) ~ '[\\]|''''|'':[A-D]*\*' THEN NULL
    ELSE array(SELECT DISTINCT m[1] FROM regexp_matches(querytree(query), '''([^'']*)''', 'g') m ORDER BY 1)
  END
$$;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "words" text[] GENERATED ALWAYS AS (tsquery_words("query")) STORED;--> statement-breakpoint
CREATE INDEX "saved_searches_words_idx" ON "saved_searches" USING gin ("words") WHERE "words" IS NOT NULL;--> statement-breakpoint
-- The searches with a place and no words: each is tested, so the index carries what the test reads.
CREATE INDEX "saved_searches_reach_unworded_idx" ON "saved_searches" USING gist ("reach")
  INCLUDE ("id", "kind", "user_id", "nationwide", "latitude", "longitude", "miles", "query", "category_id",
    "sub_category_id", "conditions", "min_price", "max_price", "free_only", "delivery")
  WHERE "words" IS NULL;
