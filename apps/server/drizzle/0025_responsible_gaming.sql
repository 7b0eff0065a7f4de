CREATE TABLE "rg_exclusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"jurisdiction" text NOT NULL,
	"email" text,
	"mobile" text,
	"id_number" text
);
--> statement-breakpoint
CREATE TABLE "rg_limit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"action" text NOT NULL,
	"amount" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_limits" (
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"pending_amount" bigint,
	"pending_remove" boolean DEFAULT false NOT NULL,
	"pending_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_limits_member_id_kind_period_pk" PRIMARY KEY("member_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "rg_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"cooling_hours" integer DEFAULT 24 NOT NULL,
	"help_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stake_limits" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"day" text DEFAULT '' NOT NULL,
	"week" text DEFAULT '' NOT NULL,
	"month" text DEFAULT '' NOT NULL,
	"wager_day" bigint DEFAULT 0 NOT NULL,
	"wager_week" bigint DEFAULT 0 NOT NULL,
	"wager_month" bigint DEFAULT 0 NOT NULL,
	"loss_day" bigint DEFAULT 0 NOT NULL,
	"loss_week" bigint DEFAULT 0 NOT NULL,
	"loss_month" bigint DEFAULT 0 NOT NULL,
	"wager_day_limit" bigint,
	"wager_week_limit" bigint,
	"wager_month_limit" bigint,
	"loss_day_limit" bigint,
	"loss_week_limit" bigint,
	"loss_month_limit" bigint,
	"excluded_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rg_exclusions" ADD CONSTRAINT "rg_exclusions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_exclusions" ADD CONSTRAINT "rg_exclusions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_limit_events" ADD CONSTRAINT "rg_limit_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_limits" ADD CONSTRAINT "rg_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_settings" ADD CONSTRAINT "rg_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stake_limits" ADD CONSTRAINT "stake_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rg_exclusions_member_idx" ON "rg_exclusions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "rg_exclusions_email_idx" ON "rg_exclusions" USING btree ("jurisdiction","email");--> statement-breakpoint
CREATE INDEX "rg_exclusions_mobile_idx" ON "rg_exclusions" USING btree ("jurisdiction","mobile");--> statement-breakpoint
CREATE INDEX "rg_exclusions_id_number_idx" ON "rg_exclusions" USING btree ("jurisdiction","id_number");--> statement-breakpoint
CREATE INDEX "rg_limit_events_member_idx" ON "rg_limit_events" USING btree ("member_id","at");