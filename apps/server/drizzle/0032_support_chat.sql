CREATE TABLE "support_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"operator_id" integer,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_at" timestamp with time zone,
	"first_answer_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_conversations_state" CHECK ("support_conversations"."state" in ('waiting', 'taken', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "support_images" (
	"conversation_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "support_images_conversation_id_seq_pk" PRIMARY KEY("conversation_id","seq")
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"conversation_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"author" text NOT NULL,
	"operator_id" integer,
	"client_id" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_conversation_id_seq_pk" PRIMARY KEY("conversation_id","seq")
);
--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_images" ADD CONSTRAINT "support_images_conversation_id_seq_support_messages_conversation_id_seq_fk" FOREIGN KEY ("conversation_id","seq") REFERENCES "public"."support_messages"("conversation_id","seq") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_open_member" ON "support_conversations" USING btree ("member_id") WHERE "support_conversations"."state" <> 'closed';--> statement-breakpoint
CREATE INDEX "support_conversations_queue_idx" ON "support_conversations" USING btree ("merchant_id","state","created_at");--> statement-breakpoint
CREATE INDEX "support_conversations_member_idx" ON "support_conversations" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_client_id" ON "support_messages" USING btree ("conversation_id","author","client_id");