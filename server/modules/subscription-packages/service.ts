import { asc, eq, inArray, sql, and } from 'drizzle-orm'
import type { Locale } from '../../../src/contract/common'
import type { ListItem } from '../../../src/contract/resource'
import {
  DEFAULT_INVOICE_PREFIX,
  DEFAULT_TRIAL_DAYS,
  DEFAULT_VAT_PERCENT,
  normalizeIban,
  packageCreateBody,
  packageLimitKeys,
  packageListQuery,
  packageSchema,
  packagesResource,
  packageUpdateBody,
  type PackageCreateBody,
  type PackageListQuery,
  type PackageReorderBody,
  type PackageSettings,
  type PackageSettingsBody,
  type PackageUpdateBody,
  type SubscriptionPackage,
} from '../../../src/contract/packages'
import { decimalToHalalas, halalasToDecimal } from '../../../src/domain/money'
import { byName } from '../../db/columns'
import type { Db } from '../../db'
import { changedFields, writeAudit } from '../../lib/audit'
import type { AppDeps, Principal } from '../../lib/context'
import { AppError, fieldError } from '../../lib/errors'
import type { ColumnValues, ResourceDefinition } from '../../lib/resource'
import { sanitizeHtml } from '../../lib/sanitize'
import { isBlankHtml } from '../../../src/contract/rich-text'
import { packages, packageSettings } from './schema'

/**
 * Subscription packages: the generic resource over `packages` (prices in halalas, riyals in the
 * API; a FREE_TRIAL package is saved at price 0 with the trial days of the settings), their display
 * order, and the general settings record. A package vendors hold an active subscription to cannot
 * be deleted: the subscriptions module's deletion guard says so.
 */

export type PackageRow = typeof packages.$inferSelect

const toRiyals = (halalas: number) => Number(halalasToDecimal(halalas))

function toPackage(row: PackageRow, lang: Locale): SubscriptionPackage {
  const limits = Object.fromEntries(packageLimitKeys.map((key) => [key, row.limits[key] ?? null])) as Record<
    (typeof packageLimitKeys)[number],
    number | null
  >
  return {
    id: row.id,
    title: lang === 'ar' ? row.titleAr : row.titleEn,
    short_description: lang === 'ar' ? row.shortDescriptionAr : row.shortDescriptionEn,
    description: lang === 'ar' ? row.descriptionAr : row.descriptionEn,
    price: toRiyals(row.price),
    subscription_type: row.subscriptionType as SubscriptionPackage['subscription_type'],
    days: row.days,
    package_type: row.packageType as SubscriptionPackage['package_type'],
    ...limits,
    is_active: row.isActive,
    display_order: row.displayOrder,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    translations: [
      { locale: 'ar', title: row.titleAr, short_description: row.shortDescriptionAr, description: row.descriptionAr },
      { locale: 'en', title: row.titleEn, short_description: row.shortDescriptionEn, description: row.descriptionEn },
    ],
  }
}

/** Rich text sanitised; an emptied editor is no text. */
const richOrNull = (html: string | null | undefined) => {
  if (html === undefined || html === null) return null
  const clean = sanitizeHtml(html)
  return isBlankHtml(clean) ? null : clean
}

function toValues(body: PackageCreateBody | Omit<PackageUpdateBody, 'version'>): ColumnValues {
  const freeTrial = body.package_type === 'FREE_TRIAL'
  const values: ColumnValues = {
    titleAr: body.title_ar,
    titleEn: body.title_en,
    shortDescriptionAr: body.short_description_ar,
    shortDescriptionEn: body.short_description_en,
    descriptionAr: richOrNull(body.description_ar),
    descriptionEn: richOrNull(body.description_en),
    price: freeTrial ? 0 : (decimalToHalalas(body.price) ?? 0),
    // a free trial lasts the trial days of the general settings
    subscriptionType: freeTrial ? 'DAYS' : body.subscription_type,
    days: !freeTrial && body.subscription_type === 'DAYS' ? (body.days ?? null) : null,
    packageType: body.package_type,
    limits: Object.fromEntries(packageLimitKeys.map((key) => [key, body[key] ?? null])),
  }
  if (body.is_active !== undefined) values.isActive = body.is_active
  if (body.display_order !== undefined) values.displayOrder = body.display_order
  return values
}

export const packagesDefinition: ResourceDefinition<
  PackageListQuery,
  PackageCreateBody,
  PackageUpdateBody,
  PackageRow,
  SubscriptionPackage,
  SubscriptionPackage
> = {
  ...packagesResource,
  table: packages,
  listQuery: packageListQuery,
  createBody: packageCreateBody,
  updateBody: packageUpdateBody,
  item: packageSchema,
  detail: packageSchema,
  sort: {
    display_order: () => packages.displayOrder,
    title: (lang) => byName(lang === 'ar' ? packages.titleAr : packages.titleEn),
    price: () => packages.price,
    created_at: () => packages.createdAt,
    id: () => packages.id,
  },
  defaultSort: { column: 'display_order', direction: 'asc' },
  filters: {
    is_active: (value) => eq(packages.isActive, value === '1'),
    package_type: (value) => inArray(packages.packageType, value.split(',')),
    subscription_type: (value) => inArray(packages.subscriptionType, value.split(',')),
  },
  search: () => [packages.titleAr, packages.titleEn],
  toItem: toPackage,
  toDetail: (_db, row, lang) => Promise.resolve(toPackage(row, lang)),
  toValues,
  // a new package without an explicit place goes last
  validate: async (db, values, id) => {
    if (id !== null || values.displayOrder !== undefined) return
    const [last] = await db.select({ max: sql<number | null>`max(${packages.displayOrder})` }).from(packages)
    values.displayOrder = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1
  },
}

/**
 * Puts the packages in the given order (display_order 0, 1, …), audited. Every package must be
 * named once: a partial or repeated list is refused, so two admins reordering cannot lose one.
 */
export async function reorderPackages(deps: AppDeps, admin: Principal, body: PackageReorderBody, lang: Locale) {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('packages_order'))`)
    const rows = await tx.select({ id: packages.id, displayOrder: packages.displayOrder }).from(packages).for('update')
    const known = new Set(rows.map((r) => r.id))
    if (new Set(body.ids).size !== body.ids.length || body.ids.length !== known.size || body.ids.some((id) => !known.has(id)))
      throw fieldError(422, 'ids', 'subscription-packages.errors.reorderStale')
    const before = new Map(rows.map((r) => [r.id, r.displayOrder]))
    for (const [index, id] of body.ids.entries()) {
      if (before.get(id) === index) continue
      await tx
        .update(packages)
        .set({ displayOrder: index, updatedAt: now, version: sql`${packages.version} + 1` })
        .where(eq(packages.id, id))
      await writeAudit(tx, {
        adminId: admin.id,
        action: 'reorder',
        resource: packagesResource.name,
        recordId: id,
        changes: { display_order: { from: before.get(id), to: index } },
        at: now,
      })
    }
    const ordered = await tx.select().from(packages).orderBy(asc(packages.displayOrder), asc(packages.id))
    return ordered.map((row) => toPackage(row, lang))
  })
}

/** `core/list/subscription-packages`: active packages (all with `all=1`) in display order, with their price. */
export async function packageOptions(deps: AppDeps, lang: Locale, filters: { all?: '0' | '1' | undefined }): Promise<ListItem[]> {
  const title = lang === 'ar' ? packages.titleAr : packages.titleEn
  const rows = await deps.db
    .select({ id: packages.id, name: title, price: packages.price })
    .from(packages)
    .where(filters.all === '1' ? undefined : and(eq(packages.isActive, true)))
    .orderBy(asc(packages.displayOrder), asc(packages.id))
    .limit(500)
  return rows.map((r) => ({ id: r.id, name: `${r.name} (${halalasToDecimal(r.price)})` }))
}

// ---- general settings -------------------------------------------------------------------------

type SettingsRow = typeof packageSettings.$inferSelect

const DEFAULT_SETTINGS: PackageSettings = {
  vat_percent: DEFAULT_VAT_PERCENT,
  free_trial_days: DEFAULT_TRIAL_DAYS,
  invoice_prefix: DEFAULT_INVOICE_PREFIX,
  seller_name_ar: '',
  seller_name_en: '',
  seller_vat_number: '',
  seller_address: '',
  bank_accounts: [],
  version: 0,
  updated_at: null,
}

const toSettings = (row: SettingsRow): PackageSettings => ({
  vat_percent: Number(row.vatPercent),
  free_trial_days: row.freeTrialDays,
  invoice_prefix: row.invoicePrefix,
  seller_name_ar: row.sellerNameAr,
  seller_name_en: row.sellerNameEn,
  seller_vat_number: row.sellerVatNumber,
  seller_address: row.sellerAddress,
  bank_accounts: row.bankAccounts.map((a) => ({ bank_name: a.bank_name, holder_name: a.holder_name, iban: a.iban })),
  version: row.version,
  updated_at: row.updatedAt.toISOString(),
})

/** The general settings; the defaults (VAT 15 %, 14 trial days, prefix INV) with version 0 before the first save. */
export async function readPackageSettings(db: Db): Promise<PackageSettings> {
  const [row] = await db.select().from(packageSettings).limit(1)
  return row ? toSettings(row) : DEFAULT_SETTINGS
}

const SETTINGS_COLUMNS: Record<string, string> = {
  vatPercent: 'vat_percent',
  freeTrialDays: 'free_trial_days',
  invoicePrefix: 'invoice_prefix',
  sellerNameAr: 'seller_name_ar',
  sellerNameEn: 'seller_name_en',
  sellerVatNumber: 'seller_vat_number',
  sellerAddress: 'seller_address',
  bankAccounts: 'bank_accounts',
}

/** Saves the general settings with the version read (0 creates them); stale -> 409; every change audited. */
export async function savePackageSettings(deps: AppDeps, admin: Principal, body: PackageSettingsBody): Promise<PackageSettings> {
  const now = deps.clock()
  const values = {
    vatPercent: body.vat_percent,
    freeTrialDays: body.free_trial_days,
    invoicePrefix: body.invoice_prefix.toUpperCase(),
    sellerNameAr: body.seller_name_ar,
    sellerNameEn: body.seller_name_en,
    sellerVatNumber: body.seller_vat_number,
    sellerAddress: body.seller_address,
    bankAccounts: body.bank_accounts.map((a) => ({ bank_name: a.bank_name, holder_name: a.holder_name, iban: normalizeIban(a.iban) })),
  }
  return deps.db.transaction(async (tx) => {
    // serialises the first save too (there is no row to lock yet)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('package_settings'))`)
    const [before] = await tx.select().from(packageSettings).limit(1).for('update')
    const stale = () => new AppError(409, 'errors.conflict', { errors: { version: [{ key: 'errors.conflict' }] } })
    if (!before) {
      if (body.version !== 0) throw stale()
      const [created] = await tx
        .insert(packageSettings)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning()
      if (!created) throw new Error('insert returned no row')
      const changes = changedFields({}, values, SETTINGS_COLUMNS)
      await writeAudit(tx, { adminId: admin.id, action: 'create', resource: 'package_settings', recordId: created.id, changes, at: now })
      return toSettings(created)
    }
    if (body.version !== before.version) throw stale()
    // jsonb keeps its own key order: the stored accounts are compared in the order they are written
    const stored = before.bankAccounts.map((a) => ({ bank_name: a.bank_name, holder_name: a.holder_name, iban: a.iban }))
    const changes = changedFields({ ...before, vatPercent: Number(before.vatPercent), bankAccounts: stored }, values, SETTINGS_COLUMNS)
    if (Object.keys(changes).length === 0) return toSettings(before)
    const [updated] = await tx
      .update(packageSettings)
      .set({ ...values, updatedAt: now, version: sql`${packageSettings.version} + 1` })
      .where(eq(packageSettings.id, before.id))
      .returning()
    if (!updated) throw new Error('update returned no row')
    await writeAudit(tx, { adminId: admin.id, action: 'update', resource: 'package_settings', recordId: before.id, changes, at: now })
    return toSettings(updated)
  })
}
