CREATE TABLE "booking_reschedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"from_start_at" timestamp with time zone NOT NULL,
	"from_end_at" timestamp with time zone NOT NULL,
	"to_start_at" timestamp with time zone NOT NULL,
	"to_end_at" timestamp with time zone NOT NULL,
	"to_units" integer NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"new_total_cents" integer NOT NULL,
	"price_difference_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "booking_reschedules_status_check" CHECK ("booking_reschedules"."status" in ('requested', 'accepted', 'declined', 'cancelled')),
	CONSTRAINT "booking_reschedules_range_check" CHECK ("booking_reschedules"."to_end_at" > "booking_reschedules"."to_start_at" and "booking_reschedules"."from_end_at" > "booking_reschedules"."from_start_at")
);
--> statement-breakpoint
ALTER TABLE "booking_reschedules" ADD CONSTRAINT "booking_reschedules_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reschedules" ADD CONSTRAINT "booking_reschedules_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_reschedules_booking_idx" ON "booking_reschedules" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_reschedules_open_idx" ON "booking_reschedules" USING btree ("booking_id") WHERE "booking_reschedules"."status" = 'requested';