CREATE TABLE "agent_levels" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"prize_group" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_tree" (
	"ancestor_id" integer NOT NULL,
	"descendant_id" integer NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "member_tree_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
CREATE TABLE "promo_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"code" text NOT NULL,
	"member_type" smallint NOT NULL,
	"prize_group" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"registrations" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_levels" ADD CONSTRAINT "agent_levels_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_ancestor_id_members_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_descendant_id_members_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_links" ADD CONSTRAINT "promo_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_links" ADD CONSTRAINT "promo_links_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_tree_descendant_idx" ON "member_tree" USING btree ("descendant_id","depth");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_links_merchant_code_uq" ON "promo_links" USING btree ("merchant_id",lower("code"));--> statement-breakpoint
CREATE INDEX "promo_links_agent_idx" ON "promo_links" USING btree ("agent_id");--> statement-breakpoint
-- Hand-written (drizzle-kit has no triggers): the closure follows members.upline_id in the statement
-- that writes it, so the tree agrees with the column whoever inserts or moves a member. Moving a
-- member moves its whole team; a move under its own team or to another merchant is refused.
CREATE FUNCTION "member_tree_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "member_tree" ("ancestor_id", "descendant_id", "depth")
      SELECT NEW."id", NEW."id", 0
      UNION ALL
      SELECT t."ancestor_id", NEW."id", t."depth" + 1 FROM "member_tree" t WHERE t."descendant_id" = NEW."upline_id";
  ELSIF NEW."upline_id" IS DISTINCT FROM OLD."upline_id" THEN
    IF NEW."upline_id" IS NOT NULL AND (
      EXISTS (SELECT 1 FROM "member_tree" WHERE "ancestor_id" = NEW."id" AND "descendant_id" = NEW."upline_id")
      OR NOT EXISTS (SELECT 1 FROM "members" WHERE "id" = NEW."upline_id" AND "merchant_id" = NEW."merchant_id")
    ) THEN
      RAISE EXCEPTION 'member % cannot move under %', NEW."id", NEW."upline_id" USING ERRCODE = 'check_violation';
    END IF;
    DELETE FROM "member_tree" d
     USING "member_tree" s, "member_tree" a
     WHERE s."ancestor_id" = NEW."id" AND d."descendant_id" = s."descendant_id"
       AND a."descendant_id" = NEW."id" AND a."depth" > 0 AND d."ancestor_id" = a."ancestor_id";
    INSERT INTO "member_tree" ("ancestor_id", "descendant_id", "depth")
      SELECT a."ancestor_id", s."descendant_id", a."depth" + s."depth" + 1
        FROM "member_tree" a JOIN "member_tree" s ON s."ancestor_id" = NEW."id"
       WHERE a."descendant_id" = NEW."upline_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "members_tree_insert" AFTER INSERT ON "members" FOR EACH ROW EXECUTE FUNCTION "member_tree_sync"();
--> statement-breakpoint
CREATE TRIGGER "members_tree_move" AFTER UPDATE OF "upline_id" ON "members" FOR EACH ROW EXECUTE FUNCTION "member_tree_sync"();
--> statement-breakpoint
-- Data conversion: the closure of the members that exist already.
INSERT INTO "member_tree" ("ancestor_id", "descendant_id", "depth")
WITH RECURSIVE "chain" ("ancestor_id", "descendant_id", "depth") AS (
  SELECT "id", "id", 0 FROM "members"
  UNION ALL
  SELECT m."upline_id", c."descendant_id", c."depth" + 1 FROM "chain" c JOIN "members" m ON m."id" = c."ancestor_id" WHERE m."upline_id" IS NOT NULL
)
SELECT "ancestor_id", "descendant_id", "depth" FROM "chain";
