CREATE TABLE "lottery_favourites" (
	"member_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_favourites_member_id_game_code_pk" PRIMARY KEY("member_id","game_code")
);
--> statement-breakpoint
ALTER TABLE "lottery_favourites" ADD CONSTRAINT "lottery_favourites_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_favourites" ADD CONSTRAINT "lottery_favourites_game_code_lottery_games_code_fk" FOREIGN KEY ("game_code") REFERENCES "public"."lottery_games"("code") ON DELETE no action ON UPDATE no action;