CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"series_id" uuid,
	"space_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author_side" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"counted_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_comment_check" CHECK (char_length("reviews"."comment") between 1 and 2000),
	CONSTRAINT "reviews_reply_check" CHECK ("reviews"."reply" is null or char_length("reviews"."reply") between 1 and 2000),
	CONSTRAINT "reviews_author_side_check" CHECK ("reviews"."author_side" in ('renter', 'owner'))
);
--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "rating_average" numeric(3, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_series_id_booking_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."booking_series"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_space_id_medical_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."medical_spaces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_stay_side_unique" ON "reviews" USING btree (coalesce("series_id", "booking_id"),"author_side");--> statement-breakpoint
CREATE INDEX "reviews_space_published_idx" ON "reviews" USING btree ("space_id","published_at");--> statement-breakpoint
CREATE INDEX "reviews_subject_published_idx" ON "reviews" USING btree ("subject_id","published_at");--> statement-breakpoint
CREATE INDEX "reviews_uncounted_idx" ON "reviews" USING btree ("published_at") WHERE "reviews"."counted_at" is null and "reviews"."author_side" = 'renter';--> statement-breakpoint
CREATE INDEX "bookings_confirmed_end_idx" ON "bookings" USING btree ("end_at") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "medical_spaces_active_rating_idx" ON "medical_spaces" USING btree ("rating_average","created_at","id") WHERE "medical_spaces"."active";