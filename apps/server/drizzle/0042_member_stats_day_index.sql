DROP INDEX "daily_member_stats_bettors_idx";--> statement-breakpoint
CREATE INDEX "daily_member_stats_day_idx" ON "daily_member_stats" USING btree ("merchant_id","day","member_id","bets");