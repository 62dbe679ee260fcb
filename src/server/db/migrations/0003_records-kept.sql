-- Records are kept (docs/decisions/019-records-are-kept.md): deleting a space
-- or a user no longer deletes its bookings, and demo payment amounts are bigint
-- cents (issue "Hardening": money overflow).
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_space_id_medical_spaces_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_renter_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ALTER COLUMN "application_fee_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_space_id_medical_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."medical_spaces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;