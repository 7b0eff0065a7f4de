-- Decision 0019: XOF amounts move from centimes (two decimals were assumed) to whole francs (ISO 4217
-- exponent 0). Hand-written: a data conversion drizzle cannot express. No money is created or lost:
-- every XOF ledger entry's balance_after becomes ceil(old / 100) (a player's sub-franc remainder is
-- rounded up, never away), the entry's amount the difference of successive balances, and what a
-- movement no longer sums to goes to the merchant's house rounding account `rounding#0` in an entry of
-- that same movement. So every movement still sums to zero and every balance is still the sum of its
-- entries (the ledger invariant, checked by the migration test before and after).
INSERT INTO "ledger_accounts" ("merchant_id", "member_id", "kind", "currency", "house")
SELECT DISTINCT "merchant_id", NULL::bigint, 'rounding#0', 'XOF', 1 FROM "ledger_accounts" WHERE "currency" = 'XOF'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TEMP TABLE "xof_entries" AS
SELECT e."id", e."transaction_id", e."account_id",
       ceil(e."balance_after"::numeric / 100)::bigint AS "balance_after",
       ceil(e."balance_after"::numeric / 100)::bigint
         - coalesce(lag(ceil(e."balance_after"::numeric / 100)::bigint) OVER (PARTITION BY e."account_id" ORDER BY e."id"), 0) AS "amount"
FROM "ledger_entries" e
JOIN "ledger_accounts" a ON a."id" = e."account_id"
WHERE a."currency" = 'XOF' AND a."kind" <> 'rounding#0';
--> statement-breakpoint
UPDATE "ledger_entries" e SET "amount" = x."amount", "balance_after" = x."balance_after"
FROM "xof_entries" x WHERE e."id" = x."id";
--> statement-breakpoint
INSERT INTO "ledger_entries" ("transaction_id", "account_id", "amount", "balance_after")
SELECT d."transaction_id", r."id", -d."total",
       r."balance" + sum(-d."total") OVER (PARTITION BY r."id" ORDER BY d."transaction_id")
FROM (SELECT "transaction_id", sum("amount") AS "total" FROM "xof_entries" GROUP BY "transaction_id" HAVING sum("amount") <> 0) d
JOIN "ledger_transactions" t ON t."id" = d."transaction_id"
JOIN "ledger_accounts" r ON r."merchant_id" = t."merchant_id" AND r."member_id" IS NULL AND r."kind" = 'rounding#0'
ORDER BY d."transaction_id";
--> statement-breakpoint
DROP TABLE "xof_entries";
--> statement-breakpoint
UPDATE "ledger_accounts" SET
  "balance" = ceil("balance"::numeric / 100)::bigint,
  "wagering_required" = round("wagering_required"::numeric / 100)::bigint,
  "wagered" = round("wagered"::numeric / 100)::bigint
WHERE "currency" = 'XOF' AND "kind" <> 'rounding#0';
--> statement-breakpoint
UPDATE "ledger_accounts" r SET "balance" = coalesce((SELECT sum(e."amount") FROM "ledger_entries" e WHERE e."account_id" = r."id"), 0)
WHERE r."currency" = 'XOF' AND r."kind" = 'rounding#0';
--> statement-breakpoint
-- A lottery ticket's unit is minor units per price unit: 1 F CFA was 100 centimes, now 1 franc. A
-- pending ticket whose unit and multiple make a sub-franc stake cannot be settled in whole francs: the
-- migration stops so the operator settles or refunds it first (none can be placed once this has run).
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "lottery_bets" b JOIN "merchants" m ON m."id" = b."merchant_id"
    WHERE m."currency" = 'XOF' AND b."status" = 'pending' AND (b."unit" * b."multiple") % 100 <> 0
  ) THEN
    RAISE EXCEPTION 'pending XOF lottery tickets with a sub-franc stake: settle or refund them before converting XOF to whole francs';
  END IF;
END $$;
--> statement-breakpoint
UPDATE "lottery_bets" b SET
  "unit" = CASE WHEN b."unit" % 100 = 0 THEN b."unit" / 100 WHEN (b."unit" * b."multiple") % 100 = 0 THEN 1 ELSE b."unit" END,
  "multiple" = CASE WHEN b."unit" % 100 = 0 THEN b."multiple" WHEN (b."unit" * b."multiple") % 100 = 0 THEN b."unit" * b."multiple" / 100 ELSE b."multiple" END,
  "amount" = round(b."amount"::numeric / 100)::bigint,
  "payout" = round(b."payout"::numeric / 100)::bigint
FROM "merchants" m WHERE m."id" = b."merchant_id" AND m."currency" = 'XOF';
--> statement-breakpoint
-- Records and settings: amounts of XOF rows to whole francs, rounded to the nearest (the ledger above
-- is the exact account of the money; these describe it). Caps of exposure round up, to stay on the safe side.
UPDATE "lottery_number_exposure" x SET "payout" = ceil(x."payout"::numeric / 100)::bigint
FROM "merchants" m WHERE m."id" = x."merchant_id" AND m."currency" = 'XOF';
--> statement-breakpoint
UPDATE "lottery_settings" s SET "number_cap" = round(s."number_cap"::numeric / 100)::bigint, "draw_cap" = round(s."draw_cap"::numeric / 100)::bigint
FROM "merchants" m WHERE m."id" = s."merchant_id" AND m."currency" = 'XOF';
--> statement-breakpoint
UPDATE "crash_bets" b SET "stake" = round(b."stake"::numeric / 100)::bigint, "payout" = round(b."payout"::numeric / 100)::bigint
FROM "members" mb JOIN "merchants" m ON m."id" = mb."merchant_id" WHERE mb."id" = b."member_id" AND m."currency" = 'XOF';
--> statement-breakpoint
UPDATE "payment_settings" s SET
  "withdraw_min" = round(s."withdraw_min"::numeric / 100)::bigint,
  "withdraw_max" = round(s."withdraw_max"::numeric / 100)::bigint,
  "withdraw_daily_amount" = round(s."withdraw_daily_amount"::numeric / 100)::bigint
FROM "merchants" m WHERE m."id" = s."merchant_id" AND m."currency" = 'XOF';
--> statement-breakpoint
UPDATE "payment_channels" SET
  "min_amount" = round("min_amount"::numeric / 100)::bigint,
  "max_amount" = round("max_amount"::numeric / 100)::bigint,
  "fee_fixed" = round("fee_fixed"::numeric / 100)::bigint
WHERE "currency" = 'XOF';
--> statement-breakpoint
UPDATE "deposits" SET "amount" = round("amount"::numeric / 100)::bigint, "fee" = round("fee"::numeric / 100)::bigint WHERE "currency" = 'XOF';
--> statement-breakpoint
UPDATE "sandbox_payments" SET "amount" = round("amount"::numeric / 100)::bigint WHERE "currency" = 'XOF';
--> statement-breakpoint
UPDATE "withdrawals" SET
  "amount" = round("amount"::numeric / 100)::bigint,
  "received_amount" = round("received_amount"::numeric / 100)::bigint,
  "remaining_amount" = round("remaining_amount"::numeric / 100)::bigint
WHERE "currency" = 'XOF';
--> statement-breakpoint
UPDATE "provider_transactions" t SET "amount" = round(t."amount"::numeric / 100)::bigint
FROM "merchants" m WHERE m."id" = t."merchant_id" AND m."currency" = 'XOF';
--> statement-breakpoint
UPDATE "game_rounds" r SET "stake" = round(r."stake"::numeric / 100)::bigint, "win" = round(r."win"::numeric / 100)::bigint
FROM "merchants" m WHERE m."id" = r."merchant_id" AND m."currency" = 'XOF';
--> statement-breakpoint
UPDATE "daily_member_stats" s SET
  "stake" = round(s."stake"::numeric / 100)::bigint,
  "valid_stake" = round(s."valid_stake"::numeric / 100)::bigint,
  "payout" = round(s."payout"::numeric / 100)::bigint
FROM "merchants" m WHERE m."id" = s."merchant_id" AND m."currency" = 'XOF';
--> statement-breakpoint
UPDATE "stake_limits" s SET
  "wager_day" = round(s."wager_day"::numeric / 100)::bigint,
  "wager_week" = round(s."wager_week"::numeric / 100)::bigint,
  "wager_month" = round(s."wager_month"::numeric / 100)::bigint,
  "loss_day" = round(s."loss_day"::numeric / 100)::bigint,
  "loss_week" = round(s."loss_week"::numeric / 100)::bigint,
  "loss_month" = round(s."loss_month"::numeric / 100)::bigint,
  "wager_day_limit" = round(s."wager_day_limit"::numeric / 100)::bigint,
  "wager_week_limit" = round(s."wager_week_limit"::numeric / 100)::bigint,
  "wager_month_limit" = round(s."wager_month_limit"::numeric / 100)::bigint,
  "loss_day_limit" = round(s."loss_day_limit"::numeric / 100)::bigint,
  "loss_week_limit" = round(s."loss_week_limit"::numeric / 100)::bigint,
  "loss_month_limit" = round(s."loss_month_limit"::numeric / 100)::bigint
FROM "members" mb JOIN "merchants" m ON m."id" = mb."merchant_id" WHERE mb."id" = s."member_id" AND m."currency" = 'XOF';
--> statement-breakpoint
UPDATE "rg_limits" l SET "amount" = round(l."amount"::numeric / 100)::bigint, "pending_amount" = round(l."pending_amount"::numeric / 100)::bigint
FROM "members" mb JOIN "merchants" m ON m."id" = mb."merchant_id" WHERE mb."id" = l."member_id" AND m."currency" = 'XOF' AND l."kind" <> 'session';
--> statement-breakpoint
UPDATE "rg_limit_events" l SET "amount" = round(l."amount"::numeric / 100)::bigint
FROM "members" mb JOIN "merchants" m ON m."id" = mb."merchant_id" WHERE mb."id" = l."member_id" AND m."currency" = 'XOF' AND l."kind" <> 'session';
--> statement-breakpoint
UPDATE "wagering_obligations" w SET
  "bonus_amount" = round(w."bonus_amount"::numeric / 100)::bigint,
  "required" = round(w."required"::numeric / 100)::bigint,
  "wagered" = round(w."wagered"::numeric / 100)::bigint,
  "max_bet" = round(w."max_bet"::numeric / 100)::bigint
FROM "merchants" m WHERE m."id" = w."merchant_id" AND m."currency" = 'XOF';
