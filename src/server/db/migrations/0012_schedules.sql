-- Schedules (docs/decisions/025-schedules.md): opening hours, sessions, buffer, notice and
-- horizon on the listing; blocked dates; the buffer kept after each booking.
CREATE TABLE "space_blocked_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_blocked_dates_range_check" CHECK ("space_blocked_dates"."end_date" >= "space_blocked_dates"."start_date")
);
--> statement-breakpoint
ALTER TABLE "medical_spaces" DROP CONSTRAINT "medical_spaces_price_period_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "buffer_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "space_blocked_dates" ADD CONSTRAINT "space_blocked_dates_space_id_medical_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."medical_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "space_blocked_dates_space_id_idx" ON "space_blocked_dates" USING btree ("space_id","start_date");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_buffer_minutes_check" CHECK ("bookings"."buffer_minutes" between 0 and 240);--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD CONSTRAINT "medical_spaces_price_period_check" CHECK ("medical_spaces"."price_period" in ('hourly', 'daily', 'monthly', 'session'));--> statement-breakpoint
-- The buffer after a booking is part of the range no other holding booking may overlap
-- (docs/decisions/025-schedules.md). Adding minutes to a timestamptz does not depend on the
-- session's time zone (only day and month intervals do), so the wrapper is truly immutable, as
-- an index expression must be.
CREATE FUNCTION booking_blocked_until(end_at timestamptz, buffer_minutes integer) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT end_at + buffer_minutes * interval '1 minute' $$;
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("space_id" WITH =, tstzrange("start_at", booking_blocked_until("end_at", "buffer_minutes"), '[)') WITH &&)
  WHERE ("status" IN ('awaiting_payment', 'pending', 'confirmed'));
