ALTER TABLE "lottery_draws" ADD COLUMN "entered_result" jsonb;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "entered_by" text;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "confirmed_by" text;