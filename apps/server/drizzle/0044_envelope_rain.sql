CREATE TABLE "envelope_opens" (
	"round_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"idx" integer NOT NULL,
	"amount" bigint NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "envelope_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"budget" bigint NOT NULL,
	"count" integer NOT NULL,
	"min_amount" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "envelope_rounds_opened_within" CHECK ("envelope_rounds"."opened" >= 0 and "envelope_rounds"."opened" <= "envelope_rounds"."count"),
	CONSTRAINT "envelope_rounds_paid_within" CHECK ("envelope_rounds"."paid" >= 0 and "envelope_rounds"."paid" <= "envelope_rounds"."budget"),
	CONSTRAINT "envelope_rounds_window" CHECK ("envelope_rounds"."ends_at" > "envelope_rounds"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "envelope_opens" ADD CONSTRAINT "envelope_opens_round_id_envelope_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."envelope_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelope_rounds" ADD CONSTRAINT "envelope_rounds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "envelope_opens_member_uq" ON "envelope_opens" USING btree ("round_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "envelope_opens_idx_uq" ON "envelope_opens" USING btree ("round_id","idx");--> statement-breakpoint
CREATE INDEX "envelope_rounds_merchant_idx" ON "envelope_rounds" USING btree ("merchant_id","starts_at");