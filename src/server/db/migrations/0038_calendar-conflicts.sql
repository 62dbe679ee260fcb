CREATE TABLE "calendar_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"busy_start_at" timestamp with time zone NOT NULL,
	"busy_end_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_conflicts_status_check" CHECK ("calendar_conflicts"."status" in ('open', 'kept', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "calendar_conflicts" ADD CONSTRAINT "calendar_conflicts_import_id_space_calendar_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."space_calendar_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_conflicts" ADD CONSTRAINT "calendar_conflicts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_conflicts" ADD CONSTRAINT "calendar_conflicts_space_id_medical_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."medical_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_conflicts" ADD CONSTRAINT "calendar_conflicts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_conflicts_busy_booking_idx" ON "calendar_conflicts" USING btree ("booking_id","import_id","busy_start_at","busy_end_at");--> statement-breakpoint
CREATE INDEX "calendar_conflicts_owner_idx" ON "calendar_conflicts" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "calendar_conflicts_import_idx" ON "calendar_conflicts" USING btree ("import_id");