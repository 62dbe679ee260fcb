CREATE TABLE "booking_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"recurrence" jsonb NOT NULL,
	"total_price" numeric(10, 2) NOT NULL,
	"platform_fee_amount" numeric(10, 2) DEFAULT '0' NOT NULL,
	"instant_book" boolean NOT NULL,
	"stripe_payment_intent_id" text,
	"payment_status" text DEFAULT 'none' NOT NULL,
	"amount_refunded" numeric(10, 2) DEFAULT '0' NOT NULL,
	"settling_at" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_series_total_check" CHECK ("booking_series"."total_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_space_id_medical_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."medical_spaces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_series_payment_intent_unique" ON "booking_series" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_series_renter_attempt_unique" ON "booking_series" USING btree ("renter_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "booking_series_renter_id_idx" ON "booking_series" USING btree ("renter_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_series_id_booking_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."booking_series"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_series_id_idx" ON "bookings" USING btree ("series_id","start_at") WHERE "bookings"."series_id" is not null;