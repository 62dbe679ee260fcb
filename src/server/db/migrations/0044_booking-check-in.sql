ALTER TABLE "bookings" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_check_out_check" CHECK ("bookings"."checked_out_at" is null or ("bookings"."checked_in_at" is not null and "bookings"."checked_out_at" >= "bookings"."checked_in_at"));
