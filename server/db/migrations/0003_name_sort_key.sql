DROP INDEX "blogs_title_ar_idx";--> statement-breakpoint
DROP INDEX "blogs_title_en_idx";--> statement-breakpoint
DROP INDEX "categories_name_ar_idx";--> statement-breakpoint
DROP INDEX "categories_name_en_idx";--> statement-breakpoint
DROP INDEX "contact_messages_name_idx";--> statement-breakpoint
DROP INDEX "contents_title_ar_idx";--> statement-breakpoint
DROP INDEX "contents_title_en_idx";--> statement-breakpoint
DROP INDEX "properties_name_ar_idx";--> statement-breakpoint
DROP INDEX "properties_name_en_idx";--> statement-breakpoint
CREATE INDEX "blogs_title_ar_idx" ON "blogs" USING btree (translate("title_ar", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "blogs_title_en_idx" ON "blogs" USING btree (translate("title_en", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "categories_name_ar_idx" ON "categories" USING btree (translate("name_ar", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "categories_name_en_idx" ON "categories" USING btree (translate("name_en", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "contact_messages_name_idx" ON "contact_messages" USING btree (translate("name", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "contents_title_ar_idx" ON "contents" USING btree (translate("title_ar", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "contents_title_en_idx" ON "contents" USING btree (translate("title_en", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "properties_name_ar_idx" ON "properties" USING btree (translate("name_ar", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "properties_name_en_idx" ON "properties" USING btree (translate("name_en", 'أإآٱـًٌٍَُِّْٰ', 'اااا') collate "und-x-icu","id");