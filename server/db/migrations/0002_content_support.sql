CREATE TABLE "blogs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blogs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"short_description_ar" text,
	"short_description_en" text,
	"body_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"seo_link_ar" text NOT NULL,
	"seo_link_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"language" text DEFAULT 'both' NOT NULL,
	"image" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "blogs_version_check" CHECK ("blogs"."version" >= 1),
	CONSTRAINT "blogs_sort_order_check" CHECK ("blogs"."sort_order" >= 0),
	CONSTRAINT "blogs_language_check" CHECK ("blogs"."language" in ('ar', 'en', 'both'))
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"short_description_ar" text,
	"short_description_en" text,
	"body_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"seo_link_ar" text NOT NULL,
	"seo_link_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"language" text DEFAULT 'both' NOT NULL,
	"image" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "contents_version_check" CHECK ("contents"."version" >= 1),
	CONSTRAINT "contents_sort_order_check" CHECK ("contents"."sort_order" >= 0),
	CONSTRAINT "contents_language_check" CHECK ("contents"."language" in ('ar', 'en', 'both'))
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "properties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"description_ar" text,
	"description_en" text,
	"attribute_type" text NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"mapped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "properties_version_check" CHECK ("properties"."version" >= 1),
	CONSTRAINT "properties_attribute_type_check" CHECK ("properties"."attribute_type" in ('TEXT', 'NUMBER', 'SELECT', 'MULTI_SELECT', 'COLOR', 'BOOLEAN')),
	CONSTRAINT "properties_values_array_check" CHECK (jsonb_typeof("properties"."values") = 'array')
);
--> statement-breakpoint
CREATE TABLE "shipping_company_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_company_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"tenant_name" text NOT NULL,
	"company_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"activated_at" timestamp with time zone,
	"activated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "shipping_company_requests_version_check" CHECK ("shipping_company_requests"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "shipping_issues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_issues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"tracking_number" text,
	"tenant_id" integer NOT NULL,
	"tenant_name" text NOT NULL,
	"issue" text NOT NULL,
	"resolve_at" timestamp with time zone,
	"resolved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "shipping_issues_version_check" CHECK ("shipping_issues"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "terms_conditions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terms_conditions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"singleton" boolean DEFAULT true NOT NULL,
	"terms_ar" text NOT NULL,
	"terms_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "terms_conditions_singleton_check" CHECK ("terms_conditions"."singleton"),
	CONSTRAINT "terms_conditions_version_check" CHECK ("terms_conditions"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "shipping_company_requests" ADD CONSTRAINT "shipping_company_requests_activated_by_admins_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_issues" ADD CONSTRAINT "shipping_issues_resolved_by_admins_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blogs_seo_link_ar_unique" ON "blogs" USING btree ("seo_link_ar");--> statement-breakpoint
CREATE UNIQUE INDEX "blogs_seo_link_en_unique" ON "blogs" USING btree ("seo_link_en");--> statement-breakpoint
CREATE INDEX "blogs_title_ar_idx" ON "blogs" USING btree ("title_ar","id");--> statement-breakpoint
CREATE INDEX "blogs_title_en_idx" ON "blogs" USING btree ("title_en","id");--> statement-breakpoint
CREATE INDEX "blogs_sort_order_idx" ON "blogs" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "blogs_created_at_idx" ON "blogs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_name_idx" ON "contact_messages" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "contact_messages_is_read_idx" ON "contact_messages" USING btree ("is_read","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contents_seo_link_ar_unique" ON "contents" USING btree ("seo_link_ar");--> statement-breakpoint
CREATE UNIQUE INDEX "contents_seo_link_en_unique" ON "contents" USING btree ("seo_link_en");--> statement-breakpoint
CREATE INDEX "contents_title_ar_idx" ON "contents" USING btree ("title_ar","id");--> statement-breakpoint
CREATE INDEX "contents_title_en_idx" ON "contents" USING btree ("title_en","id");--> statement-breakpoint
CREATE INDEX "contents_sort_order_idx" ON "contents" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "contents_created_at_idx" ON "contents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "properties_name_ar_idx" ON "properties" USING btree ("name_ar","id");--> statement-breakpoint
CREATE INDEX "properties_name_en_idx" ON "properties" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "properties_attribute_type_idx" ON "properties" USING btree ("attribute_type","id");--> statement-breakpoint
CREATE INDEX "properties_created_at_idx" ON "properties" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shipping_company_requests_created_at_idx" ON "shipping_company_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shipping_company_requests_activated_at_idx" ON "shipping_company_requests" USING btree ("activated_at","id");--> statement-breakpoint
CREATE INDEX "shipping_issues_created_at_idx" ON "shipping_issues" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shipping_issues_resolve_at_idx" ON "shipping_issues" USING btree ("resolve_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_conditions_singleton_unique" ON "terms_conditions" USING btree ("singleton");