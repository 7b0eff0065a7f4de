CREATE TABLE "mall_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image" text NOT NULL,
	"points" integer NOT NULL,
	"stock" integer NOT NULL,
	"daily_limit" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mall_items_stock_not_negative" CHECK ("mall_items"."stock" >= 0 and "mall_items"."points" > 0 and "mall_items"."daily_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mall_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer,
	"name" jsonb,
	"quantity" integer NOT NULL,
	"points" bigint NOT NULL,
	"cash" bigint,
	"status" text NOT NULL,
	"day" date NOT NULL,
	"address" jsonb,
	"remark" text,
	"tracking_number" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "mall_redemptions_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "points_progress" (
	"merchant_id" integer NOT NULL,
	"member_id" bigint PRIMARY KEY NOT NULL,
	"micro" bigint DEFAULT 0 NOT NULL,
	"credited" bigint DEFAULT 0 NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"bet_rules" jsonb NOT NULL,
	"deposit_unit" bigint DEFAULT 0 NOT NULL,
	"convert_points" integer DEFAULT 0 NOT NULL,
	"convert_cash" bigint DEFAULT 0 NOT NULL,
	"convert_min" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mall_items" ADD CONSTRAINT "mall_items_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_redemptions" ADD CONSTRAINT "mall_redemptions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_redemptions" ADD CONSTRAINT "mall_redemptions_item_id_mall_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."mall_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_progress" ADD CONSTRAINT "points_progress_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_settings" ADD CONSTRAINT "points_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mall_items_merchant_idx" ON "mall_items" USING btree ("merchant_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_redemptions_request_uq" ON "mall_redemptions" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "mall_redemptions_member_idx" ON "mall_redemptions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "mall_redemptions_daily_idx" ON "mall_redemptions" USING btree ("member_id","item_id","day");--> statement-breakpoint
CREATE INDEX "mall_redemptions_queue_idx" ON "mall_redemptions" USING btree ("merchant_id","status","id");