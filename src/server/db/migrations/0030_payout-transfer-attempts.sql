ALTER TABLE "demo_transfers" ADD COLUMN "transfer_group" text;--> statement-breakpoint
ALTER TABLE "owner_payouts" ADD COLUMN "attempt_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "owner_payouts" ADD COLUMN "attempt_key" text;--> statement-breakpoint
ALTER TABLE "owner_payouts" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "demo_transfers_transfer_group_idx" ON "demo_transfers" USING btree ("transfer_group");