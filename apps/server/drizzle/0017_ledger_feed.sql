CREATE TABLE "daily_member_stats" (
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	"valid_stake" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"bonuses" bigint DEFAULT 0 NOT NULL,
	"adjustments" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_member_stats_merchant_id_member_id_day_category_pk" PRIMARY KEY("merchant_id","member_id","day","category")
);
--> statement-breakpoint
CREATE TABLE "ledger_feed_cursors" (
	"consumer" text PRIMARY KEY NOT NULL,
	"xact" bigint DEFAULT 0 NOT NULL,
	"transaction_id" bigint DEFAULT 0 NOT NULL,
	"consumed" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "xact" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_member_stats" ADD CONSTRAINT "daily_member_stats_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_transactions_feed_idx" ON "ledger_transactions" USING btree ("xact","id");--> statement-breakpoint
-- The merchant's time zone moves from its money rules to the merchant itself.
UPDATE "merchants" SET "time_zone" = ps."time_zone" FROM "payment_settings" ps WHERE ps."merchant_id" = "merchants"."id";--> statement-breakpoint
ALTER TABLE "payment_settings" DROP COLUMN "time_zone";