CREATE TABLE "location_vocabulary" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_location_words" (
	"word" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"space_id" uuid NOT NULL,
	CONSTRAINT "space_location_words_word_created_at_space_id_pk" PRIMARY KEY("word","created_at","space_id")
);
--> statement-breakpoint
ALTER TABLE "space_location_words" ADD CONSTRAINT "space_location_words_space_id_medical_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."medical_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_vocabulary_word_trgm_idx" ON "location_vocabulary" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "space_location_words_space_id_idx" ON "space_location_words" USING btree ("space_id");--> statement-breakpoint
-- The words of a text: its runs of characters between ASCII characters that are not letters or
-- digits (spaces, punctuation, control characters such as the U+001F between `search_text`'s
-- fields), each once. A location search's piece goes through the same function, so a piece of a
-- search without those characters lies inside one word of every space whose text holds it
-- (docs/decisions/014-search-in-the-database.md). Characters beyond ASCII are always part of words.
CREATE FUNCTION location_words(text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT w ORDER BY w), '{}')
    FROM regexp_split_to_table($1, '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+') w
    WHERE w <> ''
  $$;
--> statement-breakpoint
-- The words of inserted spaces, in the inserting statement (transition table: a bulk insert is one
-- statement here). New words join the vocabulary in word order, so two writers wait for each other
-- in one order.
CREATE FUNCTION space_location_words_insert() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO location_vocabulary (word)
    SELECT DISTINCT w FROM new_rows n, unnest(location_words(n.search_text)) w ORDER BY w
    ON CONFLICT DO NOTHING;
    INSERT INTO space_location_words (word, created_at, space_id)
    SELECT w, n.created_at, n.id FROM new_rows n, unnest(location_words(n.search_text)) w;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
-- A space whose city, state, address or title changed: its words written again.
CREATE FUNCTION space_location_words_update() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM space_location_words WHERE space_id = OLD.id;
    INSERT INTO location_vocabulary (word)
    SELECT w FROM unnest(location_words(NEW.search_text)) w ORDER BY w
    ON CONFLICT DO NOTHING;
    INSERT INTO space_location_words (word, created_at, space_id)
    SELECT w, NEW.created_at, NEW.id FROM unnest(location_words(NEW.search_text)) w;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER medical_spaces_location_words_insert AFTER INSERT ON medical_spaces
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION space_location_words_insert();
--> statement-breakpoint
CREATE TRIGGER medical_spaces_location_words_update AFTER UPDATE OF city, state, address, title, created_at ON medical_spaces
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION space_location_words_update();
--> statement-breakpoint
INSERT INTO location_vocabulary (word)
SELECT DISTINCT w FROM medical_spaces m, unnest(location_words(m.search_text)) w
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO space_location_words (word, created_at, space_id)
SELECT w, m.created_at, m.id FROM medical_spaces m, unnest(location_words(m.search_text)) w;
