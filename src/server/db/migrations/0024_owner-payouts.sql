CREATE TABLE "owner_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"booking_id" uuid,
	"series_id" uuid,
	"status" text DEFAULT 'owed' NOT NULL,
	"amount" numeric(10, 2) DEFAULT '0' NOT NULL,
	"reversed_amount" numeric(10, 2) DEFAULT '0' NOT NULL,
	"destination" text,
	"stripe_transfer_id" text,
	"transferred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_payouts_one_payment_check" CHECK (("owner_payouts"."booking_id" is null) <> ("owner_payouts"."series_id" is null)),
	CONSTRAINT "owner_payouts_status_check" CHECK ("owner_payouts"."status" in ('owed', 'transferred', 'void'))
);
--> statement-breakpoint
ALTER TABLE "owner_payouts" ADD CONSTRAINT "owner_payouts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_payouts" ADD CONSTRAINT "owner_payouts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_payouts" ADD CONSTRAINT "owner_payouts_series_id_booking_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."booking_series"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_payouts_booking_unique" ON "owner_payouts" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_payouts_series_unique" ON "owner_payouts" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "owner_payouts_owner_idx" ON "owner_payouts" USING btree ("owner_id","status");