CREATE TABLE "vendor_marketplaces" (
	"vendor_id" integer NOT NULL,
	"marketplace_id" integer NOT NULL,
	CONSTRAINT "vendor_marketplaces_vendor_id_marketplace_id_pk" PRIMARY KEY("vendor_id","marketplace_id")
);
--> statement-breakpoint
ALTER TABLE "vendor_marketplaces" ADD CONSTRAINT "vendor_marketplaces_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_marketplaces" ADD CONSTRAINT "vendor_marketplaces_marketplace_id_marketplaces_id_fk" FOREIGN KEY ("marketplace_id") REFERENCES "public"."marketplaces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_marketplaces_marketplace_idx" ON "vendor_marketplaces" USING btree ("marketplace_id","vendor_id");--> statement-breakpoint
-- The marketplaces a vendor's free text named ("Salla, Zid", "سلة، زد"): each comma-separated name,
-- trimmed and compared case-insensitively with a marketplace's Arabic or English name, becomes a row.
INSERT INTO "vendor_marketplaces" ("vendor_id", "marketplace_id")
SELECT DISTINCT v."id", m."id"
FROM "vendors" AS v
CROSS JOIN LATERAL regexp_split_to_table(v."marketplaces", '[,،;]') AS part(name)
JOIN "marketplaces" AS m
  ON lower(btrim(part.name, E' \t\r\n')) IN (lower(btrim(m."name_ar")), lower(btrim(m."name_en")))
WHERE v."marketplaces" IS NOT NULL AND btrim(part.name, E' \t\r\n') <> ''
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The old text stays on record in the audit log (a name no marketplace has is not lost).
INSERT INTO "audit_log" ("admin_id", "action", "resource", "record_id", "changes", "created_at")
SELECT NULL, 'migrateMarketplaces', 'vendors', v."id",
  jsonb_build_object(
    'marketplaces', jsonb_build_object('from', v."marketplaces", 'to', NULL),
    'marketplace_ids', jsonb_build_object('from', NULL, 'to',
      (SELECT coalesce(jsonb_agg(vm."marketplace_id" ORDER BY vm."marketplace_id"), '[]'::jsonb)
       FROM "vendor_marketplaces" AS vm WHERE vm."vendor_id" = v."id"))),
  now()
FROM "vendors" AS v
WHERE v."marketplaces" IS NOT NULL AND btrim(v."marketplaces") <> '';
--> statement-breakpoint
ALTER TABLE "vendors" DROP COLUMN "marketplaces";
