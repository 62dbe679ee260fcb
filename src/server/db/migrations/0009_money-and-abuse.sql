CREATE TABLE "uploaded_images" (
	"url" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "amount_refunded" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fee_retained" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "accepting_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploaded_images_owner_id_idx" ON "uploaded_images" USING btree ("owner_id");--> statement-breakpoint
-- What was refunded before this column existed: the decided refund once made, everything when fully refunded.
UPDATE "bookings" SET "amount_refunded" = CASE WHEN "payment_status" = 'refunded' THEN "total_price" ELSE coalesce("refund_amount", 0) END WHERE "payment_status" IN ('refunded', 'partially_refunded') OR "refunded_at" IS NOT NULL;--> statement-breakpoint
-- A license verified on several accounts stays verified on the earliest only; the others are checked again.
UPDATE "users" SET "verified" = false, "license_verification" = 'pending' WHERE "verified" AND "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "license_number" ORDER BY "created_at", "id") AS "n" FROM "users" WHERE "verified" AND "license_number" IS NOT NULL) AS "ranked" WHERE "n" > 1);--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_license_unique" ON "users" USING btree ("license_number") WHERE "users"."verified";