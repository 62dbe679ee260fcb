DROP INDEX "space_calendar_imports_attempt_idx";--> statement-breakpoint
ALTER TABLE "space_calendar_imports" ADD COLUMN "next_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "space_calendar_imports" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "space_calendar_imports_next_sync_idx" ON "space_calendar_imports" USING btree ("next_sync_at");