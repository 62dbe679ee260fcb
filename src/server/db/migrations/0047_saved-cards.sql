CREATE TABLE "demo_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_customers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "demo_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"card_number" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"payment_method_id" text,
	"metadata" jsonb NOT NULL,
	"last_setup_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"consented_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_cards_card_check" CHECK (("saved_cards"."payment_method_id" is null) = ("saved_cards"."card_brand" is null) and ("saved_cards"."payment_method_id" is null) = ("saved_cards"."card_last4" is null) and ("saved_cards"."payment_method_id" is null or "saved_cards"."consented_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "last_payment_error_code" text;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "setup_future_usage" text;--> statement-breakpoint
ALTER TABLE "demo_customers" ADD CONSTRAINT "demo_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_payment_methods" ADD CONSTRAINT "demo_payment_methods_customer_id_demo_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."demo_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_setup_intents" ADD CONSTRAINT "demo_setup_intents_customer_id_demo_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."demo_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_setup_intents" ADD CONSTRAINT "demo_setup_intents_payment_method_id_demo_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."demo_payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_payment_methods_customer_idx" ON "demo_payment_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_setup_intents_client_secret_unique" ON "demo_setup_intents" USING btree ("client_secret");