-- Search by availability reads what the rules of src/shared/availability.ts computed, stored per
-- space (a template per kind of day) and per date that bookings change (`space_days`), written by
-- src/server/schedules/space-days.ts in the transactions that change them
-- (docs/decisions/014-search-in-the-database.md). The SQL copies of the rules go: the generated
-- columns of the schedule's weekdays, opening minutes and slot days, the taken ranges and their
-- triggers, and the blocked dates' triggers (the column stays, written by the same module). The
-- stored days of existing spaces are written by that module when the app next starts (and by the
-- sweep): `days_version` is null until then.
DROP TRIGGER "bookings_taken_ranges_insert" ON "bookings";
--> statement-breakpoint
DROP TRIGGER "bookings_taken_ranges_update" ON "bookings";
--> statement-breakpoint
DROP TRIGGER "space_blocked_dates_ranges_insert" ON "space_blocked_dates";
--> statement-breakpoint
DROP TRIGGER "space_blocked_dates_ranges_update" ON "space_blocked_dates";
--> statement-breakpoint
DROP TRIGGER "space_blocked_dates_ranges_delete" ON "space_blocked_dates";
--> statement-breakpoint
DROP FUNCTION "space_taken_ranges_add"();
--> statement-breakpoint
DROP FUNCTION "space_blocked_date_ranges_refresh"();
--> statement-breakpoint
CREATE TABLE "space_days" (
	"space_id" uuid NOT NULL,
	"date" date NOT NULL,
	"windows" "int4multirange" NOT NULL,
	"last_start" integer NOT NULL,
	"changes_at" timestamp with time zone,
	"later_windows" "int4multirange",
	"later_last_start" integer,
	CONSTRAINT "space_days_space_id_date_pk" PRIMARY KEY("space_id","date")
);
--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "day_windows" "int4multirange"[];--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "day_last_starts" integer[];--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "zone_slot" smallint;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "notice_hours" smallint;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "horizon_days" smallint;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "days_version" integer;--> statement-breakpoint
CREATE INDEX "space_days_changes_at_idx" ON "space_days" USING btree ("changes_at") WHERE "space_days"."changes_at" is not null;--> statement-breakpoint
ALTER TABLE "medical_spaces" DROP COLUMN "open_days";--> statement-breakpoint
ALTER TABLE "medical_spaces" DROP COLUMN "open_minutes";--> statement-breakpoint
ALTER TABLE "medical_spaces" DROP COLUMN "slot_days";--> statement-breakpoint
ALTER TABLE "medical_spaces" DROP COLUMN "taken_ranges";
--> statement-breakpoint
DROP FUNCTION "schedule_slot_days"(jsonb, text);
--> statement-breakpoint
DROP FUNCTION "schedule_open_minutes"(jsonb);
