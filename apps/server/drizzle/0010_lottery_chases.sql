CREATE TABLE "lottery_chases" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"issues" integer NOT NULL,
	"stop_on_win" boolean NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD COLUMN "chase_id" integer;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_chase_id_lottery_chases_id_fk" FOREIGN KEY ("chase_id") REFERENCES "public"."lottery_chases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_bets_chase_idx" ON "lottery_bets" USING btree ("chase_id");