CREATE TABLE "leaderboard_refreshes" (
	"board_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"members" integer NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leaderboard_refreshes_board_id_period_key_pk" PRIMARY KEY("board_id","period_key")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_standings" (
	"board_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"member_id" bigint NOT NULL,
	"score" bigint NOT NULL,
	"bets" bigint NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "leaderboard_standings_board_id_period_key_member_id_pk" PRIMARY KEY("board_id","period_key","member_id"),
	CONSTRAINT "leaderboard_standings_rank_positive" CHECK ("leaderboard_standings"."rank" > 0)
);
--> statement-breakpoint
CREATE TABLE "leaderboards" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"period" text NOT NULL,
	"category" text,
	"prizes" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leaderboard_refreshes" ADD CONSTRAINT "leaderboard_refreshes_board_id_leaderboards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."leaderboards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_standings" ADD CONSTRAINT "leaderboard_standings_board_id_leaderboards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."leaderboards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboards" ADD CONSTRAINT "leaderboards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_standings_order_idx" ON "leaderboard_standings" USING btree ("board_id","period_key","score","bets");--> statement-breakpoint
CREATE INDEX "leaderboard_standings_rank_idx" ON "leaderboard_standings" USING btree ("board_id","period_key","rank");--> statement-breakpoint
CREATE INDEX "leaderboards_merchant_idx" ON "leaderboards" USING btree ("merchant_id","id");