CREATE TABLE "rg_reality_checks" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "market" jsonb DEFAULT '{"limitsAtRegistration":"off","identityNumber":null,"birthDate":false,"minimumAge":18,"kycBeforeWithdrawal":false,"inactivityLogoutMinutes":null,"realityCheck":{"minMinutes":5,"maxMinutes":240,"defaultMinutes":60}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rg_reality_checks" ADD CONSTRAINT "rg_reality_checks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_merchant_id_number_uq" ON "members" USING btree ("merchant_id","id_number") WHERE "members"."id_number" is not null;