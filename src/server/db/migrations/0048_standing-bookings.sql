CREATE TABLE "standing_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"weekdays" jsonb NOT NULL,
	"first_start_date" text NOT NULL,
	"first_end_date" text NOT NULL,
	"billing" text NOT NULL,
	"notice_days" integer NOT NULL,
	"minimum_term_months" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_on" date NOT NULL,
	"ends_on" date,
	"ended_by" uuid,
	"instant_book" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_bookings_notice_check" CHECK ("standing_bookings"."notice_days" between 7 and 90),
	CONSTRAINT "standing_bookings_term_check" CHECK ("standing_bookings"."minimum_term_months" between 0 and 12)
);
--> statement-breakpoint
ALTER TABLE "booking_series" ADD COLUMN "standing_booking_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_series" ADD COLUMN "period_index" integer;--> statement-breakpoint
ALTER TABLE "booking_series" ADD COLUMN "charge_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_series" ADD COLUMN "next_charge_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_series" ADD COLUMN "charge_failure" text;--> statement-breakpoint
ALTER TABLE "standing_bookings" ADD CONSTRAINT "standing_bookings_space_id_medical_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."medical_spaces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_bookings" ADD CONSTRAINT "standing_bookings_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_bookings" ADD CONSTRAINT "standing_bookings_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standing_bookings_renter_id_idx" ON "standing_bookings" USING btree ("renter_id");--> statement-breakpoint
CREATE INDEX "standing_bookings_space_id_idx" ON "standing_bookings" USING btree ("space_id");--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_standing_booking_id_standing_bookings_id_fk" FOREIGN KEY ("standing_booking_id") REFERENCES "public"."standing_bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_series_standing_period_unique" ON "booking_series" USING btree ("standing_booking_id","period_index");--> statement-breakpoint
CREATE INDEX "booking_series_next_charge_idx" ON "booking_series" USING btree ("next_charge_at");