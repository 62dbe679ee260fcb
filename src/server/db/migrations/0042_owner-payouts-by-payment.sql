-- An owed payout is its payment's (docs/decisions/035-one-payment-model.md): one column names it,
-- a single booking's payment or a series', instead of one column for each.
ALTER TABLE "owner_payouts" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
UPDATE "owner_payouts" SET "payment_id" = coalesce("booking_id", "series_id");--> statement-breakpoint
ALTER TABLE "owner_payouts" ALTER COLUMN "payment_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_payouts" ADD CONSTRAINT "owner_payouts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_payouts_payment_unique" ON "owner_payouts" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "owner_payouts" DROP CONSTRAINT "owner_payouts_one_payment_check";--> statement-breakpoint
ALTER TABLE "owner_payouts" DROP CONSTRAINT "owner_payouts_booking_id_bookings_id_fk";--> statement-breakpoint
ALTER TABLE "owner_payouts" DROP CONSTRAINT "owner_payouts_series_id_booking_series_id_fk";--> statement-breakpoint
DROP INDEX "owner_payouts_booking_unique";--> statement-breakpoint
DROP INDEX "owner_payouts_series_unique";--> statement-breakpoint
ALTER TABLE "owner_payouts" DROP COLUMN "booking_id";--> statement-breakpoint
ALTER TABLE "owner_payouts" DROP COLUMN "series_id";
