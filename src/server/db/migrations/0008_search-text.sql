DROP INDEX "medical_spaces_created_at_idx";--> statement-breakpoint
DROP INDEX "medical_spaces_title_trgm_idx";--> statement-breakpoint
DROP INDEX "medical_spaces_city_trgm_idx";--> statement-breakpoint
DROP INDEX "medical_spaces_address_trgm_idx";--> statement-breakpoint
DROP INDEX "medical_spaces_zip_code_idx";--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("city" || chr(31) || "state" || chr(31) || "address" || chr(31) || "title")) STORED;--> statement-breakpoint
CREATE INDEX "medical_spaces_period_price_idx" ON "medical_spaces" USING btree ("price_period","price_per_day");--> statement-breakpoint
-- INCLUDE is written by hand (Drizzle cannot declare it): the columns of the location, type and price
-- filters, so picking a page of ids is an index-only scan.
CREATE INDEX "medical_spaces_active_created_at_idx" ON "medical_spaces" USING btree ("created_at","id") INCLUDE ("search_text","space_type","price_period","price_per_day") WHERE "medical_spaces"."active";--> statement-breakpoint
CREATE INDEX "medical_spaces_search_text_trgm_idx" ON "medical_spaces" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "medical_spaces_zip_code_idx" ON "medical_spaces" USING btree ("zip_code" text_pattern_ops);