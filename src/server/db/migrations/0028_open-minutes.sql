-- Each weekday's opening hours in minutes of the day, Monday first, as multiranges (touching and
-- overlapping intervals joined), so that search by availability asks whether they cover a window
-- without reading the schedule's JSON (docs/decisions/014-search-in-the-database.md). Empty for a
-- weekday without hours, and for every weekday of a schedule without weekly hours (open all day:
-- `open_days` says which). Times are `HH:mm` (the schedule's zod schema), `24:00` is 1440.
CREATE FUNCTION schedule_open_minutes(schedule jsonb) RETURNS int4multirange[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT array_agg(coalesce((
        SELECT range_agg(int4range(
          split_part(h.i ->> 'start', ':', 1)::int * 60 + split_part(h.i ->> 'start', ':', 2)::int,
          split_part(h.i ->> 'end', ':', 1)::int * 60 + split_part(h.i ->> 'end', ':', 2)::int))
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(schedule -> 'weeklyHours' -> d.day) = 'array'
          THEN schedule -> 'weeklyHours' -> d.day ELSE '[]'::jsonb END) h(i)
      ), '{}'::int4multirange) ORDER BY d.n)
    FROM (VALUES (1, 'mon'), (2, 'tue'), (3, 'wed'), (4, 'thu'), (5, 'fri'), (6, 'sat'), (7, 'sun')) d(n, day)
  $$;
--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "open_minutes" "int4multirange"[] GENERATED ALWAYS AS (schedule_open_minutes("schedule")) STORED NOT NULL;
