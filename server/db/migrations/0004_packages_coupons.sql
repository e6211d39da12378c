CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"user_count" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"package_ids" integer[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "coupons_version_check" CHECK ("coupons"."version" >= 1),
	CONSTRAINT "coupons_type_check" CHECK ("coupons"."type" in ('PERCENTAGE', 'FIXED')),
	CONSTRAINT "coupons_value_check" CHECK ("coupons"."value" > 0 and ("coupons"."type" <> 'PERCENTAGE' or "coupons"."value" <= 100)),
	CONSTRAINT "coupons_dates_check" CHECK ("coupons"."valid_to" >= "coupons"."valid_from"),
	CONSTRAINT "coupons_uses_check" CHECK ("coupons"."uses" >= 0 and "coupons"."uses" <= "coupons"."user_count"),
	CONSTRAINT "coupons_user_count_check" CHECK ("coupons"."user_count" >= 1),
	CONSTRAINT "coupons_packages_check" CHECK (cardinality("coupons"."package_ids") >= 1)
);
--> statement-breakpoint
CREATE TABLE "package_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "package_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"singleton" boolean DEFAULT true NOT NULL,
	"vat_percent" numeric(5, 2) NOT NULL,
	"free_trial_days" integer NOT NULL,
	"invoice_prefix" text NOT NULL,
	"seller_name_ar" text NOT NULL,
	"seller_name_en" text NOT NULL,
	"seller_vat_number" text NOT NULL,
	"seller_address" text NOT NULL,
	"bank_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "package_settings_singleton_check" CHECK ("package_settings"."singleton"),
	CONSTRAINT "package_settings_vat_check" CHECK ("package_settings"."vat_percent" between 0 and 100),
	CONSTRAINT "package_settings_trial_days_check" CHECK ("package_settings"."free_trial_days" between 1 and 365),
	CONSTRAINT "package_settings_vat_number_check" CHECK ("package_settings"."seller_vat_number" ~ '^3[0-9]{13}3$'),
	CONSTRAINT "package_settings_bank_accounts_check" CHECK (jsonb_typeof("package_settings"."bank_accounts") = 'array'),
	CONSTRAINT "package_settings_version_check" CHECK ("package_settings"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"short_description_ar" text NOT NULL,
	"short_description_en" text NOT NULL,
	"description_ar" text,
	"description_en" text,
	"price" integer NOT NULL,
	"subscription_type" text NOT NULL,
	"days" integer,
	"package_type" text NOT NULL,
	"limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "packages_version_check" CHECK ("packages"."version" >= 1),
	CONSTRAINT "packages_price_check" CHECK ("packages"."price" >= 0),
	CONSTRAINT "packages_display_order_check" CHECK ("packages"."display_order" >= 0),
	CONSTRAINT "packages_subscription_type_check" CHECK ("packages"."subscription_type" in ('MONTH', 'YEAR', 'DAYS', 'LIFE_TIME')),
	CONSTRAINT "packages_package_type_check" CHECK ("packages"."package_type" in ('FREE_TRIAL', 'STANDARD', 'ELITE')),
	CONSTRAINT "packages_free_trial_price_check" CHECK ("packages"."package_type" <> 'FREE_TRIAL' or "packages"."price" = 0),
	CONSTRAINT "packages_days_check" CHECK (("packages"."days" is null or "packages"."days" between 1 and 3650) and ("packages"."subscription_type" <> 'DAYS' or "packages"."package_type" = 'FREE_TRIAL' or "packages"."days" is not null)),
	CONSTRAINT "packages_limits_object_check" CHECK (jsonb_typeof("packages"."limits") = 'object')
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_amount_check" CHECK ("subscriptions"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "coupons_name_ar_idx" ON "coupons" USING btree (translate("name_ar", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "coupons_name_en_idx" ON "coupons" USING btree (translate("name_en", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "coupons_valid_to_idx" ON "coupons" USING btree ("valid_to","id");--> statement-breakpoint
CREATE INDEX "coupons_created_at_idx" ON "coupons" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "coupons_package_ids_idx" ON "coupons" USING gin ("package_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "package_settings_singleton_unique" ON "package_settings" USING btree ("singleton");--> statement-breakpoint
CREATE INDEX "packages_display_order_idx" ON "packages" USING btree ("display_order","id");--> statement-breakpoint
CREATE INDEX "packages_title_ar_idx" ON "packages" USING btree (translate("title_ar", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "packages_title_en_idx" ON "packages" USING btree (translate("title_en", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "packages_price_idx" ON "packages" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "packages_created_at_idx" ON "packages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_package_id_idx" ON "subscriptions" USING btree ("package_id","status");--> statement-breakpoint
CREATE INDEX "subscriptions_vendor_id_idx" ON "subscriptions" USING btree ("vendor_id");