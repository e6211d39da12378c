import { sql } from 'drizzle-orm'
import { boolean, check, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns'

/** The platform's settings: one row (`singleton` is always true), written with its version. */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: id(),
    singleton: boolean('singleton').notNull().default(true),
    siteNameAr: text('site_name_ar').notNull(),
    siteNameEn: text('site_name_en').notNull(),
    logo: text('logo'),
    defaultLanguage: text('default_language').notNull().default('ar'),
    contactEmail: text('contact_email').notNull(),
    supportEmail: text('support_email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    secondPhone: text('second_phone').notNull().default(''),
    supportHoursAr: text('support_hours_ar').notNull().default(''),
    supportHoursEn: text('support_hours_en').notNull().default(''),
    socialLinks: jsonb('social_links')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    mailSenderName: text('mail_sender_name').notNull(),
    mailSenderEmail: text('mail_sender_email').notNull(),
    contactFormEnabled: boolean('contact_form_enabled').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('platform_settings_singleton_unique').on(t.singleton),
    check('platform_settings_singleton_check', sql`${t.singleton}`),
    check('platform_settings_language_check', sql`${t.defaultLanguage} in ('ar', 'en')`),
    check('platform_settings_social_check', sql`jsonb_typeof(${t.socialLinks}) = 'object'`),
    check('platform_settings_version_check', sql`${t.version} >= 1`),
  ],
)
