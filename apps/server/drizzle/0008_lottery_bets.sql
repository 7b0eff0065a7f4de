CREATE TABLE "lottery_bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"draw_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"issue" text NOT NULL,
	"play_type" text NOT NULL,
	"selection" jsonb NOT NULL,
	"unit" integer NOT NULL,
	"multiple" integer NOT NULL,
	"bet_count" integer NOT NULL,
	"amount" bigint NOT NULL,
	"prize_mode" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"request_id" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_bets_draw_idx" ON "lottery_bets" USING btree ("draw_id","status","id");--> statement-breakpoint
CREATE INDEX "lottery_bets_pending_idx" ON "lottery_bets" USING btree ("draw_id") WHERE "lottery_bets"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "lottery_bets_member_idx" ON "lottery_bets" USING btree ("member_id","placed_at");--> statement-breakpoint
CREATE INDEX "lottery_bets_slip_idx" ON "lottery_bets" USING btree ("member_id","request_id");