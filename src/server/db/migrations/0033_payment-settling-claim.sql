ALTER TABLE "payments" ADD COLUMN "settling_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_series" DROP COLUMN "settling_at";