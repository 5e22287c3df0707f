CREATE TABLE "saved_search_matches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_search_matches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"saved_search_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"subject_id" bigint NOT NULL,
	"title" text NOT NULL,
	"price_cents" integer NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"digest_handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refnum" text NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"filters" jsonb NOT NULL,
	"query" "tsquery",
	"category_id" bigint,
	"sub_category_id" bigint,
	"conditions" text[],
	"delivery" text[],
	"min_price" bigint,
	"max_price" bigint,
	"free_only" boolean DEFAULT false NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"miles" real NOT NULL,
	"reach" "cube",
	"nationwide" boolean DEFAULT false NOT NULL,
	"bedrooms" integer,
	"bathrooms" real,
	"property_types" text[],
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_searches_refnum_unique" UNIQUE("refnum")
);
--> statement-breakpoint
ALTER TABLE "communication_preferences" ADD COLUMN "saved_search_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_sub_category_id_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_matches_once_idx" ON "saved_search_matches" USING btree ("saved_search_id","subject_id");--> statement-breakpoint
CREATE INDEX "saved_search_matches_digest_idx" ON "saved_search_matches" USING btree ("user_id") WHERE "saved_search_matches"."digest_handled_at" is null;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_searches_reach_idx" ON "saved_searches" USING gist ("reach");--> statement-breakpoint
CREATE INDEX "saved_searches_anywhere_idx" ON "saved_searches" USING btree ("kind") WHERE "saved_searches"."latitude" is null;--> statement-breakpoint
CREATE INDEX "saved_searches_nationwide_idx" ON "saved_searches" USING btree ("kind") WHERE "saved_searches"."nationwide";
--> statement-breakpoint
-- Price drops (issue 37): a listing whose price goes down queues one job of the saved-searches
-- capability, due when the change was made (the app clock's `updated_at`), so the listings
-- module knows nothing of who is told. A rise queues nothing; one drop is one job (its key).
CREATE FUNCTION "listings_price_dropped"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "jobs" ("name", "payload", "key", "run_at", "max_attempts")
  VALUES (
    'saved-searches.price-drop',
    jsonb_build_object('listingId', NEW.id, 'fromCents', OLD.price_cents, 'toCents', NEW.price_cents),
    NEW.id || ':' || OLD.price_cents || ':' || NEW.price_cents || ':' || extract(epoch from NEW.updated_at),
    NEW.updated_at,
    5)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_price_dropped" AFTER UPDATE OF "price_cents" ON "listings"
  FOR EACH ROW WHEN (NEW.price_cents < OLD.price_cents) EXECUTE FUNCTION "listings_price_dropped"();
