CREATE TABLE "member_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"operator" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_logins" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_logins" ADD COLUMN "device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_restrictions" ADD COLUMN "can_login" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notes_member_idx" ON "member_notes" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_logins_ip_idx" ON "member_logins" USING btree ("ip","member_id");--> statement-breakpoint
CREATE INDEX "member_logins_device_idx" ON "member_logins" USING btree ("device","member_id") WHERE "member_logins"."device" <> '';--> statement-breakpoint
CREATE INDEX "withdrawal_accounts_payee_idx" ON "withdrawal_accounts" USING btree ("merchant_id","kind","number");