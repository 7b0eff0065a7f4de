-- The late changes to days already rolled into daily_merchant_stats, once per statement instead of
-- once per row: the statistics consumer writes a batch's member rows in one upsert, and a trigger per
-- row ran a function and a query for each of them, on every batch, for days that are almost never
-- rolled yet (today). Now an insert and an update statement each run the function once, with the
-- statement's rows as transition tables: the figures' differences are summed per merchant and day for
-- the rolled days only, and those days' bettors are counted again from the member rows (exact, also
-- when one statement makes a member a bettor in two categories at once, which the per-row count missed).
DROP TRIGGER "daily_merchant_stats_late" ON "daily_member_stats";--> statement-breakpoint
DROP FUNCTION "daily_merchant_stats_late"();--> statement-breakpoint
CREATE FUNCTION "daily_merchant_stats_late"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "daily_merchant_stats_late_insert" AFTER INSERT ON "daily_member_stats"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "daily_merchant_stats_late"();
--> statement-breakpoint
CREATE TRIGGER "daily_merchant_stats_late_update" AFTER UPDATE ON "daily_member_stats"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "daily_merchant_stats_late"();
