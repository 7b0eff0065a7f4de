CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"content" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"answered_by" text,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feedback_images" (
	"feedback_id" integer NOT NULL,
	"n" smallint NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "feedback_images_feedback_id_n_pk" PRIMARY KEY("feedback_id","n")
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_images" ADD CONSTRAINT "feedback_images_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_merchant_idx" ON "feedback" USING btree ("merchant_id","created_at");