CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_last_number_check" CHECK ("receipt_counters"."last_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid,
	"series_id" uuid,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_one_payment_check" CHECK (("receipts"."booking_id" is null) <> ("receipts"."series_id" is null))
);
--> statement-breakpoint
ALTER TABLE "booking_series" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "agreement_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "agreement_version" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "agreement_sha256" text;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "agreement_terms" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_series_id_booking_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."booking_series"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_booking_unique" ON "receipts" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_series_unique" ON "receipts" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_year_sequence_unique" ON "receipts" USING btree ("year","sequence");