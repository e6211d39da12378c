import { eq, sql } from 'drizzle-orm'
import { socialNetworks, type Settings, type SettingsBody, type Site } from '../../../src/contract/settings'
import type { Db } from '../../db'
import { changedFields, writeAudit } from '../../lib/audit'
import type { AppDeps, Principal } from '../../lib/context'
import { AppError } from '../../lib/errors'
import { platformSettings } from './schema'

/**
 * The platform's settings record: read (the defaults with version 0 before the first save), saved
 * with the version read under a lock (a stale save is 409), each change audited field by field.
 */

type Row = typeof platformSettings.$inferSelect

const emptyLinks = () => Object.fromEntries(socialNetworks.map((n) => [n, ''])) as Record<string, string>

const DEFAULT_SETTINGS: Settings = {
  site_name_ar: 'منصة التجار',
  site_name_en: 'Vendors Platform',
  logo: null,
  default_language: 'ar',
  contact_email: 'hello@vendors.sa',
  support_email: '',
  phone: '',
  second_phone: '',
  support_hours_ar: '',
  support_hours_en: '',
  social_links: emptyLinks(),
  mail_sender_name: 'Vendors Platform',
  mail_sender_email: 'no-reply@vendors.sa',
  contact_form_enabled: true,
  version: 0,
  updated_at: null,
}

const toSettings = (row: Row): Settings => ({
  site_name_ar: row.siteNameAr,
  site_name_en: row.siteNameEn,
  logo: row.logo,
  default_language: row.defaultLanguage === 'en' ? 'en' : 'ar',
  contact_email: row.contactEmail,
  support_email: row.supportEmail,
  phone: row.phone,
  second_phone: row.secondPhone,
  support_hours_ar: row.supportHoursAr,
  support_hours_en: row.supportHoursEn,
  social_links: { ...emptyLinks(), ...row.socialLinks },
  mail_sender_name: row.mailSenderName,
  mail_sender_email: row.mailSenderEmail,
  contact_form_enabled: row.contactFormEnabled,
  version: row.version,
  updated_at: row.updatedAt.toISOString(),
})

export async function readSettings(db: Db): Promise<Settings> {
  const [row] = await db.select().from(platformSettings).limit(1)
  return row ? toSettings(row) : DEFAULT_SETTINGS
}

/** What every screen shows: the site's names and logo, and whether the public contact form is open. */
export async function readSite(db: Db): Promise<Site> {
  const s = await readSettings(db)
  return { name_ar: s.site_name_ar, name_en: s.site_name_en, logo: s.logo, contact_form_enabled: s.contact_form_enabled }
}

const COLUMNS: Record<string, string> = {
  siteNameAr: 'site_name_ar',
  siteNameEn: 'site_name_en',
  logo: 'logo',
  defaultLanguage: 'default_language',
  contactEmail: 'contact_email',
  supportEmail: 'support_email',
  phone: 'phone',
  secondPhone: 'second_phone',
  supportHoursAr: 'support_hours_ar',
  supportHoursEn: 'support_hours_en',
  socialLinks: 'social_links',
  mailSenderName: 'mail_sender_name',
  mailSenderEmail: 'mail_sender_email',
  contactFormEnabled: 'contact_form_enabled',
}

const valuesOf = (body: SettingsBody) => ({
  siteNameAr: body.site_name_ar,
  siteNameEn: body.site_name_en,
  logo: body.logo,
  defaultLanguage: body.default_language,
  contactEmail: body.contact_email,
  supportEmail: body.support_email,
  phone: body.phone,
  secondPhone: body.second_phone,
  supportHoursAr: body.support_hours_ar,
  supportHoursEn: body.support_hours_en,
  // every network, in the form's order (jsonb keeps its own key order: compared as written)
  socialLinks: Object.fromEntries(socialNetworks.map((n) => [n, body.social_links[n] ?? ''])) as Record<string, string>,
  mailSenderName: body.mail_sender_name,
  mailSenderEmail: body.mail_sender_email,
  contactFormEnabled: body.contact_form_enabled,
})

export async function saveSettings(deps: AppDeps, admin: Principal, body: SettingsBody): Promise<Settings> {
  const now = deps.clock()
  const values = valuesOf(body)
  return deps.db.transaction(async (tx) => {
    // serialises the first save too (there is no row to lock yet)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('platform_settings'))`)
    const [before] = await tx.select().from(platformSettings).limit(1).for('update')
    const stale = () => new AppError(409, 'errors.conflict', { errors: { version: [{ key: 'errors.conflict' }] } })
    if (!before) {
      if (body.version !== 0) throw stale()
      const [created] = await tx
        .insert(platformSettings)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning()
      if (!created) throw new Error('insert returned no row')
      const changes = changedFields({}, values, COLUMNS)
      await writeAudit(tx, { adminId: admin.id, action: 'create', resource: 'settings', recordId: created.id, changes, at: now })
      return toSettings(created)
    }
    if (body.version !== before.version) throw stale()
    const stored = { ...before, socialLinks: Object.fromEntries(socialNetworks.map((n) => [n, before.socialLinks[n] ?? ''])) }
    const changes = changedFields(stored, values, COLUMNS)
    if (Object.keys(changes).length === 0) return toSettings(before)
    const [updated] = await tx
      .update(platformSettings)
      .set({ ...values, updatedAt: now, version: sql`${platformSettings.version} + 1` })
      .where(eq(platformSettings.id, before.id))
      .returning()
    if (!updated) throw new Error('update returned no row')
    await writeAudit(tx, { adminId: admin.id, action: 'update', resource: 'settings', recordId: before.id, changes, at: now })
    return toSettings(updated)
  })
}
