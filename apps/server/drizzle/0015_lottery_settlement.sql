DROP INDEX "lottery_bets_pending_idx";--> statement-breakpoint
DROP INDEX "lottery_bets_draw_idx";--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lottery_draws_unpaid_idx" ON "lottery_draws" USING btree ("draw_at") WHERE "lottery_draws"."status" in ('drawn', 'cancelled') and "lottery_draws"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "lottery_bets_draw_idx" ON "lottery_bets" USING btree ("draw_id","id");--> statement-breakpoint
-- Settling a ticket changes no indexed column: with room on its page, the update is HOT.
ALTER TABLE "lottery_bets" SET (fillfactor = 50);--> statement-breakpoint
-- Tickets a stopped chase gave back are 'cancelled' now ('refunded' is for a cancelled draw): a draw's
-- payout pays its refunded tickets, and must not pay these a second time.
UPDATE "lottery_bets" b SET "status" = 'cancelled'
  WHERE b."status" = 'refunded' AND b."chase_id" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "lottery_draws" d WHERE d."id" = b."draw_id" AND d."status" <> 'cancelled');--> statement-breakpoint
-- Draws settled by the per-batch payouts of before are paid.
UPDATE "lottery_draws" d SET "paid_at" = coalesce(d."settled_at", now())
  WHERE d."status" = 'settled'
     OR (d."status" = 'cancelled' AND NOT EXISTS (SELECT 1 FROM "lottery_bets" b WHERE b."draw_id" = d."id" AND b."status" = 'pending'));
