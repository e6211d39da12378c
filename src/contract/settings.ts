import * as z from 'zod/mini'
import { emailSchema } from './auth'
import { localeSchema } from './common'
import { isWebAddress } from './marketplaces'
import { storedImageSchema } from './uploads'
export * from './settings.routes'

/**
 * The platform's settings (spec section 7 "settings": `GET admin-panal/setting/settings-list` ->
 * result.settings, `POST admin-panal/setting/update-settings`): one record, saved with the version
 * read (409 when stale), every change audited. The site's name and logo apply at once on every
 * screen (`GET core/site`); with the public contact form off, `POST contact` is refused.
 */

const name = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(80))
const optionalText = (max: number) => z.string().check(z.trim(), z.maxLength(max))
const phone = z.string().check(z.trim(), z.regex(/^(\+?[0-9]{8,15})?$/, 'validation.phone'))
const optionalEmail = z.union([z.literal(''), emailSchema])
const link = z.string().check(
  z.trim(),
  z.maxLength(300, { abort: true }),
  z.refine((value: string) => value === '' || isWebAddress(value), 'validation.website'),
)

/** The social networks a link may be given for, in the order the form shows them. */
export const socialNetworks = ['x', 'instagram', 'linkedin', 'snapchat', 'tiktok', 'youtube', 'whatsapp'] as const
type SocialNetwork = (typeof socialNetworks)[number]

const fields = {
  site_name_ar: name,
  site_name_en: name,
  logo: z.nullable(storedImageSchema),
  default_language: localeSchema,
  contact_email: emailSchema,
  support_email: optionalEmail,
  phone,
  second_phone: phone,
  support_hours_ar: optionalText(200),
  support_hours_en: optionalText(200),
  social_links: z.strictObject(Object.fromEntries(socialNetworks.map((n) => [n, link])) as Record<SocialNetwork, typeof link>),
  mail_sender_name: name,
  mail_sender_email: emailSchema,
  contact_form_enabled: z.boolean(),
}

export const settingsBody = z.strictObject({ ...fields, version: z.int().check(z.gte(0), z.lte(2_147_483_647)) })
export type SettingsBody = z.infer<typeof settingsBody>

export const settingsSchema = z.object({
  site_name_ar: z.string(),
  site_name_en: z.string(),
  logo: z.nullable(z.string()),
  default_language: localeSchema,
  contact_email: z.string(),
  support_email: z.string(),
  phone: z.string(),
  second_phone: z.string(),
  support_hours_ar: z.string(),
  support_hours_en: z.string(),
  social_links: z.record(z.string(), z.string()),
  mail_sender_name: z.string(),
  mail_sender_email: z.string(),
  contact_form_enabled: z.boolean(),
  /** 0 before the first save (the defaults are shown). */
  version: z.int(),
  updated_at: z.nullable(z.string()),
})
export type Settings = z.infer<typeof settingsSchema>

/** What every screen shows of the settings (public). */
export const siteSchema = z.object({
  name_ar: z.string(),
  name_en: z.string(),
  logo: z.nullable(z.string()),
  contact_form_enabled: z.boolean(),
})
export type Site = z.infer<typeof siteSchema>
