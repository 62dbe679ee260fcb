-- No two pending or confirmed bookings of one space may overlap (docs/decisions/003-bookings-as-ranges.md).
-- Rejected inserts fail with SQLSTATE 23P01 (exclusion_violation).
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("space_id" WITH =, tstzrange("start_at", "end_at", '[)') WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "medical_spaces_state_trgm_idx" ON "medical_spaces" USING gin ("state" gin_trgm_ops);
