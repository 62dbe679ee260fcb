-- A series' money lives in `payments` alone (docs/decisions/035-one-payment-model.md): the payment
-- writer moves it there, and the series' copies of it go. A series' payment is created with the series.
DROP TRIGGER "booking_series_sync_payment" ON "booking_series";--> statement-breakpoint
DROP FUNCTION "sync_series_payment"();--> statement-breakpoint
DROP TRIGGER "booking_series_set_paid_at" ON "booking_series";--> statement-breakpoint
CREATE FUNCTION "create_series_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "payments" ("id", "amount", "platform_fee_amount", "created_at")
    VALUES (NEW."id", NEW."total_price", NEW."platform_fee_amount", NEW."created_at")
    ON CONFLICT ("id") DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "booking_series_create_payment" AFTER INSERT ON "booking_series"
  FOR EACH ROW EXECUTE FUNCTION "create_series_payment"();--> statement-breakpoint
-- When a payment was made: set the first time its status says money was taken, as migration 0016 does for bookings.
CREATE FUNCTION "set_payment_paid_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IN ('paid', 'refunded', 'partially_refunded') AND NEW."paid_at" IS NULL THEN
    NEW."paid_at" := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_set_paid_at" BEFORE INSERT OR UPDATE OF "status" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "set_payment_paid_at"();--> statement-breakpoint
DROP INDEX "booking_series_payment_intent_unique";--> statement-breakpoint
ALTER TABLE "booking_series" DROP COLUMN "stripe_payment_intent_id";--> statement-breakpoint
ALTER TABLE "booking_series" DROP COLUMN "payment_status";--> statement-breakpoint
ALTER TABLE "booking_series" DROP COLUMN "amount_refunded";--> statement-breakpoint
ALTER TABLE "booking_series" DROP COLUMN "paid_at";--> statement-breakpoint
ALTER TABLE "booking_series" DROP COLUMN "card_brand";--> statement-breakpoint
ALTER TABLE "booking_series" DROP COLUMN "card_last4";
