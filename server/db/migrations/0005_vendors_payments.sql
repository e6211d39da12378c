CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_id" integer NOT NULL,
	"package_id" integer,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"payment_number" text NOT NULL,
	"paid_at" date NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"receipt_name" text,
	"receipt_type" text,
	"changed_by" integer,
	"changed_at" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('APPLE_PAY', 'CASH', 'BANK_TRANSFER', 'CREDIT_CARD', 'CACHE', 'BANK')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('DUE_PAYMENT', 'Pending', 'Success', 'Rejected')),
	CONSTRAINT "payments_rejected_reason_check" CHECK ("payments"."status" <> 'Rejected' or coalesce(length(trim("payments"."reason")), 0) > 0)
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_name" text NOT NULL,
	"company_name" text NOT NULL,
	"commercial_registration" text NOT NULL,
	"commercial_registration_expiry" date,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"package_id" integer,
	"subscription_expires_at" timestamp with time zone,
	"subdomain" text NOT NULL,
	"tax_no" text,
	"marketplaces" text,
	"utm_source" text,
	"referral_code" text NOT NULL,
	"referred_by_vendor_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "vendors_status_check" CHECK ("vendors"."status" in ('pending', 'active', 'inactive')),
	CONSTRAINT "vendors_subdomain_check" CHECK ("vendors"."subdomain" ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$' and length("vendors"."subdomain") between 3 and 30),
	CONSTRAINT "vendors_commercial_registration_check" CHECK ("vendors"."commercial_registration" ~ '^[0-9]{10}$'),
	CONSTRAINT "vendors_email_lower_check" CHECK ("vendors"."email" = lower("vendors"."email")),
	CONSTRAINT "vendors_version_check" CHECK ("vendors"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_referred_by_vendor_id_vendors_id_fk" FOREIGN KEY ("referred_by_vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key_unique" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_vendor_idx" ON "payments" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "payments_status_paid_at_idx" ON "payments" USING btree ("status","paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_email_lower_unique" ON "vendors" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_subdomain_unique" ON "vendors" USING btree ("subdomain");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_referral_code_unique" ON "vendors" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "vendors_store_name_idx" ON "vendors" USING btree (translate("store_name", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "vendors_company_name_idx" ON "vendors" USING btree (translate("company_name", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "vendors_status_idx" ON "vendors" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "vendors_created_at_idx" ON "vendors" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "vendors_expires_idx" ON "vendors" USING btree ("subscription_expires_at","id");--> statement-breakpoint
CREATE INDEX "vendors_package_idx" ON "vendors" USING btree ("package_id","id");--> statement-breakpoint
CREATE INDEX "vendors_utm_source_idx" ON "vendors" USING btree ("utm_source","id");--> statement-breakpoint
CREATE INDEX "vendors_referred_by_idx" ON "vendors" USING btree ("referred_by_vendor_id","id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;