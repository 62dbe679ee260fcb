CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"total_price" numeric(10, 2) NOT NULL,
	"platform_fee_amount" numeric(10, 2),
	"stripe_payment_intent_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_range_check" CHECK ("bookings"."end_at" > "bookings"."start_at"),
	CONSTRAINT "bookings_total_check" CHECK ("bookings"."total_price" >= 0),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'declined', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "demo_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"application_fee_amount" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"metadata" jsonb NOT NULL,
	"idempotency_key" text,
	"last_payment_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_spaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"space_type" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"latitude" numeric(10, 7),
	"longitude" numeric(10, 7),
	"price_per_day" numeric(10, 2) NOT NULL,
	"price_period" text DEFAULT 'daily' NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"equipment" text[] DEFAULT '{}'::text[] NOT NULL,
	"optimal_specialty" text,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"available_from" timestamp with time zone,
	"available_to" timestamp with time zone,
	"rules" text,
	"cancellation_policy" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_spaces_capacity_check" CHECK ("medical_spaces"."capacity" >= 1),
	CONSTRAINT "medical_spaces_price_check" CHECK ("medical_spaces"."price_per_day" >= 0),
	CONSTRAINT "medical_spaces_price_period_check" CHECK ("medical_spaces"."price_period" in ('hourly', 'daily', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" text NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"space_id" uuid,
	"content" text NOT NULL,
	"message_type" text DEFAULT 'text' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"license_number" text,
	"specialty" text,
	"bio" text,
	"profile_image" text,
	"cover_image" text,
	"cover_color" text DEFAULT '#3b82f6' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"user_type" text DEFAULT 'both' NOT NULL,
	"stripe_connect_account_id" text,
	"stripe_account_status" text,
	"stripe_onboarding_completed" boolean DEFAULT false NOT NULL,
	"accepted_terms_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('lister', 'renter', 'both'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_space_id_medical_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."medical_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_space_id_medical_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."medical_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD CONSTRAINT "medical_spaces_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_space_id_medical_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."medical_spaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_payment_intent_unique" ON "bookings" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE INDEX "bookings_renter_id_idx" ON "bookings" USING btree ("renter_id","start_at");--> statement-breakpoint
CREATE INDEX "bookings_space_id_idx" ON "bookings" USING btree ("space_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_payment_intents_idempotency_unique" ON "demo_payment_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_payment_intents_client_secret_unique" ON "demo_payment_intents" USING btree ("client_secret");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_space_unique" ON "favorites" USING btree ("user_id","space_id");--> statement-breakpoint
CREATE INDEX "favorites_space_id_idx" ON "favorites" USING btree ("space_id");--> statement-breakpoint
CREATE INDEX "medical_spaces_owner_id_idx" ON "medical_spaces" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "medical_spaces_space_type_idx" ON "medical_spaces" USING btree ("space_type");--> statement-breakpoint
CREATE INDEX "medical_spaces_price_idx" ON "medical_spaces" USING btree ("price_per_day");--> statement-breakpoint
CREATE INDEX "medical_spaces_zip_code_idx" ON "medical_spaces" USING btree ("zip_code");--> statement-breakpoint
CREATE INDEX "medical_spaces_created_at_idx" ON "medical_spaces" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "medical_spaces_lat_lng_idx" ON "medical_spaces" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "medical_spaces_amenities_idx" ON "medical_spaces" USING gin ("amenities");--> statement-breakpoint
CREATE INDEX "medical_spaces_equipment_idx" ON "medical_spaces" USING gin ("equipment");--> statement-breakpoint
CREATE INDEX "medical_spaces_title_trgm_idx" ON "medical_spaces" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "medical_spaces_city_trgm_idx" ON "medical_spaces" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "medical_spaces_address_trgm_idx" ON "medical_spaces" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "medical_spaces_specialty_idx" ON "medical_spaces" USING btree (lower("optimal_specialty"));--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_receiver_unread_idx" ON "messages" USING btree ("receiver_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");