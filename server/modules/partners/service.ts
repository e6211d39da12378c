import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import { and, asc, count, desc, eq, gt, gte, lt, ne, or, ilike, sql, type SQL } from 'drizzle-orm'
import type { Locale } from '../../../src/contract/common'
import {
  partnerCreateBody,
  partnerListQuery,
  partnerSchema,
  partnersResource,
  partnerUpdateBody,
  type Partner,
  type PartnerCreateBody,
  type PartnerListQuery,
  type PartnerUpdateBody,
  type ReferralSeller,
} from '../../../src/contract/partners'
import { exactPage, type Page } from '../../../src/contract/resource'
import { businessDayOf, decimalToHalalas, halalasToDecimal } from '../../../src/domain/money'
import { referralMonthOf } from '../../../src/domain/referrals'
import { byName } from '../../db/columns'
import type { Db } from '../../db'
import { t } from '../../i18n'
import type { AppDeps } from '../../lib/context'
import { csvStream } from '../../lib/csv'
import { AppError, type FieldErrors } from '../../lib/errors'
import type { ColumnValues, ResourceDefinition, ResourceTable } from '../../lib/resource'
import { vendors } from '../vendors/schema'
import { partnerReferrals, partners, walletEntries } from './schema'
import { containing } from '../../lib/search'

/**
 * Partners (DOMAIN.md "Referrals, partners and wallets"): the generic resource with the rules across
 * rows (a referral code unique whatever the case among partners' and vendors' codes, generated when
 * left empty; a unique email), the consumed months and referred vendors as read from the ledger, the
 * referral-sellers tab and the CSV export.
 */

export type PartnerRow = typeof partners.$inferSelect & {
  consumedMonths?: number | null
  referredCount?: number | null
  credited?: number | string | null
  paidOut?: number | string | null
}

const sar = (halalas: number) => halalasToDecimal(halalas)

function toPartner(row: PartnerRow): Partner {
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    phone: row.phone,
    second_phone: row.secondPhone,
    commercial_registration: row.commercialRegistration,
    tax_no: row.taxNo,
    referral_code: row.referralCode,
    referral_percentage: Number(row.referralPercentage),
    referral_due_months: row.referralDueMonths,
    referral_consumed_months: Number(row.consumedMonths ?? 0),
    referred_count: Number(row.referredCount ?? 0),
    balance: sar(row.balance),
    balance_halalas: row.balance,
    credited: sar(Number(row.credited ?? 0)),
    paid_out: sar(Number(row.paidOut ?? 0)),
    is_active: row.isActive,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

const blankToNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null)

function toValues(body: PartnerCreateBody | Omit<PartnerUpdateBody, 'version'>): ColumnValues {
  const values: ColumnValues = {
    fullName: body.full_name,
    email: body.email,
    phone: body.phone,
    secondPhone: blankToNull(body.second_phone),
    commercialRegistration: blankToNull(body.commercial_registration),
    taxNo: blankToNull(body.tax_no),
    referralPercentage: body.referral_percentage,
    referralDueMonths: body.referral_due_months,
  }
  const code = blankToNull(body.referral_code)
  if (code) values.referralCode = code.toUpperCase()
  if (body.is_active !== undefined) values.isActive = body.is_active
  return values
}

/** A referral code nobody has: 8 letters and digits without look-alikes. */
function newCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('')
}

/** Whether a partner (other than `exceptId`) or a vendor already has `code` (any case). */
async function codeTaken(db: Db, code: string, exceptId: number | null): Promise<boolean> {
  const [partner] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(sql`upper(${partners.referralCode}) = ${code}`, exceptId === null ? undefined : ne(partners.id, exceptId)))
    .limit(1)
  if (partner) return true
  const [vendor] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(sql`upper(${vendors.referralCode}) = ${code}`)
    .limit(1)
  return vendor !== undefined
}

/** Rules across rows, in the write's transaction: the code (chosen or generated) and the email are free. */
async function validatePartner(db: Db, values: ColumnValues, id: number | null): Promise<void> {
  const errors: FieldErrors = {}
  if (typeof values.referralCode === 'string') {
    const code = values.referralCode
    // two saves of one code wait for each other, so the check below cannot be raced
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`referral-code:${code}`}))`)
    if (await codeTaken(db, code, id)) errors.referral_code = [{ key: 'partners.errors.codeTaken' }]
  } else if (id === null) {
    for (let attempt = 0; ; attempt++) {
      const code = newCode()
      if (!(await codeTaken(db, code, null)) || attempt >= 5) {
        values.referralCode = code
        break
      }
    }
  }
  const email = String(values.email)
  const [sameEmail] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(sql`lower(${partners.email}) = lower(${email})`, id === null ? undefined : ne(partners.id, id)))
    .limit(1)
  if (sameEmail) errors.email = [{ key: 'errors.emailTaken' }]
  const first = Object.values(errors)[0]?.[0]
  if (first) throw new AppError(422, first.key, { errors })
}

const DAY = 86_400_000
/** Midnight in Riyadh of a business day, as a moment. */
const startOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 3 * 3_600_000)

/** The list's filters and search as conditions (the list and the export share them). */
function filterConditions(query: Partial<PartnerListQuery>): SQL[] {
  const out: SQL[] = []
  if (query.is_active) out.push(eq(partners.isActive, query.is_active === '1'))
  if (query.balance_above) out.push(gt(partners.balance, decimalToHalalas(query.balance_above) ?? 0))
  if (query.joined_from) out.push(gte(partners.createdAt, startOfDay(query.joined_from)))
  if (query.joined_to) out.push(lt(partners.createdAt, new Date(startOfDay(query.joined_to).getTime() + DAY)))
  if (query.search) {
    const term = containing(query.search)
    const any = or(...searchColumns().map((column) => ilike(column, term)))
    if (any) out.push(any)
  }
  return out
}

const searchColumns = () => [partners.fullName, partners.email, partners.phone, partners.referralCode]

const consumedMonths = sql<number>`(select count(*)::int from (select distinct rp.vendor_id, rp.month from referral_payments rp
  where rp.partner_id = partners.id and rp.commission > 0) as earned)`
const referredCount = sql<number>`(select count(*)::int from partner_referrals pr where pr.partner_id = partners.id)`

export function partnersDefinition(): ResourceDefinition<
  PartnerListQuery,
  PartnerCreateBody,
  PartnerUpdateBody,
  PartnerRow,
  Partner,
  Partner
> {
  const cond = (query: Partial<PartnerListQuery>) => and(...filterConditions(query))
  return {
    ...partnersResource,
    table: partners as unknown as ResourceTable,
    extras: () => ({
      consumedMonths: consumedMonths.as('consumed_months'),
      referredCount: referredCount.as('referred_count'),
      credited:
        sql<number>`(select coalesce(sum(w.amount), 0)::bigint from wallet_entries w where w.partner_id = partners.id and w.kind = 'credit')`.as(
          'credited',
        ),
      paidOut:
        sql<number>`(select coalesce(-sum(w.amount), 0)::bigint from wallet_entries w where w.partner_id = partners.id and w.kind = 'payout')`.as(
          'paid_out',
        ),
    }),
    listQuery: partnerListQuery,
    createBody: partnerCreateBody,
    updateBody: partnerUpdateBody,
    item: partnerSchema,
    detail: partnerSchema,
    sort: {
      full_name: () => byName(partners.fullName),
      balance: () => partners.balance,
      referral_percentage: () => partners.referralPercentage,
      created_at: () => partners.createdAt,
      id: () => partners.id,
    },
    defaultSort: { column: 'id', direction: 'desc' },
    filters: {
      is_active: (value: string) => cond({ is_active: value as '0' | '1' }),
      balance_above: (value: string) => cond({ balance_above: value }),
      joined_from: (value: string) => cond({ joined_from: value }),
      joined_to: (value: string) => cond({ joined_to: value }),
    },
    search: searchColumns,
    toItem: (row) => toPartner(row),
    toDetail: (_db, row) => Promise.resolve(toPartner(row)),
    toValues,
    validate: validatePartner,
    deleteRefusal: async (db, id) => {
      const [referred] = await db
        .select({ id: partnerReferrals.vendorId })
        .from(partnerReferrals)
        .where(eq(partnerReferrals.partnerId, id))
        .limit(1)
      const [entry] = await db.select({ id: walletEntries.id }).from(walletEntries).where(eq(walletEntries.partnerId, id)).limit(1)
      return referred || entry ? 'partners.errors.hasHistory' : null
    },
  }
}

/** 404 unless the partner exists; answers its due months. */
export async function partnerOrNotFound(db: Db, id: number) {
  const [row] = await db
    .select({ id: partners.id, dueMonths: partners.referralDueMonths, balance: partners.balance })
    .from(partners)
    .where(eq(partners.id, id))
    .limit(1)
  if (!row) throw new AppError(404, 'errors.notFound')
  return row
}

/* Referral sellers */

/** The vendors registered with the partner's code (newest first), with what they paid and earned it. */
export async function listReferralSellers(
  deps: AppDeps,
  id: number,
  page: number,
  pageSize: number,
  lang: Locale,
): Promise<Page<ReferralSeller>> {
  const partner = await partnerOrNotFound(deps.db, id)
  const where = eq(partnerReferrals.partnerId, id)
  const [counted] = await deps.db.select({ n: count() }).from(partnerReferrals).where(where)
  const total = counted?.n ?? 0
  const rows = await deps.db
    .select({
      id: vendors.id,
      storeName: vendors.storeName,
      status: vendors.status,
      packageName: sql<
        string | null
      >`(select ${sql.raw(lang === 'ar' ? 'p.title_ar' : 'p.title_en')} from packages p where p.id = vendors.package_id)`,
      registeredAt: partnerReferrals.createdAt,
      paid: sql<number>`coalesce((select sum(rp.amount) from referral_payments rp where rp.vendor_id = vendors.id and rp.partner_id = ${id}), 0)::bigint`,
      payments: sql<number>`(select count(*)::int from referral_payments rp where rp.vendor_id = vendors.id and rp.partner_id = ${id})`,
      commission: sql<number>`coalesce((select sum(rp.commission) from referral_payments rp where rp.vendor_id = vendors.id and rp.partner_id = ${id}), 0)::bigint`,
      months: sql<number>`(select count(distinct rp.month)::int from referral_payments rp where rp.vendor_id = vendors.id and rp.partner_id = ${id} and rp.commission > 0)`,
      firstPaid: sql<string | null>`(select min(p.paid_at)::text from payments p where p.vendor_id = vendors.id and p.status = 'Success')`,
    })
    .from(partnerReferrals)
    .innerJoin(vendors, eq(vendors.id, partnerReferrals.vendorId))
    .where(where)
    .orderBy(desc(partnerReferrals.createdAt), asc(vendors.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const today = businessDayOf(deps.clock())
  return exactPage(
    rows.map((r) => ({
      id: r.id,
      store_name: r.storeName,
      status: r.status,
      package_name: r.packageName,
      registered_at: r.registeredAt.toISOString(),
      paid_total: sar(Number(r.paid)),
      payments_count: Number(r.payments),
      commission_total: sar(Number(r.commission)),
      months_consumed: Number(r.months),
      months_left: r.firstPaid ? Math.max(0, partner.dueMonths - referralMonthOf(r.firstPaid, today) + 1) : partner.dueMonths,
      first_paid_on: r.firstPaid,
    })),
    total,
    page,
    pageSize,
  )
}

/* CSV export */

const exportColumns = {
  id: partners.id,
  fullName: partners.fullName,
  email: partners.email,
  phone: partners.phone,
  secondPhone: partners.secondPhone,
  commercialRegistration: partners.commercialRegistration,
  taxNo: partners.taxNo,
  referralCode: partners.referralCode,
  referralPercentage: partners.referralPercentage,
  referralDueMonths: partners.referralDueMonths,
  balance: partners.balance,
  isActive: partners.isActive,
  createdAt: partners.createdAt,
  consumedMonths,
  referredCount,
}
type ExportRow = {
  [K in keyof typeof exportColumns]: K extends 'consumedMonths' | 'referredCount' ? number : PartnerRow[K & keyof PartnerRow]
}

const CSV_COLUMNS = [
  ['full_name', (p: ExportRow) => p.fullName],
  ['email', (p: ExportRow) => p.email],
  ['phone', (p: ExportRow) => p.phone],
  ['second_phone', (p: ExportRow) => p.secondPhone ?? ''],
  ['commercial_registration', (p: ExportRow) => p.commercialRegistration ?? ''],
  ['tax_no', (p: ExportRow) => p.taxNo ?? ''],
  ['referral_code', (p: ExportRow) => p.referralCode],
  ['referral_percentage', (p: ExportRow) => Number(p.referralPercentage).toFixed(2)],
  ['referral_due_months', (p: ExportRow) => String(p.referralDueMonths)],
  ['referral_consumed_months', (p: ExportRow) => String(p.consumedMonths)],
  ['referred_count', (p: ExportRow) => String(p.referredCount)],
  ['balance', (p: ExportRow) => sar(p.balance)],
  ['is_active', (p: ExportRow, lang: Locale) => t(lang, p.isActive ? 'partners.active' : 'partners.inactive')],
  ['created_at', (p: ExportRow) => businessDayOf(p.createdAt)],
] as const

const EXPORT_BATCH = 1000

/** Every partner the list's filters and search match, as CSV (headers in `lang`), read in batches by id. */
export function exportPartnersCsv(deps: AppDeps, query: Partial<PartnerListQuery>, lang: Locale): Readable {
  const conditions = filterConditions(query)
  async function* batches() {
    let after = 0
    for (;;) {
      const batch = (await deps.db
        .select(exportColumns)
        .from(partners)
        .where(and(gt(partners.id, after), ...conditions))
        .orderBy(asc(partners.id))
        .limit(EXPORT_BATCH)) as ExportRow[]
      if (batch.length === 0) return
      yield batch.map((row) => CSV_COLUMNS.map(([, value]) => value(row, lang)))
      after = batch[batch.length - 1]!.id
      if (batch.length < EXPORT_BATCH) return
    }
  }
  return csvStream(
    CSV_COLUMNS.map(([key]) => t(lang, `partners.fields.${key}`)),
    batches(),
  )
}
