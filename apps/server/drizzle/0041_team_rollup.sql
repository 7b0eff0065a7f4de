CREATE TABLE "agent_team_daily" (
	"ancestor_id" integer NOT NULL,
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"new_members" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"depositors" integer DEFAULT 0 NOT NULL,
	"valid_stake" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"bonuses" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_team_daily_ancestor_id_day_pk" PRIMARY KEY("ancestor_id","day")
);
--> statement-breakpoint
CREATE TABLE "agent_team_daily_bits" (
	"ancestor_id" integer NOT NULL,
	"day" date NOT NULL,
	"chunk" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"active" bit(4096) NOT NULL,
	"depositors" bit(4096) NOT NULL,
	CONSTRAINT "agent_team_daily_bits_ancestor_id_day_chunk_pk" PRIMARY KEY("ancestor_id","day","chunk")
);
--> statement-breakpoint
CREATE TABLE "agent_team_rollups" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"fingerprint" text NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_team_rollups_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);
--> statement-breakpoint
ALTER TABLE "agent_team_daily" ADD CONSTRAINT "agent_team_daily_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_team_rollups" ADD CONSTRAINT "agent_team_rollups_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_team_daily_merchant_day_idx" ON "agent_team_daily" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE INDEX "agent_team_daily_bits_merchant_day_idx" ON "agent_team_daily_bits" USING btree ("merchant_id","day");--> statement-breakpoint
-- The team overview's live part (decision 0036): today's statistics rows of a merchant, and the members who joined today, found by the day.
CREATE INDEX "daily_member_stats_merchant_day_idx" ON "daily_member_stats" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE INDEX "members_merchant_created_idx" ON "members" USING btree ("merchant_id","created_at");--> statement-breakpoint
-- A member moved to another upline changes the teams of the days its subtree played or joined: those days of its merchant are no
-- longer rolled up (read live until the team-rollup job rolls them again).
CREATE FUNCTION "agent_team_rollup_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "agent_team_rollups" r
   WHERE r."merchant_id" = NEW."merchant_id"
     AND (r."day" IN (SELECT s."day" FROM "member_tree" t JOIN "daily_member_stats" s ON s."merchant_id" = NEW."merchant_id" AND s."member_id" = t."descendant_id"
                       WHERE t."ancestor_id" = NEW."id")
       OR r."day" IN (SELECT (m."created_at" AT TIME ZONE x."time_zone")::date FROM "member_tree" t
                        JOIN "members" m ON m."id" = t."descendant_id" JOIN "merchants" x ON x."id" = m."merchant_id"
                       WHERE t."ancestor_id" = NEW."id"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_team_rollup_move" AFTER UPDATE OF "upline_id" ON "members" FOR EACH ROW
  WHEN (OLD."upline_id" IS DISTINCT FROM NEW."upline_id") EXECUTE FUNCTION "agent_team_rollup_moved"();
