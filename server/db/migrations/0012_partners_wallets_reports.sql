CREATE TABLE "partner_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"payment_no" text NOT NULL,
	"amount" integer NOT NULL,
	"paid_on" date NOT NULL,
	"file_name" text,
	"file_type" text,
	"idempotency_key" text,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_payouts_amount_check" CHECK ("partner_payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "partner_referrals" (
	"vendor_id" integer PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"second_phone" text,
	"commercial_registration" text,
	"tax_no" text,
	"referral_code" text NOT NULL,
	"referral_percentage" numeric(5, 2) NOT NULL,
	"referral_due_months" integer NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "partners_balance_check" CHECK ("partners"."balance" >= 0),
	CONSTRAINT "partners_percentage_check" CHECK ("partners"."referral_percentage" > 0 and "partners"."referral_percentage" <= 100),
	CONSTRAINT "partners_due_months_check" CHECK ("partners"."referral_due_months" between 1 and 120),
	CONSTRAINT "partners_referral_code_check" CHECK ("partners"."referral_code" ~ '^[A-Z0-9]{4,20}$'),
	CONSTRAINT "partners_version_check" CHECK ("partners"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "referral_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"partner_id" integer,
	"referrer_vendor_id" integer,
	"group_id" integer,
	"package_id" integer,
	"coupon_id" integer,
	"paid_on" date NOT NULL,
	"amount" integer NOT NULL,
	"net" integer NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	"month" integer NOT NULL,
	"commission" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_payments_referrer_check" CHECK (("referral_payments"."partner_id" is null) <> ("referral_payments"."referrer_vendor_id" is null)),
	CONSTRAINT "referral_payments_amounts_check" CHECK ("referral_payments"."amount" > 0 and "referral_payments"."net" >= 0 and "referral_payments"."net" <= "referral_payments"."amount" and "referral_payments"."commission" >= 0),
	CONSTRAINT "referral_payments_month_check" CHECK ("referral_payments"."month" >= 1)
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"entry_date" date NOT NULL,
	"referral_payment_id" integer,
	"payout_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('credit', 'payout')),
	CONSTRAINT "wallet_entries_balance_check" CHECK ("wallet_entries"."balance_after" >= 0),
	CONSTRAINT "wallet_entries_link_check" CHECK (("wallet_entries"."kind" = 'credit' and "wallet_entries"."amount" > 0 and "wallet_entries"."referral_payment_id" is not null and "wallet_entries"."payout_id" is null)
        or ("wallet_entries"."kind" = 'payout' and "wallet_entries"."amount" < 0 and "wallet_entries"."payout_id" is not null and "wallet_entries"."referral_payment_id" is null))
);
--> statement-breakpoint
CREATE TABLE "referral_code_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_code_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	"number_of_months" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "referral_code_groups_percentage_check" CHECK ("referral_code_groups"."percentage" > 0 and "referral_code_groups"."percentage" <= 100),
	CONSTRAINT "referral_code_groups_months_check" CHECK ("referral_code_groups"."number_of_months" between 1 and 120),
	CONSTRAINT "referral_code_groups_default_active_check" CHECK (not "referral_code_groups"."is_default" or "referral_code_groups"."is_active"),
	CONSTRAINT "referral_code_groups_version_check" CHECK ("referral_code_groups"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "referral_group_vendors" (
	"vendor_id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD CONSTRAINT "partner_payouts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD CONSTRAINT "partner_payouts_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_referrals" ADD CONSTRAINT "partner_referrals_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_referrals" ADD CONSTRAINT "partner_referrals_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payments" ADD CONSTRAINT "referral_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payments" ADD CONSTRAINT "referral_payments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payments" ADD CONSTRAINT "referral_payments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payments" ADD CONSTRAINT "referral_payments_referrer_vendor_id_vendors_id_fk" FOREIGN KEY ("referrer_vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payments" ADD CONSTRAINT "referral_payments_group_id_referral_code_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."referral_code_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payments" ADD CONSTRAINT "referral_payments_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payments" ADD CONSTRAINT "referral_payments_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_referral_payment_id_referral_payments_id_fk" FOREIGN KEY ("referral_payment_id") REFERENCES "public"."referral_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_payout_id_partner_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."partner_payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_group_vendors" ADD CONSTRAINT "referral_group_vendors_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_group_vendors" ADD CONSTRAINT "referral_group_vendors_group_id_referral_code_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."referral_code_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_payouts_idempotency_key_unique" ON "partner_payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "partner_payouts_partner_idx" ON "partner_payouts" USING btree ("partner_id","paid_on");--> statement-breakpoint
CREATE INDEX "partner_referrals_partner_idx" ON "partner_referrals" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_referral_code_unique" ON "partners" USING btree (upper("referral_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "partners_email_unique" ON "partners" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "partners_full_name_idx" ON "partners" USING btree (translate("full_name", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "partners_balance_idx" ON "partners" USING btree ("balance","id");--> statement-breakpoint
CREATE INDEX "partners_created_at_idx" ON "partners" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_payments_payment_unique" ON "referral_payments" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "referral_payments_partner_idx" ON "referral_payments" USING btree ("partner_id","paid_on") WHERE "referral_payments"."partner_id" is not null;--> statement-breakpoint
CREATE INDEX "referral_payments_referrer_vendor_idx" ON "referral_payments" USING btree ("referrer_vendor_id","paid_on") WHERE "referral_payments"."referrer_vendor_id" is not null;--> statement-breakpoint
CREATE INDEX "referral_payments_vendor_idx" ON "referral_payments" USING btree ("vendor_id","paid_on");--> statement-breakpoint
CREATE INDEX "referral_payments_paid_on_idx" ON "referral_payments" USING btree ("paid_on","partner_id","package_id","coupon_id","amount","commission") WHERE "referral_payments"."partner_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_referral_payment_unique" ON "wallet_entries" USING btree ("referral_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_payout_unique" ON "wallet_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_partner_idx" ON "wallet_entries" USING btree ("partner_id","id");--> statement-breakpoint
CREATE INDEX "wallet_entries_date_idx" ON "wallet_entries" USING btree ("entry_date","partner_id","kind","amount");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_code_groups_one_default_unique" ON "referral_code_groups" USING btree ("is_default") WHERE "referral_code_groups"."is_default";--> statement-breakpoint
CREATE INDEX "referral_code_groups_name_ar_idx" ON "referral_code_groups" USING btree (translate("name_ar", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "referral_code_groups_name_en_idx" ON "referral_code_groups" USING btree (translate("name_en", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "referral_group_vendors_group_idx" ON "referral_group_vendors" USING btree ("group_id","vendor_id");--> statement-breakpoint
CREATE INDEX "subscriptions_coupon_invoiced_idx" ON "subscriptions" USING btree ("invoiced_at","coupon_id","package_id","discount","net","tax","amount") WHERE "subscriptions"."coupon_id" is not null;