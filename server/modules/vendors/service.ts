import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm'
import { hasPermission } from '../../../src/contract/access'
import type { Locale } from '../../../src/contract/common'
import type { PaymentStatus } from '../../../src/contract/payments'
import type { Page } from '../../../src/contract/resource'
import {
  halalasOf,
  isReservedSubdomain,
  paymentCreateFields,
  paymentsAccess,
  sarOf,
  SUBDOMAIN_PATTERN,
  vendorCreateBody,
  vendorListQuery,
  vendorSchema,
  vendorsResource,
  vendorUpdateBody,
  type Payment,
  type SubdomainResult,
  type Vendor,
  type VendorCreateBody,
  type VendorListQuery,
  type VendorMarketplace,
  type VendorUpdateBody,
} from '../../../src/contract/vendors'
import { issuesByField } from '../../../src/contract/validation'
import { canChangePayment, needsApproval, needsReason } from '../../../src/domain/payments'
import type { Db } from '../../db'
import { t } from '../../i18n'
import { changedFields, writeAudit } from '../../lib/audit'
import type { AppDeps, Principal } from '../../lib/context'
import { hashPassword, newToken } from '../../lib/crypto'
import { AppError, fieldError, isUniqueViolation, type FieldErrors } from '../../lib/errors'
import { requestPasswordReset } from '../../lib/password-reset'
import { unstorable } from '../../lib/validation'
import { csvStream } from '../../lib/csv'
import { getRecord, type AnyResourceDefinition, type ResourceDefinition, type ResourceTable } from '../../lib/resource'
import { checkReceipt, readReceipt, removeReceipt, storeReceipt, type ReceiptUpload } from '../../lib/receipts'
import { couponFor } from '../coupons/service'
import { marketplaces } from '../marketplaces/schema'
import { users } from '../users/schema'
import { userResetIdentity } from '../users/service'
import { packages } from '../subscription-packages/schema'
import { vendorMarketplaces, vendorPayments, vendors } from './schema'
import { paymentApproved, paymentPending } from './events'
import { containing } from '../../lib/search'

/**
 * Vendors (DOMAIN.md "Vendors") and their payments (DOMAIN.md "Payments"). Writes run in one
 * transaction with their audit row; payment status changes follow the shared table of
 * `domain/payments`, the row locked and the update conditional on the status it was read at.
 */

export type VendorRow = typeof vendors.$inferSelect & {
  referredByName: string | null
  packageName?: string | null
  /** Its marketplaces (json from the list's extras; a string when a driver leaves json unparsed). */
  marketplaceList?: VendorMarketplace[] | string | null
}
type PaymentRow = typeof vendorPayments.$inferSelect & { changedByName: string | null; couponCode: string | null }

const iso = (d: Date | null) => (d ? d.toISOString() : null)

function toVendor(row: VendorRow): Vendor {
  return {
    id: row.id,
    store_name: row.storeName,
    company_name: row.companyName,
    commercial_registration: row.commercialRegistration,
    commercial_registration_expiry: row.commercialRegistrationExpiry,
    phone: row.phone,
    email: row.email,
    description: row.description,
    status: row.status,
    package_id: row.packageId,
    package_name: row.packageName ?? null,
    subscription_expires_at: iso(row.subscriptionExpiresAt),
    subdomain: row.subdomain,
    tax_no: row.taxNo,
    marketplaces: marketplacesOf(row.marketplaceList),
    utm_source: row.utmSource,
    referral_code: row.referralCode,
    referred_by: row.referredByVendorId && row.referredByName ? { id: row.referredByVendorId, store_name: row.referredByName } : null,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

function marketplacesOf(value: VendorRow['marketplaceList']): VendorMarketplace[] {
  if (!value) return []
  return typeof value === 'string' ? (JSON.parse(value) as VendorMarketplace[]) : value
}

const emptyToNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null)

function toValues(body: VendorCreateBody | Omit<VendorUpdateBody, 'version'>): Record<string, unknown> {
  return {
    storeName: body.store_name,
    companyName: body.company_name,
    commercialRegistration: body.commercial_registration,
    commercialRegistrationExpiry: emptyToNull(body.commercial_registration_expiry),
    phone: body.phone,
    email: body.email,
    description: emptyToNull(body.description),
    status: body.status,
    packageId: body.package_id ?? null,
    subdomain: body.subdomain,
    taxNo: emptyToNull(body.tax_no),
    utmSource: emptyToNull(body.utm_source),
  }
}

const DAY = 86_400_000

/** The list's filters as conditions (the list and the export share them). */
function filterConditions(query: Partial<VendorListQuery>, now: Date): SQL[] {
  const out: SQL[] = []
  if (query.status) out.push(inArray(vendors.status, query.status.split(',') as Vendor['status'][]))
  if (query.package_id) out.push(eq(vendors.packageId, query.package_id))
  if (query.registered_from) out.push(gte(vendors.createdAt, new Date(`${query.registered_from}T00:00:00Z`)))
  if (query.registered_to) out.push(lt(vendors.createdAt, new Date(new Date(`${query.registered_to}T00:00:00Z`).getTime() + DAY)))
  if (query.utm_source) out.push(eq(vendors.utmSource, query.utm_source))
  if (query.marketplace)
    out.push(
      // named in full: a one-table select leaves its columns unqualified, which the subquery would read as its own
      sql`exists (select 1 from vendor_marketplaces as vm where vm.vendor_id = vendors.id and vm.marketplace_id = ${query.marketplace})`,
    )
  if (query.payment_status)
    out.push(
      sql`exists (select 1 from payments as p where p.vendor_id = vendors.id and ${inArray(sql`p.status`, query.payment_status.split(','))})`,
    )
  if (query.expiring_within) {
    const until = new Date(now.getTime() + query.expiring_within * DAY)
    const expiring = and(gte(vendors.subscriptionExpiresAt, now), lte(vendors.subscriptionExpiresAt, until))
    if (expiring) out.push(expiring)
  }
  if (query.search) {
    const term = containing(query.search)
    const any = or(...searchColumns().map((column) => ilike(column, term)))
    if (any) out.push(any)
  }
  return out
}

/** A vendor's marketplaces as a json array of `{ id, name_ar, name_en }`, by name in `lang`. */
const marketplaceListOf = (lang: Locale) =>
  sql<
    VendorMarketplace[]
  >`(select coalesce(json_agg(json_build_object('id', m.id, 'name_ar', m.name_ar, 'name_en', m.name_en) order by ${sql.raw(
    lang === 'ar' ? 'm.name_ar' : 'm.name_en',
  )}, m.id), '[]'::json) from vendor_marketplaces as vm join marketplaces as m on m.id = vm.marketplace_id where vm.vendor_id = vendors.id)`

/** The search looks in store, company, phone, subdomain and email, through their one generated column. */
const searchColumns = () => [vendors.searchText]

export function vendorsDefinition(
  clock: () => Date,
): ResourceDefinition<VendorListQuery, VendorCreateBody, VendorUpdateBody, VendorRow, Vendor, Vendor> {
  const cond = (query: Partial<VendorListQuery>) => and(...filterConditions(query, clock()))
  return {
    ...vendorsResource,
    table: vendors as unknown as ResourceTable,
    extras: (lang) => ({
      referredByName: sql<string | null>`(select r.store_name from vendors as r where r.id = vendors.referred_by_vendor_id)`.as(
        'referred_by_name',
      ),
      // the package's title in the admin's language
      packageName: sql<
        string | null
      >`(select ${sql.raw(lang === 'ar' ? 'p.title_ar' : 'p.title_en')} from packages as p where p.id = vendors.package_id)`.as(
        'package_name',
      ),
      marketplaceList: marketplaceListOf(lang).as('marketplace_list'),
    }),
    listQuery: vendorListQuery,
    createBody: vendorCreateBody,
    updateBody: vendorUpdateBody,
    item: vendorSchema,
    detail: vendorSchema,
    sort: {
      store_name: () => sql`${vendors.storeName}`,
      company_name: () => sql`${vendors.companyName}`,
      status: () => vendors.status,
      created_at: () => vendors.createdAt,
      subscription_expires_at: () => vendors.subscriptionExpiresAt,
      id: () => vendors.id,
    },
    defaultSort: { column: 'id', direction: 'desc' },
    filters: {
      status: (value: string) => cond({ status: value }),
      package_id: (value: number) => cond({ package_id: value }),
      registered_from: (value: string) => cond({ registered_from: value }),
      registered_to: (value: string) => cond({ registered_to: value }),
      utm_source: (value: string) => cond({ utm_source: value }),
      marketplace: (value: number) => cond({ marketplace: value }),
      expiring_within: (value: number) => cond({ expiring_within: value }),
      payment_status: (value: string) => cond({ payment_status: value }),
    },
    search: searchColumns,
    toItem: (row) => toVendor(row),
    toDetail: (_db, row) => Promise.resolve(toVendor(row)),
    toValues,
    deleteRefusal: async (db, id) => {
      const [paid] = await db.select({ id: vendorPayments.id }).from(vendorPayments).where(eq(vendorPayments.vendorId, id)).limit(1)
      return paid ? 'vendors.errors.hasPayments' : null
    },
  }
}

/* Subdomains */

/** Why `subdomain` cannot be taken (a catalogue key), or null. */
export async function subdomainRefusal(db: Db, subdomain: string, exceptId: number | null): Promise<string | null> {
  const value = subdomain.trim().toLowerCase()
  if (value.length < 3 || value.length > 30 || !SUBDOMAIN_PATTERN.test(value)) return 'vendors.errors.subdomainFormat'
  if (isReservedSubdomain(value)) return 'vendors.errors.subdomainReserved'
  const [taken] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(exceptId ? and(eq(vendors.subdomain, value), sql`${vendors.id} <> ${exceptId}`) : eq(vendors.subdomain, value))
    .limit(1)
  return taken ? 'vendors.errors.subdomainTaken' : null
}

export async function subdomainAvailability(db: Db, subdomain: string, exceptId: number | null, lang: Locale): Promise<SubdomainResult> {
  const refusal = await subdomainRefusal(db, subdomain, exceptId)
  return { available: refusal === null, reason: refusal ? t(lang, refusal) : null }
}

/**
 * Email and subdomain free (friendly 422s before the unique indexes would refuse), the package and
 * the marketplaces known (the marketplaces locked against deletion until the write commits).
 */
async function checkUnique(
  db: Db,
  values: Record<string, unknown>,
  id: number | null,
  marketplaceIds: readonly number[] = [],
): Promise<void> {
  const errors: FieldErrors = {}
  const email = String(values.email)
  const [sameEmail] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(id ? and(eq(vendors.email, email), sql`${vendors.id} <> ${id}`) : eq(vendors.email, email))
    .limit(1)
  if (sameEmail) errors.email = [{ key: 'errors.emailTaken' }]
  const refusal = await subdomainRefusal(db, String(values.subdomain), id)
  if (refusal) errors.subdomain = [{ key: refusal }]
  if (typeof values.packageId === 'number' && !(await packageExists(db, values.packageId)))
    errors.package_id = [{ key: 'validation.recordMissing' }]
  const known = await lockMarketplaces(db, marketplaceIds)
  const unknown = marketplaceIds.filter((m) => !known.has(m))
  if (unknown.length > 0) errors.marketplace_ids = [{ key: 'vendors.errors.marketplaceUnknown', values: { ids: unknown.join(', ') } }]
  const first = Object.values(errors)[0]?.[0]
  if (first) throw new AppError(422, first.key, { values: first.values, errors })
}

/**
 * The marketplaces among `ids` that exist (whether active), each locked (key share) so it cannot be
 * deleted before the caller's transaction ends.
 */
async function lockMarketplaces(db: Db, ids: readonly number[]): Promise<Map<number, { active: boolean }>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: marketplaces.id, active: marketplaces.isActive })
    .from(marketplaces)
    .where(inArray(marketplaces.id, [...ids]))
    .orderBy(asc(marketplaces.id))
    .for('key share')
  return new Map(rows.map((r) => [r.id, { active: r.active }]))
}

/** A body's marketplaces, each once, in the order given (undefined: not in the body). */
const marketplaceIdsOf = (body: { marketplace_ids?: number[] | undefined }) =>
  body.marketplace_ids === undefined ? undefined : [...new Set(body.marketplace_ids)]

/** The vendor's marketplaces' ids, ascending. */
async function marketplaceIdsOfVendor(db: Db, vendorId: number): Promise<number[]> {
  const rows = await db
    .select({ id: vendorMarketplaces.marketplaceId })
    .from(vendorMarketplaces)
    .where(eq(vendorMarketplaces.vendorId, vendorId))
    .orderBy(asc(vendorMarketplaces.marketplaceId))
  return rows.map((r) => r.id)
}

/** Makes the vendor's marketplaces exactly `ids` (checked and locked by `checkUnique` in the same transaction). */
async function setVendorMarketplaces(db: Db, vendorId: number, ids: readonly number[]): Promise<void> {
  await db
    .delete(vendorMarketplaces)
    .where(
      ids.length > 0
        ? and(eq(vendorMarketplaces.vendorId, vendorId), notInArray(vendorMarketplaces.marketplaceId, [...ids]))
        : eq(vendorMarketplaces.vendorId, vendorId),
    )
  if (ids.length > 0)
    await db
      .insert(vendorMarketplaces)
      .values(ids.map((marketplaceId) => ({ vendorId, marketplaceId })))
      .onConflictDoNothing()
}

const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b)
const sameIds = (a: readonly number[], b: readonly number[]) => sortedIds(a).join(',') === sortedIds(b).join(',')

/** The package a vendor or a payment names is one of the platform's packages. */
async function packageExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: packages.id }).from(packages).where(eq(packages.id, id)).limit(1)
  return row !== undefined
}

/** A referral code nobody has: 8 letters and digits without look-alikes. */
function newReferralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('')
}

type WriteContext = { deps: AppDeps; admin: Principal; lang: Locale }

/**
 * Creates a vendor with its own referral code and an end-user account for its email; after the
 * commit the vendor is mailed a link to set its password (the end users' reset link).
 */
export async function createVendor({ deps, admin, lang }: WriteContext, body: VendorCreateBody): Promise<Vendor> {
  const def = vendorsDefinition(deps.clock)
  const now = deps.clock()
  const values = toValues(body)
  const marketplaceIds = marketplaceIdsOf(body) ?? []
  // a random password nobody knows: the vendor sets its own through the mailed link
  const passwordHash = await hashPassword(newToken())
  const created = await deps.db
    .transaction(async (tx) => {
      await checkUnique(tx, values, null, marketplaceIds)
      await tx
        .insert(users)
        .values({ name: body.store_name, email: body.email, phone: body.phone, passwordHash, locale: lang, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${body.email}`)
        .limit(1)
      let row: { id: number } | undefined
      for (let attempt = 0; !row; attempt++) {
        const code = newReferralCode()
        const [clash] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.referralCode, code)).limit(1)
        if (clash && attempt < 5) continue
        ;[row] = await tx
          .insert(vendors)
          .values({
            ...values,
            referralCode: code,
            userId: user?.id ?? null,
            createdAt: now,
            updatedAt: now,
          } as typeof vendors.$inferInsert)
          .returning({ id: vendors.id })
      }
      await setVendorMarketplaces(tx, row.id, marketplaceIds)
      const changes = changedFields({}, values, { ...columnNames })
      if (marketplaceIds.length > 0) changes.marketplace_ids = { from: null, to: sortedIds(marketplaceIds) }
      await writeAudit(tx, { adminId: admin.id, action: 'create', resource: def.name, recordId: row.id, changes, at: now })
      return getRecord(tx, def as AnyResourceDefinition, row.id, lang) as Promise<Vendor>
    })
    .catch(uniqueToFieldError)
  await requestPasswordReset(deps, userResetIdentity, body.email).catch((error: unknown) => {
    // a link sent minutes ago (the same email, a vendor deleted and created again) still works
    if (!(error instanceof AppError && error.statusCode === 429)) throw error
  })
  return created
}

export type RegisteredVendor = {
  storeName: string
  companyName: string
  commercialRegistration: string
  commercialRegistrationExpiry: string | null
  phone: string
  email: string
  subdomain: string
  taxNo: string | null
  /** The marketplaces it chose; those deleted or made inactive since are left out. */
  marketplaceIds: readonly number[]
  utmSource: string | null
  packageId: number | null
  referredByVendorId: number | null
  userId: number
}

/**
 * Inserts a vendor that registered itself (status pending, its own referral code), inside the
 * caller's transaction; a used email or subdomain answers as the admins' create does.
 */
export async function insertRegisteredVendor(tx: Db, registered: RegisteredVendor, now: Date): Promise<number> {
  const { marketplaceIds, ...values } = registered
  await checkUnique(tx, { email: values.email, subdomain: values.subdomain, packageId: values.packageId }, null)
  const offered = await lockMarketplaces(tx, [...new Set(marketplaceIds)])
  const chosen = [...offered].flatMap(([id, { active }]) => (active ? [id] : []))
  for (let attempt = 0; ; attempt++) {
    const code = newReferralCode()
    const [clash] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.referralCode, code)).limit(1)
    if (clash && attempt < 5) continue
    const [row] = await tx
      .insert(vendors)
      .values({ ...values, status: 'pending', referralCode: code, createdAt: now, updatedAt: now })
      .returning({ id: vendors.id })
      .catch(uniqueToFieldError)
    if (!row) throw new Error('vendor insert returned no row')
    await setVendorMarketplaces(tx, row.id, chosen)
    return row.id
  }
}

/** A unique index that refused a concurrent write answers as the friendly check would have. */
function uniqueToFieldError(error: unknown): never {
  if (isUniqueViolation(error)) {
    const text =
      String((error as { message?: unknown }).message ?? '') + String((error as { cause?: { message?: unknown } }).cause?.message ?? '')
    if (text.includes('subdomain')) throw fieldError(422, 'subdomain', 'vendors.errors.subdomainTaken')
    throw fieldError(422, 'email', 'errors.emailTaken')
  }
  throw error
}

const columnNames: Record<string, string> = Object.fromEntries(
  Object.entries(vendors).flatMap(([key, column]) =>
    column && typeof column === 'object' && 'name' in column && typeof (column as { name: unknown }).name === 'string'
      ? [[key, (column as { name: string }).name]]
      : [],
  ),
)

/** Updates a vendor (its `version` must be current: 409 otherwise), audited. */
export async function updateVendor({ deps, admin, lang }: WriteContext, id: number, body: VendorUpdateBody): Promise<Vendor> {
  const def = vendorsDefinition(deps.clock)
  const now = deps.clock()
  return deps.db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(vendors).where(eq(vendors.id, id)).limit(1).for('update')
      if (!before) throw new AppError(404, 'errors.notFound')
      if (before.version !== body.version) throw new AppError(409, 'errors.conflict', { errors: { version: [{ key: 'errors.conflict' }] } })
      const { version: _version, ...rest } = body
      const values = toValues(rest)
      const changes = changedFields(before as unknown as Record<string, unknown>, values, columnNames)
      const marketplaceIds = marketplaceIdsOf(body)
      const marketplacesBefore = marketplaceIds === undefined ? [] : await marketplaceIdsOfVendor(tx, id)
      if (marketplaceIds !== undefined && !sameIds(marketplacesBefore, marketplaceIds))
        changes.marketplace_ids = { from: marketplacesBefore, to: sortedIds(marketplaceIds) }
      if (Object.keys(changes).length > 0) {
        await checkUnique(tx, values, id, marketplaceIds)
        if (changes.marketplace_ids && marketplaceIds) await setVendorMarketplaces(tx, id, marketplaceIds)
        await tx
          .update(vendors)
          .set({ ...values, updatedAt: now, version: sql`${vendors.version} + 1` } as never)
          .where(eq(vendors.id, id))
        await writeAudit(tx, { adminId: admin.id, action: 'update', resource: def.name, recordId: id, changes, at: now })
      }
      return getRecord(tx, def as AnyResourceDefinition, id, lang) as Promise<Vendor>
    })
    .catch(uniqueToFieldError)
}

/* Referrals */

export async function listReferrals(deps: AppDeps, id: number, page: number, pageSize: number, lang: Locale): Promise<Page<Vendor>> {
  const def = vendorsDefinition(deps.clock)
  const [owner] = await deps.db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, id)).limit(1)
  if (!owner) throw new AppError(404, 'errors.notFound')
  const where = eq(vendors.referredByVendorId, id)
  const [counted] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(vendors)
    .where(where)
  const total = counted?.n ?? 0
  const ids = await deps.db
    .select({ id: vendors.id })
    .from(vendors)
    .where(where)
    .orderBy(desc(vendors.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const rows = await Promise.all(ids.map((r) => getRecord(deps.db, def as AnyResourceDefinition, r.id, lang) as Promise<Vendor>))
  return { data: rows, total, page, rowsPerPage: pageSize, pagesCount: Math.ceil(total / pageSize), total_is_estimate: false }
}

/* CSV export */

/** The columns the export reads (the CSV's and the id it pages by), nothing more; marketplaces named in `lang`. */
const exportColumns = (lang: Locale) => ({
  id: vendors.id,
  storeName: vendors.storeName,
  companyName: vendors.companyName,
  phone: vendors.phone,
  email: vendors.email,
  packageId: vendors.packageId,
  status: vendors.status,
  subscriptionExpiresAt: vendors.subscriptionExpiresAt,
  createdAt: vendors.createdAt,
  subdomain: vendors.subdomain,
  marketplaceNames: sql<
    string | null
  >`(select string_agg(${sql.raw(lang === 'ar' ? 'm.name_ar' : 'm.name_en')}, ${lang === 'ar' ? '، ' : ', '} order by ${sql.raw(
    lang === 'ar' ? 'm.name_ar' : 'm.name_en',
  )}, m.id) from vendor_marketplaces as vm join marketplaces as m on m.id = vm.marketplace_id where vm.vendor_id = vendors.id)`,
  utmSource: vendors.utmSource,
  commercialRegistration: vendors.commercialRegistration,
  taxNo: vendors.taxNo,
  referralCode: vendors.referralCode,
})
type ExportRow = Omit<{ [K in keyof ReturnType<typeof exportColumns>]: VendorRow[K & keyof VendorRow] }, 'marketplaceNames'> & {
  marketplaceNames: string | null
}

const CSV_COLUMNS = [
  ['store_name', (v: ExportRow) => v.storeName],
  ['company_name', (v: ExportRow) => v.companyName],
  ['phone', (v: ExportRow) => v.phone],
  ['email', (v: ExportRow) => v.email],
  ['package_id', (v: ExportRow) => (v.packageId === null ? '' : String(v.packageId))],
  ['status', (v: ExportRow, lang: Locale) => t(lang, `vendors.statuses.${v.status}`)],
  ['subscription_expires_at', (v: ExportRow) => (v.subscriptionExpiresAt ? v.subscriptionExpiresAt.toISOString().slice(0, 10) : '')],
  ['created_at', (v: ExportRow) => v.createdAt.toISOString().slice(0, 10)],
  ['subdomain', (v: ExportRow) => v.subdomain],
  ['marketplaces', (v: ExportRow) => v.marketplaceNames ?? ''],
  ['utm_source', (v: ExportRow) => v.utmSource ?? ''],
  ['commercial_registration', (v: ExportRow) => v.commercialRegistration],
  ['tax_no', (v: ExportRow) => v.taxNo ?? ''],
  ['referral_code', (v: ExportRow) => v.referralCode],
] as const

const EXPORT_BATCH = 1000

/**
 * Every vendor the list's filters and search match, as CSV (UTF-8 with a BOM so Excel reads Arabic,
 * headers in `lang`), read from the database in batches by id so memory stays flat.
 */
export function exportVendorsCsv(deps: AppDeps, query: Partial<VendorListQuery>, lang: Locale): Readable {
  const conditions = filterConditions(query, deps.clock())
  const columns = exportColumns(lang)
  async function* batches() {
    let after = 0
    for (;;) {
      const batch: ExportRow[] = await deps.db
        .select(columns)
        .from(vendors)
        .where(and(gt(vendors.id, after), ...conditions))
        .orderBy(asc(vendors.id))
        .limit(EXPORT_BATCH)
      if (batch.length === 0) return
      yield batch.map((row) => CSV_COLUMNS.map(([, value]) => value(row, lang)))
      after = batch[batch.length - 1]!.id
      if (batch.length < EXPORT_BATCH) return
    }
  }
  return csvStream(
    CSV_COLUMNS.map(([key]) => t(lang, `vendors.fields.${key}`)),
    batches(),
  )
}

/* Payments */

function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    vendor_id: row.vendorId,
    package_id: row.packageId,
    coupon_code: row.couponCode,
    payment_number: row.paymentNumber,
    amount: sarOf(row.amountHalalas),
    amount_halalas: row.amountHalalas,
    method: row.method as Payment['method'],
    payment_date: row.paidAt,
    status: row.status,
    reason: row.reason,
    has_receipt: row.receiptName !== null,
    receipt_type: row.receiptType,
    changed_by: row.changedByName,
    changed_at: iso(row.changedAt),
    created_at: row.createdAt.toISOString(),
  }
}

const paymentSelection = {
  row: vendorPayments,
  changedByName: sql<string | null>`(select a.name from admins as a where a.id = ${vendorPayments.changedBy})`,
  couponCode: sql<string | null>`(select c.code from coupons as c where c.id = ${vendorPayments.couponId})`,
}

async function findPayment(db: Db, vendorId: number, paymentId: number): Promise<Payment | null> {
  const [found] = await db
    .select(paymentSelection)
    .from(vendorPayments)
    .where(and(eq(vendorPayments.id, paymentId), eq(vendorPayments.vendorId, vendorId)))
    .limit(1)
  return found ? toPayment({ ...found.row, changedByName: found.changedByName, couponCode: found.couponCode }) : null
}

export async function listPayments(deps: AppDeps, vendorId: number, page: number, pageSize: number): Promise<Page<Payment>> {
  const [owner] = await deps.db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendorId)).limit(1)
  if (!owner) throw new AppError(404, 'errors.notFound')
  const where = eq(vendorPayments.vendorId, vendorId)
  const [counted] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(vendorPayments)
    .where(where)
  const total = counted?.n ?? 0
  const rows = await deps.db
    .select(paymentSelection)
    .from(vendorPayments)
    .where(where)
    .orderBy(desc(vendorPayments.paidAt), desc(vendorPayments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  return {
    data: rows.map((r) => toPayment({ ...r.row, changedByName: r.changedByName, couponCode: r.couponCode })),
    total,
    page,
    rowsPerPage: pageSize,
    pagesCount: Math.ceil(total / pageSize),
    total_is_estimate: false,
  }
}

/** Today as `yyyy-mm-dd` in Riyadh (UTC+3, no daylight saving): a payment date may not be later. */
const todayInRiyadh = (now: Date) => new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10)

/**
 * Records a payment (status Pending) with its receipt. The same `Idempotency-Key` again returns the
 * first payment (`created: false`), also when both arrive at once (the unique key decides).
 */
export async function createPayment(
  { deps, admin }: WriteContext,
  vendorId: number,
  key: string,
  fields: Record<string, string>,
  file: ReceiptUpload,
): Promise<{ item: Payment; created: boolean }> {
  const [firstTime] = await deps.db
    .select({ vendorId: vendorPayments.vendorId, id: vendorPayments.id })
    .from(vendorPayments)
    .where(eq(vendorPayments.idempotencyKey, key))
    .limit(1)
  if (firstTime) return replay(deps.db, firstTime, vendorId)

  const parsed = paymentCreateFields.safeParse(fields, { reportInput: true })
  const errors = parsed.success ? {} : issuesByField(parsed.error)
  // a multipart body skips the JSON body check: NUL and lone surrogates are refused here (PostgreSQL refuses them)
  for (const [name, value] of Object.entries(fields)) {
    if (unstorable(value)) errors[name.replace(/[^\x20-\x7e]/gu, '?')] = [{ key: 'validation.characters' }]
  }
  const now = deps.clock()
  if (parsed.success && parsed.data.payment_date > todayInRiyadh(now)) errors.payment_date = [{ key: 'vendors.errors.futureDate' }]
  const { kind, error: fileError } = checkReceipt(file, 'vendors.errors.receiptType')
  if (fileError) errors.payment_file = [fileError]
  const first = Object.values(errors)[0]?.[0]
  if (first || !parsed.success || !kind || !file)
    throw new AppError(422, first?.key ?? 'errors.validation', { values: first?.values, errors })
  const [vendor] = await deps.db
    .select({ id: vendors.id, packageId: vendors.packageId })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .limit(1)
  if (!vendor) throw new AppError(404, 'errors.notFound')
  if (parsed.data.package_id && !(await packageExists(deps.db, Number(parsed.data.package_id))))
    throw new AppError(422, 'validation.recordMissing', { errors: { package_id: [{ key: 'validation.recordMissing' }] } })
  const packageId = parsed.data.package_id ? Number(parsed.data.package_id) : vendor.packageId
  let couponId: number | null = null
  if (parsed.data.coupon_code) {
    const { coupon, reason } = packageId
      ? await couponFor(deps.db, parsed.data.coupon_code, packageId, now)
      : { coupon: undefined, reason: 'not_for_package' as const }
    if (reason || !coupon) throw fieldError(422, 'coupon_code', `coupons.check.${reason ?? 'not_found'}`)
    couponId = coupon.id
  }

  const name = await storeReceipt(deps.config.dataDir, file.bytes, kind)

  const body = parsed.data
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(vendorPayments)
      .values({
        vendorId,
        packageId,
        couponId,
        amountHalalas: halalasOf(body.amount),
        method: body.method,
        paymentNumber: body.payment_number,
        paidAt: body.payment_date,
        status: 'Pending',
        receiptName: name,
        receiptType: kind.type,
        changedBy: admin.id,
        changedAt: now,
        idempotencyKey: key,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: vendorPayments.idempotencyKey })
      .returning({ id: vendorPayments.id })
    if (!row) return null
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'createPayment',
      resource: 'payments',
      recordId: row.id,
      changes: {
        vendor_id: { from: null, to: vendorId },
        amount: { from: null, to: halalasOf(body.amount) },
        status: { from: null, to: 'Pending' },
      },
      at: now,
    })
    await paymentPending.emit(deps, tx, { paymentId: row.id, vendorId, resubmitted: false, at: now })
    return row.id
  })
  if (result === null) {
    // the same key won meanwhile: its payment is the answer, this receipt is not needed
    await removeReceipt(deps.config.dataDir, name)
    const [winner] = await deps.db
      .select({ vendorId: vendorPayments.vendorId, id: vendorPayments.id })
      .from(vendorPayments)
      .where(eq(vendorPayments.idempotencyKey, key))
      .limit(1)
    if (!winner) throw new AppError(409, 'errors.conflict')
    return replay(deps.db, winner, vendorId)
  }
  const item = await findPayment(deps.db, vendorId, result)
  if (!item) throw new AppError(404, 'errors.notFound')
  return { item, created: true }
}

async function replay(db: Db, first: { vendorId: number; id: number }, vendorId: number) {
  if (first.vendorId !== vendorId) throw fieldError(409, 'idempotency_key', 'vendors.errors.idempotencyReused')
  const item = await findPayment(db, vendorId, first.id)
  if (!item) throw new AppError(404, 'errors.notFound')
  return { item, created: false }
}

/**
 * Changes a payment's status as the shared table allows (409 otherwise). Approving and rejecting
 * need `payments:approve`; rejecting needs a reason. On Success the vendor becomes active and
 * the `paymentApproved` event's reactions run in the same transaction; the update only applies while the payment is
 * still at the status it was read at, so two approvals have one effect.
 */
/** A payment status change inside the caller's transaction; `adminId` null is the platform itself (a card the gateway charged). */
export type PaymentStatusChange = {
  vendorId: number
  paymentId: number
  to: PaymentStatus
  reason: string | null
  adminId: number | null
  lang: Locale
  /** Throws when the caller may not make this change (asked once the current status is known). */
  authorize?: (from: PaymentStatus, to: PaymentStatus) => void
}

/**
 * Changes a payment's status as the shared table allows (409 otherwise), in `tx`. On Success the
 * vendor becomes active and the `paymentApproved` event's reactions run in the same transaction; the
 * update only applies while the payment is still at the status it was read at, so two approvals have
 * one effect. Used by the admins' status change and by the registration's card payments.
 */
export async function applyPaymentStatus(deps: AppDeps, tx: Db, change: PaymentStatusChange): Promise<void> {
  const { vendorId, paymentId, to, reason, adminId, lang } = change
  const now = deps.clock()
  const [row] = await tx
    .select()
    .from(vendorPayments)
    .where(and(eq(vendorPayments.id, paymentId), eq(vendorPayments.vendorId, vendorId)))
    .limit(1)
    .for('update')
  if (!row) throw new AppError(404, 'errors.notFound')
  const from = row.status
  if (!canChangePayment(from, to)) throw new AppError(409, 'vendors.errors.transitionRefused', { values: statusNames(lang, from, to) })
  change.authorize?.(from, to)
  if (needsReason(from, to) && !reason) throw fieldError(422, 'reason', 'vendors.errors.reasonRequired')
  const [changed] = await tx
    .update(vendorPayments)
    .set({ status: to, reason: to === 'Rejected' ? reason : row.reason, changedBy: adminId, changedAt: now, updatedAt: now })
    .where(and(eq(vendorPayments.id, paymentId), eq(vendorPayments.status, from)))
    .returning({ id: vendorPayments.id })
  if (!changed) throw new AppError(409, 'vendors.errors.transitionRefused', { values: statusNames(lang, from, to) })
  if (to === 'Pending') await paymentPending.emit(deps, tx, { paymentId, vendorId, resubmitted: from === 'Rejected', at: now })
  if (to === 'Success') {
    await tx
      .update(vendors)
      .set({ status: 'active', updatedAt: now, version: sql`${vendors.version} + 1` })
      .where(and(eq(vendors.id, vendorId), sql`${vendors.status} <> 'active'`))
    await paymentApproved.emit(deps, tx, {
      paymentId,
      vendorId,
      packageId: row.packageId,
      couponId: row.couponId,
      amountHalalas: row.amountHalalas,
      paidAt: row.paidAt,
      at: now,
      adminId,
    })
  }
  await writeAudit(tx, {
    adminId,
    action: 'changeStatus',
    resource: 'payments',
    recordId: paymentId,
    changes: { status: { from, to }, ...(reason && to === 'Rejected' ? { reason: { from: row.reason, to: reason } } : {}) },
    at: now,
  })
}

/**
 * Changes a payment's status for an admin (`applyPaymentStatus`). Approving and rejecting need
 * `payments:approve`; rejecting needs a reason.
 */
export async function changePaymentStatus(
  { deps, admin, lang }: WriteContext,
  vendorId: number,
  paymentId: number,
  to: PaymentStatus,
  reasonText: string | null | undefined,
): Promise<Payment> {
  const reason = reasonText?.trim() ? reasonText.trim() : null
  await deps.db.transaction((tx) =>
    applyPaymentStatus(deps, tx, {
      vendorId,
      paymentId,
      to,
      reason,
      adminId: admin.id,
      lang,
      authorize: (from, next) => {
        const permission = needsApproval(from, next) ? paymentsAccess.can.approve : paymentsAccess.can.create
        if (!hasPermission(admin.permissions, permission)) throw new AppError(403, 'errors.forbidden')
      },
    }),
  )
  const item = await findPayment(deps.db, vendorId, paymentId)
  if (!item) throw new AppError(404, 'errors.notFound')
  return item
}

const statusNames = (lang: Locale, from: PaymentStatus, to: PaymentStatus) => ({
  from: t(lang, `lists.payment_statuses.${from}`),
  to: t(lang, `lists.payment_statuses.${to}`),
})

/** A payment's receipt file: its bytes, type and a download name. */
export async function readPaymentReceipt(deps: AppDeps, vendorId: number, paymentId: number) {
  const [row] = await deps.db
    .select({ name: vendorPayments.receiptName, type: vendorPayments.receiptType, number: vendorPayments.paymentNumber })
    .from(vendorPayments)
    .where(and(eq(vendorPayments.id, paymentId), eq(vendorPayments.vendorId, vendorId)))
    .limit(1)
  if (!row) throw new AppError(404, 'errors.notFound')
  return readReceipt(deps.config.dataDir, row, 'receipt', paymentId)
}
