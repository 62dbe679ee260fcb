CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stripe_payment_intent_id" text,
	"amount" numeric(10, 2) NOT NULL,
	"platform_fee_amount" numeric(10, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'none' NOT NULL,
	"amount_refunded" numeric(10, 2) DEFAULT '0' NOT NULL,
	"paid_at" timestamp with time zone,
	"card_brand" text,
	"card_last4" text,
	"dispute_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_status_check" CHECK (status in ('none', 'requires_payment', 'authorized', 'paid', 'canceled', 'partially_refunded', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payment_intent_unique" ON "payments" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_payment_id_idx" ON "bookings" USING btree ("payment_id");--> statement-breakpoint
-- Payments of today's data: one per series, one per single booking (docs/decisions/035-one-payment-model.md).
INSERT INTO "payments" ("id", "stripe_payment_intent_id", "amount", "platform_fee_amount", "status", "amount_refunded", "paid_at", "card_brand", "card_last4", "dispute_status", "created_at")
  SELECT s."id", s."stripe_payment_intent_id", s."total_price", s."platform_fee_amount", s."payment_status", s."amount_refunded", s."paid_at", s."card_brand", s."card_last4",
    (SELECT b."dispute_status" FROM "bookings" b WHERE b."series_id" = s."id" AND b."dispute_status" IS NOT NULL LIMIT 1), s."created_at"
  FROM "booking_series" s;--> statement-breakpoint
INSERT INTO "payments" ("id", "stripe_payment_intent_id", "amount", "platform_fee_amount", "status", "amount_refunded", "paid_at", "card_brand", "card_last4", "dispute_status", "created_at")
  SELECT b."id", b."stripe_payment_intent_id", b."total_price", coalesce(b."platform_fee_amount", 0), b."payment_status", b."amount_refunded", b."paid_at", b."card_brand", b."card_last4", b."dispute_status", b."created_at"
  FROM "bookings" b WHERE b."series_id" IS NULL;--> statement-breakpoint
UPDATE "bookings" SET "payment_id" = coalesce("series_id", "id");--> statement-breakpoint
-- Until readers move to payments, the old columns are the truth: these keep each payment as they are.
-- A booking names its payment before it is written; the payment row follows after (the foreign key is
-- checked at commit), so a hold that an ON CONFLICT skips leaves no payment behind.
ALTER TABLE "bookings" ALTER CONSTRAINT "bookings_payment_id_payments_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
CREATE FUNCTION "set_booking_payment_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."payment_id" := coalesce(NEW."series_id", NEW."id");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_set_payment_id" BEFORE INSERT OR UPDATE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "set_booking_payment_id"();--> statement-breakpoint
CREATE FUNCTION "sync_booking_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."series_id" IS NOT NULL THEN
    IF NEW."dispute_status" IS NOT NULL AND (TG_OP = 'INSERT' OR NEW."dispute_status" IS DISTINCT FROM OLD."dispute_status") THEN
      UPDATE "payments" SET "dispute_status" = NEW."dispute_status" WHERE "id" = NEW."series_id";
    END IF;
    RETURN NULL;
  END IF;
  INSERT INTO "payments" AS p ("id", "stripe_payment_intent_id", "amount", "platform_fee_amount", "status", "amount_refunded", "paid_at", "card_brand", "card_last4", "dispute_status", "created_at")
    VALUES (NEW."id", NEW."stripe_payment_intent_id", NEW."total_price", coalesce(NEW."platform_fee_amount", 0), NEW."payment_status", NEW."amount_refunded", NEW."paid_at", NEW."card_brand", NEW."card_last4", NEW."dispute_status", NEW."created_at")
    ON CONFLICT ("id") DO UPDATE SET "stripe_payment_intent_id" = excluded."stripe_payment_intent_id", "amount" = excluded."amount",
      "platform_fee_amount" = excluded."platform_fee_amount", "status" = excluded."status", "amount_refunded" = excluded."amount_refunded",
      "paid_at" = excluded."paid_at", "card_brand" = excluded."card_brand", "card_last4" = excluded."card_last4", "dispute_status" = excluded."dispute_status";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_sync_payment" AFTER INSERT OR UPDATE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "sync_booking_payment"();--> statement-breakpoint
CREATE FUNCTION "sync_series_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "payments" AS p ("id", "stripe_payment_intent_id", "amount", "platform_fee_amount", "status", "amount_refunded", "paid_at", "card_brand", "card_last4", "created_at")
    VALUES (NEW."id", NEW."stripe_payment_intent_id", NEW."total_price", NEW."platform_fee_amount", NEW."payment_status", NEW."amount_refunded", NEW."paid_at", NEW."card_brand", NEW."card_last4", NEW."created_at")
    ON CONFLICT ("id") DO UPDATE SET "stripe_payment_intent_id" = excluded."stripe_payment_intent_id", "amount" = excluded."amount",
      "platform_fee_amount" = excluded."platform_fee_amount", "status" = excluded."status", "amount_refunded" = excluded."amount_refunded",
      "paid_at" = excluded."paid_at", "card_brand" = excluded."card_brand", "card_last4" = excluded."card_last4";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "booking_series_sync_payment" AFTER INSERT OR UPDATE ON "booking_series"
  FOR EACH ROW EXECUTE FUNCTION "sync_series_payment"();
