-- The report's active players over a span (decision 0046): each rolled day's bettors as member
-- bitmaps, so a span's distinct bettors are the bits of its days' rows OR-ed per chunk instead of a
-- scan of every bettor's member-days. The days already rolled are filled from the daily statistics;
-- the late-change trigger's function now also adds a late bettor of a rolled day to its bitmap.
CREATE TABLE "daily_merchant_bettors" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"chunk" integer NOT NULL,
	"bettors" bit(4096) NOT NULL,
	CONSTRAINT "daily_merchant_bettors_merchant_id_day_chunk_pk" PRIMARY KEY("merchant_id","day","chunk")
);
--> statement-breakpoint
ALTER TABLE "daily_merchant_bettors" ADD CONSTRAINT "daily_merchant_bettors_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "daily_merchant_bettors" ("merchant_id", "day", "chunk", "bettors")
  SELECT s."merchant_id", s."day", (s."member_id" / 4096)::int,
         bit_or(set_bit(b'0'::bit(4096), (s."member_id" % 4096)::int, 1))
    FROM "daily_member_stats" s
   WHERE s."bets" > 0
     AND s."day" <= (SELECT max(r."day") FROM "daily_merchant_stats" r WHERE r."merchant_id" = s."merchant_id")
   GROUP BY s."merchant_id", s."day", (s."member_id" / 4096)::int;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "daily_merchant_stats_late"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The statement's rows of days already rolled up (a later or the same day of the merchant is), summed
  -- per merchant and day: all of an inserted row, the difference of an updated one.
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT n."merchant_id", n."day", sum(n."bets") AS "bets", sum(n."stake") AS "stake",
             sum(n."valid_stake") AS "valid_stake", sum(n."payout") AS "payout", sum(n."deposits") AS "deposits",
             sum(n."withdrawals") AS "withdrawals", sum(n."bonuses") AS "bonuses", sum(n."adjustments") AS "adjustments"
        FROM "new_rows" n
       WHERE EXISTS (SELECT 1 FROM "daily_merchant_stats" r WHERE r."merchant_id" = n."merchant_id" AND r."day" >= n."day")
       GROUP BY n."merchant_id", n."day"
    )
  INSERT INTO "daily_merchant_stats" AS s
      ("merchant_id", "day", "currency", "bets", "stake", "valid_stake", "payout", "deposits", "withdrawals", "bonuses", "adjustments", "active")
    SELECT d."merchant_id", d."day", m."currency", d."bets", d."stake", d."valid_stake", d."payout", d."deposits",
           d."withdrawals", d."bonuses", d."adjustments",
           (SELECT count(DISTINCT b."member_id") FROM "daily_member_stats" b
             WHERE b."merchant_id" = d."merchant_id" AND b."day" = d."day" AND b."bets" > 0)
      FROM d JOIN "merchants" m ON m."id" = d."merchant_id"
  ON CONFLICT ("merchant_id", "day", "currency") DO UPDATE SET
    "bets" = s."bets" + excluded."bets",
    "stake" = s."stake" + excluded."stake",
    "valid_stake" = s."valid_stake" + excluded."valid_stake",
    "payout" = s."payout" + excluded."payout",
    "deposits" = s."deposits" + excluded."deposits",
    "withdrawals" = s."withdrawals" + excluded."withdrawals",
    "bonuses" = s."bonuses" + excluded."bonuses",
    "adjustments" = s."adjustments" + excluded."adjustments",
    "active" = excluded."active";
  ELSE
    WITH d AS (
      SELECT n."merchant_id", n."day", sum(n."bets" - o."bets") AS "bets", sum(n."stake" - o."stake") AS "stake",
             sum(n."valid_stake" - o."valid_stake") AS "valid_stake", sum(n."payout" - o."payout") AS "payout",
             sum(n."deposits" - o."deposits") AS "deposits", sum(n."withdrawals" - o."withdrawals") AS "withdrawals",
             sum(n."bonuses" - o."bonuses") AS "bonuses", sum(n."adjustments" - o."adjustments") AS "adjustments"
        FROM "new_rows" n
        JOIN "old_rows" o ON o."merchant_id" = n."merchant_id" AND o."member_id" = n."member_id"
                         AND o."day" = n."day" AND o."category" = n."category"
       WHERE EXISTS (SELECT 1 FROM "daily_merchant_stats" r WHERE r."merchant_id" = n."merchant_id" AND r."day" >= n."day")
       GROUP BY n."merchant_id", n."day"
    )
  INSERT INTO "daily_merchant_stats" AS s
      ("merchant_id", "day", "currency", "bets", "stake", "valid_stake", "payout", "deposits", "withdrawals", "bonuses", "adjustments", "active")
    SELECT d."merchant_id", d."day", m."currency", d."bets", d."stake", d."valid_stake", d."payout", d."deposits",
           d."withdrawals", d."bonuses", d."adjustments",
           (SELECT count(DISTINCT b."member_id") FROM "daily_member_stats" b
             WHERE b."merchant_id" = d."merchant_id" AND b."day" = d."day" AND b."bets" > 0)
      FROM d JOIN "merchants" m ON m."id" = d."merchant_id"
  ON CONFLICT ("merchant_id", "day", "currency") DO UPDATE SET
    "bets" = s."bets" + excluded."bets",
    "stake" = s."stake" + excluded."stake",
    "valid_stake" = s."valid_stake" + excluded."valid_stake",
    "payout" = s."payout" + excluded."payout",
    "deposits" = s."deposits" + excluded."deposits",
    "withdrawals" = s."withdrawals" + excluded."withdrawals",
    "bonuses" = s."bonuses" + excluded."bonuses",
    "adjustments" = s."adjustments" + excluded."adjustments",
    "active" = excluded."active";
  END IF;
  -- The statement's bettors of rolled days, into those days' member bitmaps (a member-day's bets only
  -- ever grow, so a bit once set stays).
  INSERT INTO "daily_merchant_bettors" AS b ("merchant_id", "day", "chunk", "bettors")
    SELECT n."merchant_id", n."day", (n."member_id" / 4096)::int,
           bit_or(set_bit(b'0'::bit(4096), (n."member_id" % 4096)::int, 1))
      FROM "new_rows" n
     WHERE n."bets" > 0
       AND EXISTS (SELECT 1 FROM "daily_merchant_stats" r WHERE r."merchant_id" = n."merchant_id" AND r."day" >= n."day")
     GROUP BY n."merchant_id", n."day", (n."member_id" / 4096)::int
  ON CONFLICT ("merchant_id", "day", "chunk") DO UPDATE SET "bettors" = b."bettors" | excluded."bettors";
  RETURN NULL;
END $$;
