CREATE TABLE "referral_codes" (
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_member_id_pk" PRIMARY KEY("member_id")
);
--> statement-breakpoint
CREATE TABLE "referral_programs" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"min_deposit" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"wagering_multiple" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"friend_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"referrer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reward" bigint,
	"ledger_transaction_id" bigint,
	"rewarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"name" jsonb NOT NULL,
	"min_valid_bets" bigint DEFAULT 0 NOT NULL,
	"min_deposits" bigint DEFAULT 0 NOT NULL,
	"upgrade_bonus" bigint DEFAULT 0 NOT NULL,
	"wagering_multiple" integer DEFAULT 0 NOT NULL,
	"privileges" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_upgrades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"rank" integer NOT NULL,
	"amount" bigint NOT NULL,
	"ledger_transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_programs" ADD CONSTRAINT "referral_programs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_levels" ADD CONSTRAINT "vip_levels_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_upgrades" ADD CONSTRAINT "vip_upgrades_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_merchant_code_uq" ON "referral_codes" USING btree ("merchant_id",lower("code"));--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "referrals_unpaid_idx" ON "referrals" USING btree ("merchant_id") WHERE "referrals"."rewarded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "vip_levels_merchant_rank_uq" ON "vip_levels" USING btree ("merchant_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_upgrades_member_rank_uq" ON "vip_upgrades" USING btree ("member_id","rank");