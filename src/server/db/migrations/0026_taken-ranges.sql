-- Search by availability asks each space's bookings only on a date something may be booked
-- (docs/decisions/014-search-in-the-database.md): `slot_days`, the weekdays with a slot to book,
-- and `taken_ranges`, a superset of the ranges the space's holding bookings take.
--
-- The weekdays with a slot to book, as bits (mon 1 ... sun 64): an opening interval of at least 60
-- minutes (hourly), a session inside an opening interval (sessions), an opening interval (days and
-- months). A schedule without weekly hours is open all day, every day. The candidates of
-- `availableDays` (src/shared/availability.ts) when nothing is booked; the schedule is checked by
-- its zod schema before it is stored (times `HH:mm`, on 15-minute steps).
CREATE FUNCTION schedule_slot_days(schedule jsonb, price_period text) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(sum(d.bit), 0)::int
    FROM (VALUES ('mon', 1), ('tue', 2), ('wed', 4), ('thu', 8), ('fri', 16), ('sat', 32), ('sun', 64)) d(day, bit)
    WHERE EXISTS (
      SELECT 1
      FROM jsonb_array_elements(CASE
          WHEN NOT coalesce(schedule @? '$.weeklyHours.*[*]', false) THEN '[{"start": "00:00", "end": "24:00"}]'::jsonb
          WHEN jsonb_typeof(schedule -> 'weeklyHours' -> d.day) = 'array' THEN schedule -> 'weeklyHours' -> d.day
          ELSE '[]'::jsonb END) h(i)
      CROSS JOIN LATERAL (SELECT split_part(h.i ->> 'start', ':', 1)::int * 60 + split_part(h.i ->> 'start', ':', 2)::int AS opens,
        split_part(h.i ->> 'end', ':', 1)::int * 60 + split_part(h.i ->> 'end', ':', 2)::int AS closes) o
      WHERE CASE price_period
        WHEN 'hourly' THEN o.closes - o.opens >= 60
        WHEN 'session' THEN EXISTS (
          SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(schedule -> 'sessions') = 'array' THEN schedule -> 'sessions' ELSE '[]'::jsonb END) x(s)
          WHERE split_part(x.s ->> 'start', ':', 1)::int * 60 + split_part(x.s ->> 'start', ':', 2)::int >= o.opens
            AND split_part(x.s ->> 'end', ':', 1)::int * 60 + split_part(x.s ->> 'end', ':', 2)::int <= o.closes)
        ELSE true END)
  $$;
--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "slot_days" integer GENERATED ALWAYS AS (schedule_slot_days("schedule", "price_period")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "taken_ranges" "tstzmultirange" DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- A superset of the ranges (start to end plus buffer, as the exclusion constraint bookings_no_overlap
-- has them) of each space's holding bookings. Triggers only add to it: a range that a booking
-- takes (a new one, or one that starts to hold or moves) is added in the statement that writes the
-- booking, once per space and statement (transition tables: a bulk insert updates each space
-- once). Nothing is taken away when a booking is cancelled or lapses, so that no two writers
-- ever need each other's uncommitted rows: adding `taken_ranges + new` under the row's lock is
-- right whatever commits in between. What a range held no longer makes a search ask that day's
-- bookings; ranges that ended over two days ago (before any date a search asks) are dropped
-- whenever a range is added.
CREATE FUNCTION space_taken_ranges_add() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    -- Each statement is planned when first run: an insert's trigger has no old_bookings.
    IF TG_OP = 'INSERT' THEN
      UPDATE medical_spaces m
      SET taken_ranges = (m.taken_ranges + a.ranges) * tstzmultirange(tstzrange(now() - interval '2 days', NULL))
      FROM (
        SELECT n.space_id, range_agg(tstzrange(n.start_at, booking_blocked_until(n.end_at, n.buffer_minutes), '[)')) AS ranges
        FROM new_bookings n
        WHERE n.status IN ('awaiting_payment', 'pending', 'confirmed')
        GROUP BY n.space_id
      ) a
      WHERE m.id = a.space_id AND NOT m.taken_ranges @> a.ranges;
    ELSE
      UPDATE medical_spaces m
      SET taken_ranges = (m.taken_ranges + a.ranges) * tstzmultirange(tstzrange(now() - interval '2 days', NULL))
      FROM (
        SELECT n.space_id, range_agg(tstzrange(n.start_at, booking_blocked_until(n.end_at, n.buffer_minutes), '[)')) AS ranges
        FROM new_bookings n
        WHERE n.status IN ('awaiting_payment', 'pending', 'confirmed')
          AND NOT EXISTS (
            SELECT 1 FROM old_bookings o
            WHERE o.id = n.id AND o.space_id = n.space_id AND o.status IN ('awaiting_payment', 'pending', 'confirmed')
              AND o.start_at = n.start_at
              AND booking_blocked_until(o.end_at, o.buffer_minutes) = booking_blocked_until(n.end_at, n.buffer_minutes))
        GROUP BY n.space_id
      ) a
      WHERE m.id = a.space_id AND NOT m.taken_ranges @> a.ranges;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER bookings_taken_ranges_insert AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION space_taken_ranges_add();
--> statement-breakpoint
CREATE TRIGGER bookings_taken_ranges_update AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_bookings NEW TABLE AS new_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION space_taken_ranges_add();
--> statement-breakpoint
UPDATE medical_spaces m
SET taken_ranges = a.ranges
FROM (
  SELECT k.space_id, range_agg(tstzrange(k.start_at, booking_blocked_until(k.end_at, k.buffer_minutes), '[)')) AS ranges
  FROM bookings k
  WHERE k.status IN ('awaiting_payment', 'pending', 'confirmed') AND booking_blocked_until(k.end_at, k.buffer_minutes) > now() - interval '2 days'
  GROUP BY k.space_id
) a
WHERE m.id = a.space_id;
