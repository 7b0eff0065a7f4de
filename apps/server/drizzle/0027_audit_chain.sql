-- Hand-edited for the data conversion drizzle cannot express: the audit lines written before the
-- chain existed get their hashes in id order (the same expression as platform/audit.ts), and only
-- then do the columns become NOT NULL.
ALTER TABLE "operator_audit" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "hash" text;--> statement-breakpoint
DO $$
DECLARE
  r record;
  prev text := '';
BEGIN
  FOR r IN SELECT id FROM operator_audit ORDER BY id LOOP
    UPDATE operator_audit a
      SET prev_hash = prev,
          hash = encode(sha256(convert_to(jsonb_build_array(prev, extract(epoch from a.at)::text, a.operator, a.action, a.merchant_id, a.target, a.reason, a.details)::text, 'UTF8')), 'hex')
      WHERE a.id = r.id
      RETURNING a.hash INTO prev;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "operator_audit" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_audit" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_audit_prev_hash_idx" ON "operator_audit" USING btree ("prev_hash");--> statement-breakpoint
CREATE INDEX "operator_audit_operator_idx" ON "operator_audit" USING btree ("operator","id");--> statement-breakpoint
CREATE INDEX "operator_audit_action_idx" ON "operator_audit" USING btree ("action","id");
