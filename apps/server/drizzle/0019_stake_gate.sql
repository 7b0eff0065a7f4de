CREATE TABLE "member_restrictions" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"can_play" boolean DEFAULT true NOT NULL,
	"can_deposit" boolean DEFAULT true NOT NULL,
	"can_withdraw" boolean DEFAULT true NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wager_limits" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"daily_limit" bigint NOT NULL,
	"day" text DEFAULT '' NOT NULL,
	"used" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_restrictions" ADD CONSTRAINT "member_restrictions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wager_limits" ADD CONSTRAINT "wager_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;