CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"reconstructed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"payment_intent_id" text NOT NULL,
	"actor_id" uuid,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"refunded_before_cents" bigint NOT NULL,
	"refunded_after_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_refunds" ADD CONSTRAINT "console_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_refunds" ADD CONSTRAINT "console_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "console_refunds_request_unique" ON "console_refunds" USING btree ("booking_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "console_refunds_one_in_flight" ON "console_refunds" USING btree ("payment_intent_id") WHERE "console_refunds"."completed_at" is null;--> statement-breakpoint
-- hand-written:
-- The status history (docs/decisions/031-console-refunds-and-booking-history.md): every status a
-- booking enters is recorded by this trigger, in the transaction of the change, whatever code made
-- it (the lifecycle's guarded updates, the series' moves, the reconciliation job's sweeps).
CREATE FUNCTION "booking_status_history"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "booking_events" ("booking_id", "from_status", "to_status", "at") VALUES (NEW."id", NULL, NEW."status", clock_timestamp());
  ELSIF NEW."status" IS DISTINCT FROM OLD."status" THEN
    INSERT INTO "booking_events" ("booking_id", "from_status", "to_status", "at") VALUES (NEW."id", OLD."status", NEW."status", clock_timestamp());
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_status_history" AFTER INSERT OR UPDATE OF "status" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "booking_status_history"();--> statement-breakpoint
-- Bookings older than the history: the status they hold now, at the instant their timestamps give.
INSERT INTO "booking_events" ("booking_id", "from_status", "to_status", "at", "reconstructed")
  SELECT "id", NULL, "status", coalesce("cancelled_at", "created_at"), true FROM "bookings";
