CREATE TABLE "marketplaces" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplaces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"website" text NOT NULL,
	"market_id" text,
	"market_url" text,
	"gateway_type" text,
	"image" text,
	"is_linked" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "marketplaces_version_check" CHECK ("marketplaces"."version" >= 1)
);
--> statement-breakpoint
CREATE INDEX "marketplaces_name_ar_idx" ON "marketplaces" USING btree (translate("name_ar", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "marketplaces_name_en_idx" ON "marketplaces" USING btree (translate("name_en", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "marketplaces_created_at_idx" ON "marketplaces" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "marketplaces_is_active_idx" ON "marketplaces" USING btree ("is_active","id");