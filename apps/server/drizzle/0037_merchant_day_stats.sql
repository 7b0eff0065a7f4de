CREATE TABLE "daily_merchant_stats" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"bets" bigint DEFAULT 0 NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	"valid_stake" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"bonuses" bigint DEFAULT 0 NOT NULL,
	"adjustments" bigint DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_merchant_stats_merchant_id_day_currency_pk" PRIMARY KEY("merchant_id","day","currency")
);
--> statement-breakpoint
ALTER TABLE "daily_merchant_stats" ADD CONSTRAINT "daily_merchant_stats_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_member_stats_bettors_idx" ON "daily_member_stats" USING btree ("merchant_id","day","member_id") WHERE "daily_member_stats"."bets" > 0;--> statement-breakpoint
-- A change to a member's figures of a day already rolled up into daily_merchant_stats (a movement
-- recorded late) is added to that day's row in the same statement, so the rolled days stay equal to
-- the per-member statistics. Days not rolled up yet cost one index probe.
CREATE FUNCTION "daily_merchant_stats_late"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_bettor boolean := TG_OP = 'UPDATE' AND OLD."bets" > 0;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "daily_merchant_stats" WHERE "merchant_id" = NEW."merchant_id" AND "day" >= NEW."day") THEN
    RETURN NULL;
  END IF;
  INSERT INTO "daily_merchant_stats" AS s
      ("merchant_id", "day", "currency", "bets", "stake", "valid_stake", "payout", "deposits", "withdrawals", "bonuses", "adjustments", "active")
    SELECT NEW."merchant_id", NEW."day", m."currency",
           NEW."bets" - CASE WHEN TG_OP = 'UPDATE' THEN OLD."bets" ELSE 0 END,
           NEW."stake" - CASE WHEN TG_OP = 'UPDATE' THEN OLD."stake" ELSE 0 END,
           NEW."valid_stake" - CASE WHEN TG_OP = 'UPDATE' THEN OLD."valid_stake" ELSE 0 END,
           NEW."payout" - CASE WHEN TG_OP = 'UPDATE' THEN OLD."payout" ELSE 0 END,
           NEW."deposits" - CASE WHEN TG_OP = 'UPDATE' THEN OLD."deposits" ELSE 0 END,
           NEW."withdrawals" - CASE WHEN TG_OP = 'UPDATE' THEN OLD."withdrawals" ELSE 0 END,
           NEW."bonuses" - CASE WHEN TG_OP = 'UPDATE' THEN OLD."bonuses" ELSE 0 END,
           NEW."adjustments" - CASE WHEN TG_OP = 'UPDATE' THEN OLD."adjustments" ELSE 0 END,
           -- A member becomes a bettor of the day with their first bet in any category.
           CASE WHEN NEW."bets" > 0 AND NOT was_bettor AND NOT EXISTS (
             SELECT 1 FROM "daily_member_stats" o
              WHERE o."merchant_id" = NEW."merchant_id" AND o."member_id" = NEW."member_id" AND o."day" = NEW."day"
                AND o."category" <> NEW."category" AND o."bets" > 0) THEN 1 ELSE 0 END
      FROM "merchants" m WHERE m."id" = NEW."merchant_id"
  ON CONFLICT ("merchant_id", "day", "currency") DO UPDATE SET
    "bets" = s."bets" + excluded."bets",
    "stake" = s."stake" + excluded."stake",
    "valid_stake" = s."valid_stake" + excluded."valid_stake",
    "payout" = s."payout" + excluded."payout",
    "deposits" = s."deposits" + excluded."deposits",
    "withdrawals" = s."withdrawals" + excluded."withdrawals",
    "bonuses" = s."bonuses" + excluded."bonuses",
    "adjustments" = s."adjustments" + excluded."adjustments",
    "active" = s."active" + excluded."active";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "daily_merchant_stats_late" AFTER INSERT OR UPDATE ON "daily_member_stats"
  FOR EACH ROW EXECUTE FUNCTION "daily_merchant_stats_late"();
