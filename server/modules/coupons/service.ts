import { and, arrayContains, arrayOverlaps, eq, gt, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Locale } from '../../../src/contract/common'
import {
  couponCreateBody,
  couponListQuery,
  couponSchema,
  couponsResource,
  couponUpdateBody,
  type Coupon,
  type CouponCheckBody,
  type CouponCheckResult,
  type CouponCreateBody,
  type CouponListQuery,
  type CouponRefusal,
  type CouponUpdateBody,
} from '../../../src/contract/coupons'
import { DEFAULT_VAT_PERCENT } from '../../../src/contract/packages'
import {
  businessDayOf,
  couponStatusOf,
  decimalToHalalas,
  halalasToDecimal,
  priceBreakdown,
  type CouponStatus,
} from '../../../src/domain/money'
import { byName } from '../../db/columns'
import type { Db } from '../../db'
import type { AppDeps, DeletionGuard } from '../../lib/context'
import { AppError, fieldError, type FieldErrors } from '../../lib/errors'
import type { ColumnValues, ResourceDefinition } from '../../lib/resource'
import { packages, packageSettings } from '../subscription-packages/schema'
import { coupons } from './schema'

/**
 * Coupons: the generic resource over `coupons` with the rules across rows (unique code whatever the
 * case, the packages exist, a FIXED value within the cheapest package's price, no day earlier than
 * today), the derived status, the public price check and the atomic redemption.
 */

export type CouponRow = typeof coupons.$inferSelect & { packageTitles?: { id: number; title: string }[] | null }

const riyalsOf = (halalas: number) => Number(halalasToDecimal(halalas))

const statusOf = (row: CouponRow, today: string): CouponStatus =>
  couponStatusOf({ active: row.isActive, from: row.validFrom, to: row.validTo, userCount: row.userCount, uses: row.uses }, today)

function toCoupon(row: CouponRow, lang: Locale, today: string): Coupon {
  return {
    id: row.id,
    name: lang === 'ar' ? row.nameAr : row.nameEn,
    code: row.code,
    type: row.type as Coupon['type'],
    value: row.type === 'FIXED' ? riyalsOf(row.value) : row.value,
    from: row.validFrom,
    to: row.validTo,
    user_count: row.userCount,
    uses: row.uses,
    status: statusOf(row, today),
    package_ids: row.packageIds,
    packages: row.packageTitles ?? [],
    is_active: row.isActive,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    translations: [
      { locale: 'ar', name: row.nameAr },
      { locale: 'en', name: row.nameEn },
    ],
  }
}

function toValues(body: CouponCreateBody | Omit<CouponUpdateBody, 'version'>): ColumnValues {
  const values: ColumnValues = {
    nameAr: body.name_ar,
    nameEn: body.name_en,
    code: body.code,
    type: body.type,
    value: body.type === 'FIXED' ? (decimalToHalalas(body.value) ?? 0) : body.value,
    validFrom: body.from,
    validTo: body.to,
    userCount: body.user_count,
    packageIds: [...new Set(body.package_ids)].sort((a, b) => a - b),
  }
  if (body.is_active !== undefined) values.isActive = body.is_active
  return values
}

/** The condition of each derived status on `today` (the same rule as `couponStatusOf`). */
function statusCondition(status: CouponStatus, today: string): SQL | undefined {
  const live = and(eq(coupons.isActive, true), gte(coupons.validTo, today))
  switch (status) {
    case 'inactive':
      return eq(coupons.isActive, false)
    case 'expired':
      return and(eq(coupons.isActive, true), lt(coupons.validTo, today))
    case 'used_up':
      return and(live, gte(coupons.uses, coupons.userCount))
    case 'scheduled':
      return and(live, lt(coupons.uses, coupons.userCount), gt(coupons.validFrom, today))
    case 'active':
      return and(live, lt(coupons.uses, coupons.userCount), lte(coupons.validFrom, today))
  }
}

/** Rules across rows, in the write's transaction. */
async function validateCoupon(db: Db, values: ColumnValues, id: number | null, today: string): Promise<void> {
  const errors: FieldErrors = {}
  const code = String(values.code)
  // two saves of one code wait for each other, so the check below cannot be raced
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`coupon:${code.toLowerCase()}`}))`)
  const [taken] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(sql`lower(${coupons.code}) = lower(${code})`, id === null ? undefined : ne(coupons.id, id)))
    .limit(1)
  if (taken) errors.code = [{ key: 'coupons.errors.codeTaken' }]

  const before = id === null ? undefined : (await db.select().from(coupons).where(eq(coupons.id, id)).limit(1))[0]
  for (const [field, column] of [
    ['from', 'validFrom'],
    ['to', 'validTo'],
  ] as const) {
    const day = String(values[column])
    if (day < today && (!before || before[column] !== day)) errors[field] = [{ key: 'validation.earlierDate' }]
  }
  if (before && Number(values.userCount) < before.uses)
    errors.user_count = [{ key: 'coupons.errors.belowUses', values: { n: before.uses } }]

  const ids = values.packageIds as number[]
  const found = await db.select({ id: packages.id, price: packages.price }).from(packages).where(inArray(packages.id, ids))
  if (found.length !== ids.length) errors.package_ids = [{ key: 'validation.recordMissing' }]
  else if (values.type === 'FIXED') {
    const cheapest = Math.min(...found.map((p) => p.price))
    if (Number(values.value) > cheapest)
      errors.value = [{ key: 'coupons.errors.fixedAbovePrice', values: { price: halalasToDecimal(cheapest) } }]
  }
  if (Object.keys(errors).length > 0) throw new AppError(422, 'errors.validation', { errors })
}

/** The coupons resource; `clock` gives "today" for the status, its filter and the date rule. */
export function couponsDefinition(
  clock: () => Date,
): ResourceDefinition<CouponListQuery, CouponCreateBody, CouponUpdateBody, CouponRow, Coupon, Coupon> {
  const today = () => businessDayOf(clock())
  return {
    ...couponsResource,
    table: coupons,
    extras: (lang) => ({
      packageTitles: sql<{ id: number; title: string }[] | null>`(
        select json_agg(json_build_object('id', p.id, 'title', ${sql.raw(lang === 'ar' ? 'p.title_ar' : 'p.title_en')}) order by p.display_order, p.id)
        from ${packages} p where p.id = any(${coupons.packageIds}))`.as('package_titles'),
    }),
    listQuery: couponListQuery,
    createBody: couponCreateBody,
    updateBody: couponUpdateBody,
    item: couponSchema,
    detail: couponSchema,
    sort: {
      name: (lang) => byName(lang === 'ar' ? coupons.nameAr : coupons.nameEn),
      code: () => sql`lower(${coupons.code})`,
      from: () => coupons.validFrom,
      to: () => coupons.validTo,
      uses: () => coupons.uses,
      created_at: () => coupons.createdAt,
      id: () => coupons.id,
    },
    defaultSort: { column: 'id', direction: 'desc' },
    filters: {
      is_active: (value) => eq(coupons.isActive, value === '1'),
      status: (value) => or(...value.split(',').map((s) => statusCondition(s as CouponStatus, today()))),
      type: (value) => inArray(coupons.type, value.split(',')),
      package_id: (value) => arrayContains(coupons.packageIds, [value]),
    },
    search: () => [coupons.nameAr, coupons.nameEn, coupons.code],
    toItem: (row, lang) => toCoupon(row, lang, today()),
    toDetail: (_db, row, lang) => Promise.resolve(toCoupon(row, lang, today())),
    toValues,
    validate: (db, values, id) => validateCoupon(db, values, id, today()),
  }
}

/** Asked before a package is deleted: coupons that offer it must let it go first. */
export const refuseDeletingCouponPackage: DeletionGuard = async (db, packageId) => {
  const [row] = await db
    .select({ code: coupons.code })
    .from(coupons)
    .where(arrayOverlaps(coupons.packageIds, [packageId]))
    .limit(1)
  return row ? { key: 'coupons.errors.packageInCoupons', values: { code: row.code } } : null
}

/**
 * Counts one use of a coupon, atomically: one conditional UPDATE, so with `n` uses left exactly `n`
 * of any number of simultaneous redemptions succeed. Call it in the transaction of the payment it
 * belongs to. Answers the uses after this one, or null when none was left.
 */
export async function redeemCoupon(tx: Db, couponId: number, now: Date = new Date()): Promise<number | null> {
  const [row] = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1`, updatedAt: now })
    .where(and(eq(coupons.id, couponId), lt(coupons.uses, coupons.userCount)))
    .returning({ uses: coupons.uses })
  return row ? row.uses : null
}

async function vatPercentOf(db: Db): Promise<number> {
  const [row] = await db.select({ vat: packageSettings.vatPercent }).from(packageSettings).limit(1)
  return row ? Number(row.vat) : DEFAULT_VAT_PERCENT
}

/**
 * The coupon of `code` (any case) and why it does not apply to `packageId` today, if it does not:
 * unknown, not active (scheduled, expired, used up, switched off) or not for that package.
 */
export async function couponFor(
  db: Db,
  code: string,
  packageId: number,
  now: Date,
): Promise<{ coupon: CouponRow | undefined; reason: CouponRefusal | null }> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`)
    .limit(1)
  if (!coupon) return { coupon, reason: 'not_found' }
  const status = statusOf(coupon, businessDayOf(now))
  if (status !== 'active') return { coupon, reason: status }
  return { coupon, reason: coupon.packageIds.includes(packageId) ? null : 'not_for_package' }
}

/**
 * `POST coupons/check`: a package's price with a coupon code (discount before VAT, VAT, total), or
 * the package's own price and why the code does not apply. Only active packages can be priced.
 */
export async function checkCoupon(deps: AppDeps, body: CouponCheckBody): Promise<CouponCheckResult> {
  const [pkg] = await deps.db
    .select({ price: packages.price })
    .from(packages)
    .where(and(eq(packages.id, body.package_id), eq(packages.isActive, true)))
    .limit(1)
  if (!pkg) throw fieldError(422, 'package_id', 'validation.recordMissing')
  const vatPercent = await vatPercentOf(deps.db)
  const { coupon, reason } = body.code
    ? await couponFor(deps.db, body.code, body.package_id, deps.clock())
    : { coupon: undefined, reason: null }
  const applied = reason === null && coupon ? { type: coupon.type as 'PERCENTAGE' | 'FIXED', value: coupon.value } : null
  const breakdown = priceBreakdown({ price: pkg.price, coupon: applied, vatPercent })
  return {
    applies: reason === null,
    reason,
    price: riyalsOf(breakdown.price),
    discount: riyalsOf(breakdown.discount),
    net: riyalsOf(breakdown.net),
    vat: riyalsOf(breakdown.vat),
    total: riyalsOf(breakdown.total),
    vat_percent: vatPercent,
  }
}
