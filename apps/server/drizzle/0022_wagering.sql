CREATE TABLE "wagering_obligations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"grant_key" text NOT NULL,
	"title" text NOT NULL,
	"bonus_amount" bigint NOT NULL,
	"required" bigint NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"contributions" jsonb NOT NULL,
	"max_bet" bigint,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "wagering_obligations_progress" CHECK ("wagering_obligations"."wagered" >= 0 and "wagering_obligations"."wagered" <= "wagering_obligations"."required" and "wagering_obligations"."bonus_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "wagering_obligations" ADD CONSTRAINT "wagering_obligations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wagering_obligations_grant_uq" ON "wagering_obligations" USING btree ("merchant_id","grant_key");--> statement-breakpoint
CREATE INDEX "wagering_obligations_active_idx" ON "wagering_obligations" USING btree ("member_id","id") WHERE "wagering_obligations"."status" = 'active';--> statement-breakpoint
CREATE INDEX "wagering_obligations_expiry_idx" ON "wagering_obligations" USING btree ("expires_at") WHERE "wagering_obligations"."status" = 'active';