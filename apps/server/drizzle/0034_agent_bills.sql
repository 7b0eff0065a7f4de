CREATE TABLE "agent_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"contract_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"payer_id" integer,
	"team_turnover" bigint NOT NULL,
	"team_loss" bigint NOT NULL,
	"active_members" integer NOT NULL,
	"carried_in" bigint DEFAULT 0 NOT NULL,
	"carried_out" bigint DEFAULT 0 NOT NULL,
	"tier" smallint,
	"ratio_bp" integer NOT NULL,
	"base" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"downline_amount" bigint DEFAULT 0 NOT NULL,
	"downline_paid" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"settled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_commission_lines" (
	"bill_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"level" integer NOT NULL,
	"via_id" integer,
	"turnover" bigint NOT NULL,
	"loss" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "agent_commission_lines_bill_id_member_id_pk" PRIMARY KEY("bill_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "agent_bills" ADD CONSTRAINT "agent_bills_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_bills" ADD CONSTRAINT "agent_bills_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_bills" ADD CONSTRAINT "agent_bills_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_bills" ADD CONSTRAINT "agent_bills_payer_id_members_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commission_lines" ADD CONSTRAINT "agent_commission_lines_bill_id_agent_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."agent_bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_bills_contract_period_uq" ON "agent_bills" USING btree ("contract_id","period");--> statement-breakpoint
CREATE INDEX "agent_bills_member_idx" ON "agent_bills" USING btree ("member_id","period_end");--> statement-breakpoint
CREATE INDEX "agent_bills_period_idx" ON "agent_bills" USING btree ("merchant_id","kind","period");--> statement-breakpoint
CREATE INDEX "agent_bills_unpaid_idx" ON "agent_bills" USING btree ("payer_id") WHERE "agent_bills"."paid" < "agent_bills"."amount";