-- Hand-written data move (drizzle-kit cannot express it): each daily wager limit becomes the member's
-- responsible-gaming wager limit of a day, and the gate's row keeps what that day had counted.
INSERT INTO "rg_limits" ("member_id", "kind", "period", "amount") SELECT "member_id", 'wager', 'day', "daily_limit" FROM "wager_limits" ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "stake_limits" ("member_id", "day", "wager_day", "wager_day_limit") SELECT "member_id", "day", "used", "daily_limit" FROM "wager_limits" ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP TABLE "wager_limits" CASCADE;
