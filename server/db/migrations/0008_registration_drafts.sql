CREATE TABLE "registration_drafts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registration_drafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"store" jsonb,
	"password_hash" text,
	"package" jsonb,
	"payment" jsonb,
	"vendor_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_drafts_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "registration_drafts_step_check" CHECK ("registration_drafts"."step" between 0 and 3)
);
--> statement-breakpoint
CREATE INDEX "registration_drafts_expires_at_idx" ON "registration_drafts" USING btree ("expires_at");