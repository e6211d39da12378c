CREATE TABLE "admin_categories" (
	"admin_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_categories_pk" PRIMARY KEY("admin_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "admin_session_endings" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_session_endings_reason_check" CHECK ("admin_session_endings"."reason" in ('password_changed', 'deactivated'))
);
--> statement-breakpoint
ALTER TABLE "admin_categories" ADD CONSTRAINT "admin_categories_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_categories" ADD CONSTRAINT "admin_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_categories_category_id_idx" ON "admin_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "admin_session_endings_expires_at_idx" ON "admin_session_endings" USING btree ("expires_at");