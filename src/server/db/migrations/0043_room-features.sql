-- Room features a listing's owner states (ROOM_FEATURES, src/shared/schemas/room-features.ts): known identifiers only,
-- with a GIN index for the search filter (`features @> ...`), as the amenities have.
ALTER TABLE "medical_spaces" ADD COLUMN "features" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "medical_spaces_features_idx" ON "medical_spaces" USING gin ("features");--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD CONSTRAINT "medical_spaces_features_check" CHECK ("features" <@ array['lockable_records_storage', 'sound_privacy', 'private_entrance', 'sharps_disposal', 'autoclave', 'clia_waived_testing', 'medically_zoned', 'ada_accessible']::text[]);
