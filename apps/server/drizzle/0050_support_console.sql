CREATE TABLE "support_canned" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"capacity" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "player_read_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "operator_read_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "rating" smallint;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_canned" ADD CONSTRAINT "support_canned_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_notes" ADD CONSTRAINT "support_notes_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_notes" ADD CONSTRAINT "support_notes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_settings" ADD CONSTRAINT "support_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_canned_merchant_idx" ON "support_canned" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "support_notes_conversation_idx" ON "support_notes" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "support_conversations_operator_idx" ON "support_conversations" USING btree ("operator_id") WHERE "support_conversations"."state" = 'taken';--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_rating" CHECK ("support_conversations"."rating" between 1 and 5);