CREATE TABLE "crash_bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"stake" bigint NOT NULL,
	"auto_cash_out" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"cash_out" integer,
	"payout" bigint DEFAULT 0 NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"sequence" integer NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"crash_point" integer NOT NULL,
	"betting_opens_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"crashes_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "crash_rounds_sequence_unique" UNIQUE("sequence")
);
--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_round_id_crash_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."crash_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_round_member_idx" ON "crash_bets" USING btree ("round_id","member_id");