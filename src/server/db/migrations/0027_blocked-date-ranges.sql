ALTER TABLE "medical_spaces" ADD COLUMN "blocked_date_ranges" datemultirange DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- Each space's blocked dates (ends inclusive) as one value on its row, so that search by
-- availability reads them with the row (docs/decisions/014-search-in-the-database.md). Written
-- again from `space_blocked_dates` for every space a statement changes there, in that statement
-- (transition tables: one update per space, however many rows). The spaces' rows are locked
-- first, in id order, and only then read: an UPDATE that had to wait for a row would otherwise
-- read the blocked dates as they were before the writer it waited for committed. Locked first,
-- the next statement of this function reads them afresh (a new snapshot, READ COMMITTED), and a
-- writer that comes later waits for this one's commit before it reads.
CREATE FUNCTION space_blocked_date_ranges_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    changed uuid[];
  BEGIN
    -- Each statement is planned when first run: an insert's trigger has no old_rows, a delete's no new_rows.
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT space_id) INTO changed FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT space_id) INTO changed FROM old_rows;
    ELSE
      SELECT array_agg(DISTINCT space_id) INTO changed FROM (SELECT space_id FROM new_rows UNION SELECT space_id FROM old_rows) s;
    END IF;
    IF changed IS NULL THEN
      RETURN NULL;
    END IF;
    PERFORM 1 FROM medical_spaces WHERE id = ANY (changed) ORDER BY id FOR NO KEY UPDATE;
    UPDATE medical_spaces m
    SET blocked_date_ranges = coalesce(
      (SELECT range_agg(daterange(b.start_date, b.end_date, '[]')) FROM space_blocked_dates b WHERE b.space_id = m.id), '{}')
    WHERE m.id = ANY (changed);
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER space_blocked_dates_ranges_insert AFTER INSERT ON space_blocked_dates
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION space_blocked_date_ranges_refresh();
--> statement-breakpoint
CREATE TRIGGER space_blocked_dates_ranges_update AFTER UPDATE ON space_blocked_dates
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION space_blocked_date_ranges_refresh();
--> statement-breakpoint
CREATE TRIGGER space_blocked_dates_ranges_delete AFTER DELETE ON space_blocked_dates
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION space_blocked_date_ranges_refresh();
--> statement-breakpoint
UPDATE medical_spaces m
SET blocked_date_ranges = a.ranges
FROM (
  SELECT b.space_id, range_agg(daterange(b.start_date, b.end_date, '[]')) AS ranges
  FROM space_blocked_dates b
  GROUP BY b.space_id
) a
WHERE m.id = a.space_id;
