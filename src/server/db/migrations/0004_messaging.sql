CREATE TABLE "conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"participant_a" uuid NOT NULL,
	"participant_b" uuid NOT NULL,
	"space_id" uuid,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_participants_check" CHECK ("conversations"."participant_a" <> "conversations"."participant_b")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_participant_a_users_id_fk" FOREIGN KEY ("participant_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_participant_b_users_id_fk" FOREIGN KEY ("participant_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_space_id_medical_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."medical_spaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_participant_a_idx" ON "conversations" USING btree ("participant_a","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_participant_b_idx" ON "conversations" USING btree ("participant_b","last_message_at");--> statement-breakpoint
-- Backfill: a conversation for every conversation id already used by a message (participants from its first message).
INSERT INTO "conversations" ("id", "participant_a", "participant_b", "space_id", "last_message_at", "created_at")
SELECT DISTINCT ON ("conversation_id") "conversation_id", "sender_id", "receiver_id", "space_id",
  (SELECT max(m2."created_at") FROM "messages" m2 WHERE m2."conversation_id" = m."conversation_id"), "created_at"
FROM "messages" m
ORDER BY "conversation_id", "created_at"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_receiver_idx" ON "messages" USING btree ("receiver_id","created_at");