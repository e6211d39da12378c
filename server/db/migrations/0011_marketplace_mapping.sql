DROP INDEX "marketplace_categories_parent_idx";--> statement-breakpoint
ALTER TABLE "marketplace_categories" ADD COLUMN "depth" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_categories" ADD COLUMN "sort_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_categories" ADD COLUMN "children_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_categories" ADD COLUMN "mapped_category_id" integer;--> statement-breakpoint
ALTER TABLE "marketplace_categories" ADD COLUMN "mapped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_categories" ADD COLUMN "mapped_by" integer;--> statement-breakpoint
ALTER TABLE "marketplace_properties" ADD COLUMN "marketplace_id" integer;--> statement-breakpoint
UPDATE "marketplace_properties" p SET "marketplace_id" = c."marketplace_id" FROM "marketplace_categories" c WHERE c."id" = p."category_id";--> statement-breakpoint
ALTER TABLE "marketplace_properties" ALTER COLUMN "marketplace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_properties" ADD COLUMN "mapped_property_id" integer;--> statement-breakpoint
ALTER TABLE "marketplace_properties" ADD COLUMN "mapped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_properties" ADD COLUMN "mapped_by" integer;--> statement-breakpoint
ALTER TABLE "marketplace_property_values" ADD COLUMN "mapped_value" text;--> statement-breakpoint
-- Trees imported before: siblings in the order of their ids (their first import's), until they are imported again.
UPDATE "marketplace_categories" c SET "children_count" = (SELECT count(*) FROM "marketplace_categories" k WHERE k."parent_id" = c."id");--> statement-breakpoint
WITH RECURSIVE "positioned" AS (
	SELECT "id", "parent_id", lpad((row_number() OVER (PARTITION BY "marketplace_id", "parent_id" ORDER BY "id") - 1)::text, 6, '0') AS "own" FROM "marketplace_categories"
), "tree" AS (
	SELECT "id", 0 AS "depth", "own" AS "sort_key" FROM "positioned" WHERE "parent_id" IS NULL
	UNION ALL
	SELECT p."id", t."depth" + 1, t."sort_key" || p."own" FROM "positioned" p JOIN "tree" t ON p."parent_id" = t."id"
)
UPDATE "marketplace_categories" c SET "depth" = t."depth", "sort_key" = t."sort_key" FROM "tree" t WHERE t."id" = c."id";--> statement-breakpoint
ALTER TABLE "marketplaces" ADD COLUMN "categories_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplaces" ADD COLUMN "categories_mapped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplaces" ADD COLUMN "required_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplaces" ADD COLUMN "required_mapped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "marketplaces" m SET "categories_total" = (SELECT count(*) FROM "marketplace_categories" c WHERE c."marketplace_id" = m."id"), "required_total" = (SELECT count(*) FROM "marketplace_properties" p WHERE p."marketplace_id" = m."id" AND p."required");--> statement-breakpoint
ALTER TABLE "marketplace_categories" ADD CONSTRAINT "marketplace_categories_mapped_category_id_categories_id_fk" FOREIGN KEY ("mapped_category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_categories" ADD CONSTRAINT "marketplace_categories_mapped_by_admins_id_fk" FOREIGN KEY ("mapped_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_properties" ADD CONSTRAINT "marketplace_properties_marketplace_id_marketplaces_id_fk" FOREIGN KEY ("marketplace_id") REFERENCES "public"."marketplaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_properties" ADD CONSTRAINT "marketplace_properties_mapped_property_id_properties_id_fk" FOREIGN KEY ("mapped_property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_properties" ADD CONSTRAINT "marketplace_properties_mapped_by_admins_id_fk" FOREIGN KEY ("mapped_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_categories_tree_idx" ON "marketplace_categories" USING btree ("marketplace_id","sort_key");--> statement-breakpoint
CREATE INDEX "marketplace_categories_unmapped_idx" ON "marketplace_categories" USING btree ("marketplace_id","sort_key") WHERE "marketplace_categories"."mapped_category_id" is null;--> statement-breakpoint
CREATE INDEX "marketplace_categories_mapped_idx" ON "marketplace_categories" USING btree ("marketplace_id","sort_key") WHERE "marketplace_categories"."mapped_category_id" is not null;--> statement-breakpoint
CREATE INDEX "marketplace_categories_leaves_idx" ON "marketplace_categories" USING btree ("marketplace_id","sort_key") WHERE "marketplace_categories"."children_count" = 0;--> statement-breakpoint
CREATE INDEX "marketplace_categories_mapped_category_idx" ON "marketplace_categories" USING btree ("mapped_category_id");--> statement-breakpoint
CREATE INDEX "marketplace_categories_name_ar_trgm_idx" ON "marketplace_categories" USING gin ("name_ar" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marketplace_categories_name_en_trgm_idx" ON "marketplace_categories" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marketplace_properties_required_idx" ON "marketplace_properties" USING btree ("marketplace_id","mapped_property_id") WHERE "marketplace_properties"."required";--> statement-breakpoint
CREATE INDEX "marketplace_properties_mapped_property_idx" ON "marketplace_properties" USING btree ("mapped_property_id");--> statement-breakpoint
CREATE INDEX "marketplace_categories_parent_idx" ON "marketplace_categories" USING btree ("marketplace_id","parent_id","sort_key");