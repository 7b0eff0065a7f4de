CREATE TABLE "inbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"audience" text NOT NULL,
	"merchant_id" integer,
	"member_id" integer,
	"min_rank" integer,
	"agent_id" integer,
	"country_dialing_code" text,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"announced_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_receipts" (
	"message_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "inbox_receipts_message_id_member_id_pk" PRIMARY KEY("message_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_receipts" ADD CONSTRAINT "inbox_receipts_message_id_inbox_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inbox_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_receipts" ADD CONSTRAINT "inbox_receipts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_messages_member_idx" ON "inbox_messages" USING btree ("member_id","publish_at") WHERE "inbox_messages"."audience" = 'member';--> statement-breakpoint
CREATE INDEX "inbox_messages_segment_idx" ON "inbox_messages" USING btree ("merchant_id","publish_at") WHERE "inbox_messages"."audience" <> 'member';--> statement-breakpoint
CREATE INDEX "inbox_messages_unannounced_idx" ON "inbox_messages" USING btree ("publish_at") WHERE "inbox_messages"."announced_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_messages_dedupe_uq" ON "inbox_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "inbox_receipts_member_idx" ON "inbox_receipts" USING btree ("member_id");