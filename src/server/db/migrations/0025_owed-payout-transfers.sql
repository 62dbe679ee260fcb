CREATE TABLE "demo_transfer_reversals" (
	"id" text PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"destination" text NOT NULL,
	"amount" bigint NOT NULL,
	"amount_reversed" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"source_transaction" text,
	"metadata" jsonb NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_transfers_amount_check" CHECK ("demo_transfers"."amount" > 0 and "demo_transfers"."amount_reversed" between 0 and "demo_transfers"."amount")
);
--> statement-breakpoint
ALTER TABLE "owner_payouts" ADD COLUMN "refunds_settled" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_payouts" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demo_transfer_reversals" ADD CONSTRAINT "demo_transfer_reversals_transfer_id_demo_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."demo_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demo_transfer_reversals_idempotency_unique" ON "demo_transfer_reversals" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_transfers_idempotency_unique" ON "demo_transfers" USING btree ("idempotency_key");