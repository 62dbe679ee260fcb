-- Bookings as holds (docs/decisions/005-bookings-as-holds.md): one row from the
-- first click, moved through src/shared/booking-lifecycle.ts.
CREATE TABLE "demo_connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "units" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "instant_book" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy_tier" text DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "request_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "capture_method" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "destination" text;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "amount_refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "instant_book" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "cancellation_policy_tier" text DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_charges_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_details_submitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_connected_accounts" ADD CONSTRAINT "demo_connected_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_renter_attempt_unique" ON "bookings" USING btree ("renter_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "bookings_hold_expiry_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "bookings_request_expiry_idx" ON "bookings" USING btree ("request_expires_at") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('awaiting_payment', 'pending', 'confirmed', 'declined', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD CONSTRAINT "medical_spaces_cancellation_policy_tier_check" CHECK ("medical_spaces"."cancellation_policy_tier" in ('flexible', 'moderate', 'strict'));--> statement-breakpoint
-- Holds awaiting payment keep the dates too: the first renter to start paying has them.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("space_id" WITH =, tstzrange("start_at", "end_at", '[)') WITH &&)
  WHERE ("status" IN ('awaiting_payment', 'pending', 'confirmed'));
