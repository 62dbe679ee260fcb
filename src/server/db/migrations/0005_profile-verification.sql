CREATE TABLE "npi_registry_cache" (
	"number" text PRIMARY KEY NOT NULL,
	"record" jsonb,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "license_verification" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "license_checked_at" timestamp with time zone;