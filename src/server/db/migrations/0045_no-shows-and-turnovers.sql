-- No-shows and turnovers (src/shared/stays.ts): a listing may require check-in (copied onto each booking as it is held),
-- its owner may then mark a renter who did not check in a no-show, which the renter may dispute; both sides attest the
-- room's state on the listing's turnover checklist, kept in booking_turnovers.
CREATE TABLE "booking_turnovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"items" jsonb NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_turnovers_role_check" CHECK ("booking_turnovers"."role" in ('renter', 'owner')),
	CONSTRAINT "booking_turnovers_items_check" CHECK (jsonb_typeof("items") = 'array' and jsonb_array_length("items") between 1 and 10),
	CONSTRAINT "booking_turnovers_note_check" CHECK ("note" is null or length("note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requires_check_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_dispute_reason" text;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "requires_check_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD COLUMN "turnover_checklist" text[] DEFAULT array['Surfaces disinfected', 'Sharps container below the fill line']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_turnovers" ADD CONSTRAINT "booking_turnovers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_turnovers" ADD CONSTRAINT "booking_turnovers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_turnovers_booking_id_idx" ON "booking_turnovers" USING btree ("booking_id","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_show_check" CHECK ("bookings"."no_show_marked_at" is null or ("bookings"."requires_check_in" and "bookings"."checked_in_at" is null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_show_dispute_check" CHECK (("no_show_disputed_at" is null and "no_show_dispute_reason" is null) or ("no_show_marked_at" is not null and "no_show_disputed_at" is not null and length("no_show_dispute_reason") between 1 and 2000));--> statement-breakpoint
ALTER TABLE "medical_spaces" ADD CONSTRAINT "medical_spaces_turnover_checklist_check" CHECK (cardinality("turnover_checklist") <= 10);