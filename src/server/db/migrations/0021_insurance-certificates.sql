CREATE TABLE "insurance_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"insurer" text NOT NULL,
	"policy_number" text NOT NULL,
	"expires_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "requires_insurance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "license_states" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_certificates_user_id_idx" ON "insurance_certificates" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "insurance_certificates_expires_on_idx" ON "insurance_certificates" USING btree ("expires_on");