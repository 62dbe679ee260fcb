ALTER TABLE "payments" ADD COLUMN "amount_refunded_fee_kept" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Until now a payment's refunds counted as all keeping the fee when every refunded booking of it kept
-- its first-booking fee, else all giving it back: that reading is kept for the refunds made so far.
UPDATE "payments" p SET "amount_refunded_fee_kept" = p."amount_refunded"
  WHERE p."amount_refunded" > 0
    AND EXISTS (SELECT 1 FROM "bookings" b WHERE b."payment_id" = p."id" AND b."amount_refunded" > 0)
    AND NOT EXISTS (SELECT 1 FROM "bookings" b WHERE b."payment_id" = p."id" AND b."amount_refunded" > 0 AND NOT b."fee_retained");
