ALTER TABLE "booking_series" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "booking_series" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "card_last4" text;