-- When a payment was made (docs/decisions/027-receipts-and-agreements.md): `paid_at` is set the
-- first time `payment_status` says money was taken ('paid', or a refund of it), whichever path moves it (checkout, an owner's accept,
-- the webhook, the reconciliation job), and never changed after. A trigger rather than a line in
-- each path, so no path can forget it.
CREATE FUNCTION "set_paid_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."payment_status" IN ('paid', 'refunded', 'partially_refunded') AND NEW."paid_at" IS NULL THEN
    NEW."paid_at" := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_set_paid_at" BEFORE INSERT OR UPDATE OF "payment_status" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "set_paid_at"();--> statement-breakpoint
CREATE TRIGGER "booking_series_set_paid_at" BEFORE INSERT OR UPDATE OF "payment_status" ON "booking_series"
  FOR EACH ROW EXECUTE FUNCTION "set_paid_at"();--> statement-breakpoint
-- Payments made before this migration: the booking's creation is the best date known.
UPDATE "bookings" SET "paid_at" = "created_at"
  WHERE "paid_at" IS NULL AND "payment_status" IN ('paid', 'refunded', 'partially_refunded');--> statement-breakpoint
UPDATE "booking_series" SET "paid_at" = "created_at"
  WHERE "paid_at" IS NULL AND "payment_status" IN ('paid', 'refunded', 'partially_refunded');
