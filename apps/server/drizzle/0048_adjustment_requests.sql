CREATE TABLE "adjustment_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"request_id" text NOT NULL,
	"maker_id" integer NOT NULL,
	"maker" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checker_id" integer,
	"checker" text,
	"checker_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"ledger_transaction_id" bigint,
	CONSTRAINT "adjustment_requests_status_ck" CHECK ("adjustment_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "adjustment_requests_amount_ck" CHECK ("adjustment_requests"."amount" <> 0),
	CONSTRAINT "adjustment_requests_checker_ck" CHECK ("adjustment_requests"."status" <> 'approved' or "adjustment_requests"."checker_id" <> "adjustment_requests"."maker_id")
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "adjustment_threshold" bigint;--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_maker_id_operators_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_checker_id_operators_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adjustment_requests_merchant_request_uq" ON "adjustment_requests" USING btree ("merchant_id","request_id");--> statement-breakpoint
CREATE INDEX "adjustment_requests_merchant_status_idx" ON "adjustment_requests" USING btree ("merchant_id","status","id");--> statement-breakpoint
CREATE INDEX "adjustment_requests_member_idx" ON "adjustment_requests" USING btree ("member_id","id");