-- A single booking's money lives in `payments` alone (docs/decisions/035-one-payment-model.md), as a
-- series' does since 0037: the payment writer moves it there, and the booking keeps only its share
-- (`payment_status`, `amount_refunded`, the refund decided for it). The copies on the booking go.
DROP TRIGGER "bookings_sync_payment" ON "bookings";--> statement-breakpoint
DROP FUNCTION "sync_booking_payment"();--> statement-breakpoint
DROP TRIGGER "bookings_set_paid_at" ON "bookings";--> statement-breakpoint
DROP FUNCTION "set_paid_at"();--> statement-breakpoint
-- The trigger kept each single booking's payment as its booking said; said once more, in case a row was written around it.
UPDATE "payments" p SET "stripe_payment_intent_id" = b."stripe_payment_intent_id", "status" = b."payment_status",
    "amount_refunded" = greatest(p."amount_refunded", b."amount_refunded"), "paid_at" = coalesce(b."paid_at", p."paid_at"),
    "card_brand" = b."card_brand", "card_last4" = b."card_last4", "dispute_status" = b."dispute_status"
  FROM "bookings" b WHERE b."id" = p."id" AND b."series_id" IS NULL;--> statement-breakpoint
-- A single booking's payment is created with it, as a series' is (the payment row follows the booking;
-- the booking's foreign key is checked at commit, so a hold an ON CONFLICT skips leaves no payment).
CREATE FUNCTION "create_booking_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."series_id" IS NULL THEN
    INSERT INTO "payments" ("id", "amount", "platform_fee_amount", "created_at")
      VALUES (NEW."id", NEW."total_price", coalesce(NEW."platform_fee_amount", 0), NEW."created_at")
      ON CONFLICT ("id") DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_create_payment" AFTER INSERT ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "create_booking_payment"();--> statement-breakpoint
DROP INDEX "bookings_payment_intent_unique";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "stripe_payment_intent_id";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "dispute_status";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "paid_at";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "card_brand";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "card_last4";
