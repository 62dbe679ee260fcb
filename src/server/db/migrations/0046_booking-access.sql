CREATE TABLE "access_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"code" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "access_reveals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"revealed" text NOT NULL,
	"access_code_id" uuid,
	"revealed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "access_method" text DEFAULT 'instructions' NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "access_reveal_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "access_instructions" text;--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_reveals" ADD CONSTRAINT "access_reveals_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_reveals" ADD CONSTRAINT "access_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_reveals" ADD CONSTRAINT "access_reveals_access_code_id_access_codes_id_fk" FOREIGN KEY ("access_code_id") REFERENCES "public"."access_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_codes_live_booking_idx" ON "access_codes" USING btree ("booking_id") WHERE "access_codes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "access_reveals_booking_idx" ON "access_reveals" USING btree ("booking_id","revealed_at");--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD CONSTRAINT "medical_spaces_access_method_check" CHECK ("medical_spaces"."access_method" in ('instructions', 'door_code'));--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD CONSTRAINT "medical_spaces_access_reveal_hours_check" CHECK ("medical_spaces"."access_reveal_hours" between 1 and 72);