CREATE TABLE "space_calendar_feeds" (
	"space_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "space_calendar_feeds" ADD CONSTRAINT "space_calendar_feeds_space_id_medical_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."medical_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "space_calendar_feeds_token_hash_unique" ON "space_calendar_feeds" USING btree ("token_hash");