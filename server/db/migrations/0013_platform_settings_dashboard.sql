CREATE TABLE "platform_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"singleton" boolean DEFAULT true NOT NULL,
	"site_name_ar" text NOT NULL,
	"site_name_en" text NOT NULL,
	"logo" text,
	"default_language" text DEFAULT 'ar' NOT NULL,
	"contact_email" text NOT NULL,
	"support_email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"second_phone" text DEFAULT '' NOT NULL,
	"support_hours_ar" text DEFAULT '' NOT NULL,
	"support_hours_en" text DEFAULT '' NOT NULL,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mail_sender_name" text NOT NULL,
	"mail_sender_email" text NOT NULL,
	"contact_form_enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_settings_singleton_check" CHECK ("platform_settings"."singleton"),
	CONSTRAINT "platform_settings_language_check" CHECK ("platform_settings"."default_language" in ('ar', 'en')),
	CONSTRAINT "platform_settings_social_check" CHECK (jsonb_typeof("platform_settings"."social_links") = 'object'),
	CONSTRAINT "platform_settings_version_check" CHECK ("platform_settings"."version" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "platform_settings_singleton_unique" ON "platform_settings" USING btree ("singleton");--> statement-breakpoint
CREATE INDEX "subscriptions_invoiced_idx" ON "subscriptions" USING btree ("invoiced_at","net","tax");--> statement-breakpoint
CREATE INDEX "vendors_created_source_idx" ON "vendors" USING btree ("created_at","utm_source");