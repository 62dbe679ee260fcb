CREATE TABLE "space_calendar_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_synced_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"events_imported" integer DEFAULT 0 NOT NULL,
	"events_skipped" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_imported_busy" (
	"import_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	CONSTRAINT "space_imported_busy_range_check" CHECK ("space_imported_busy"."end_at" > "space_imported_busy"."start_at")
);
--> statement-breakpoint
ALTER TABLE "space_calendar_imports" ADD CONSTRAINT "space_calendar_imports_space_id_medical_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."medical_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_calendar_imports" ADD CONSTRAINT "space_calendar_imports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_imported_busy" ADD CONSTRAINT "space_imported_busy_import_id_space_calendar_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."space_calendar_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_imported_busy" ADD CONSTRAINT "space_imported_busy_space_id_medical_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."medical_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "space_calendar_imports_space_id_idx" ON "space_calendar_imports" USING btree ("space_id");--> statement-breakpoint
CREATE INDEX "space_calendar_imports_attempt_idx" ON "space_calendar_imports" USING btree ("last_attempt_at");--> statement-breakpoint
CREATE INDEX "space_imported_busy_import_idx" ON "space_imported_busy" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "space_imported_busy_space_idx" ON "space_imported_busy" USING btree ("space_id","start_at");