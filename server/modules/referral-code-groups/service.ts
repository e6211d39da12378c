import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Locale } from '../../../src/contract/common'
import { exactPage, type Page } from '../../../src/contract/resource'
import {
  referralGroupCreateBody,
  referralGroupListQuery,
  referralGroupSchema,
  referralGroupsResource,
  referralGroupUpdateBody,
  type GroupVendor,
  type GroupVendorsBody,
  type ReferralGroup,
  type ReferralGroupCreateBody,
  type ReferralGroupListQuery,
  type ReferralGroupUpdateBody,
} from '../../../src/contract/referral-code-groups'
import { byName } from '../../db/columns'
import type { Db } from '../../db'
import { writeAudit } from '../../lib/audit'
import type { AppDeps, Principal } from '../../lib/context'
import { AppError, fieldError } from '../../lib/errors'
import type { ColumnValues, ResourceDefinition, ResourceTable } from '../../lib/resource'
import { vendors } from '../vendors/schema'
import { referralCodeGroups, referralGroupVendors } from './schema'

/**
 * Referral code groups: the generic resource with the default mark kept on exactly one group (moved
 * in the write's transaction), and the vendors placed in a group. A vendor referrer's commission
 * follows its group when that group is active, else the default group (`referrerRuleOfVendor`).
 */

type GroupRow = typeof referralCodeGroups.$inferSelect & { vendorsCount?: number | null }

function toGroup(row: GroupRow, lang: Locale): ReferralGroup {
  return {
    id: row.id,
    name: lang === 'ar' ? row.nameAr : row.nameEn,
    percentage: Number(row.percentage),
    number_of_months: row.numberOfMonths,
    is_default: row.isDefault,
    is_active: row.isActive,
    vendors_count: Number(row.vendorsCount ?? 0),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    translations: [
      { locale: 'ar', name: row.nameAr },
      { locale: 'en', name: row.nameEn },
    ],
  }
}

function toValues(body: ReferralGroupCreateBody | Omit<ReferralGroupUpdateBody, 'version'>): ColumnValues {
  const values: ColumnValues = {
    nameAr: body.name_ar,
    nameEn: body.name_en,
    percentage: body.percentage,
    numberOfMonths: body.number_of_months,
    isDefault: body.is_default,
  }
  if (body.is_active !== undefined) values.isActive = body.is_active
  // the default group is the one vendors fall back to: it is active
  if (body.is_default) values.isActive = true
  return values
}

/**
 * The default mark, in the write's transaction: a group made the default takes it from the one that
 * had it; the default cannot be taken off (another group is made the default instead); the first
 * group becomes the default. Saves of groups wait for each other so the mark is never lost or doubled.
 */
async function validateGroup(db: Db, values: ColumnValues, id: number | null, now: Date): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('referral-code-groups:default'))`)
  const [current] = await db
    .select({ id: referralCodeGroups.id })
    .from(referralCodeGroups)
    .where(eq(referralCodeGroups.isDefault, true))
    .limit(1)
  if (values.isDefault) {
    if (current && current.id !== id)
      await db
        .update(referralCodeGroups)
        .set({ isDefault: false, updatedAt: now, version: sql`${referralCodeGroups.version} + 1` })
        .where(eq(referralCodeGroups.id, current.id))
    return
  }
  if (!current) {
    // the first group is the default whatever was asked
    values.isDefault = true
    values.isActive = true
    return
  }
  if (current.id === id) throw fieldError(422, 'is_default', 'referral-code-groups.errors.defaultRequired')
}

const vendorsCount = sql<number>`(select count(*)::int from referral_group_vendors m where m.group_id = referral_code_groups.id)`

export function referralGroupsDefinition(
  clock: () => Date,
): ResourceDefinition<ReferralGroupListQuery, ReferralGroupCreateBody, ReferralGroupUpdateBody, GroupRow, ReferralGroup, ReferralGroup> {
  return {
    ...referralGroupsResource,
    table: referralCodeGroups as unknown as ResourceTable,
    extras: () => ({ vendorsCount: vendorsCount.as('vendors_count') }),
    listQuery: referralGroupListQuery,
    createBody: referralGroupCreateBody,
    updateBody: referralGroupUpdateBody,
    item: referralGroupSchema,
    detail: referralGroupSchema,
    sort: {
      name: (lang) => byName(lang === 'ar' ? referralCodeGroups.nameAr : referralCodeGroups.nameEn),
      percentage: () => referralCodeGroups.percentage,
      number_of_months: () => referralCodeGroups.numberOfMonths,
      vendors_count: () => vendorsCount,
      created_at: () => referralCodeGroups.createdAt,
      id: () => referralCodeGroups.id,
    },
    defaultSort: { column: 'id', direction: 'asc' },
    filters: {
      is_active: (value) => eq(referralCodeGroups.isActive, value === '1'),
      is_default: (value) => eq(referralCodeGroups.isDefault, value === '1'),
    },
    search: () => [referralCodeGroups.nameAr, referralCodeGroups.nameEn],
    toItem: (row, lang) => toGroup(row, lang),
    toDetail: (_db, row, lang) => Promise.resolve(toGroup(row, lang)),
    toValues,
    validate: (db, values, id) => validateGroup(db, values, id, clock()),
    deleteRefusal: async (db, id) => {
      const [row] = await db
        .select({ isDefault: referralCodeGroups.isDefault })
        .from(referralCodeGroups)
        .where(eq(referralCodeGroups.id, id))
      if (row?.isDefault) return 'referral-code-groups.errors.defaultUndeletable'
      const [member] = await db
        .select({ id: referralGroupVendors.vendorId })
        .from(referralGroupVendors)
        .where(eq(referralGroupVendors.groupId, id))
        .limit(1)
      return member ? 'referral-code-groups.errors.hasVendors' : null
    },
    toggleRefusal: async (db, id) => {
      const [row] = await db
        .select({ isDefault: referralCodeGroups.isDefault })
        .from(referralCodeGroups)
        .where(eq(referralCodeGroups.id, id))
      return row?.isDefault ? 'referral-code-groups.errors.defaultStaysActive' : null
    },
  }
}

/* The group's vendors */

async function existingGroup(db: Db, id: number) {
  const [group] = await db.select({ id: referralCodeGroups.id }).from(referralCodeGroups).where(eq(referralCodeGroups.id, id)).limit(1)
  if (!group) throw new AppError(404, 'errors.notFound')
  return group
}

export async function listGroupVendors(deps: AppDeps, id: number, page: number, pageSize: number): Promise<Page<GroupVendor>> {
  await existingGroup(deps.db, id)
  const where = eq(referralGroupVendors.groupId, id)
  const [counted] = await deps.db.select({ n: count() }).from(referralGroupVendors).where(where)
  const total = counted?.n ?? 0
  const rows = await deps.db
    .select({
      id: vendors.id,
      storeName: vendors.storeName,
      referralCode: vendors.referralCode,
      status: vendors.status,
      joinedAt: referralGroupVendors.createdAt,
      referred: sql<number>`(select count(*)::int from vendors r where r.referred_by_vendor_id = vendors.id)`,
    })
    .from(referralGroupVendors)
    .innerJoin(vendors, eq(vendors.id, referralGroupVendors.vendorId))
    .where(where)
    .orderBy(desc(referralGroupVendors.createdAt), asc(vendors.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  return exactPage(
    rows.map((r) => ({
      id: r.id,
      store_name: r.storeName,
      referral_code: r.referralCode,
      status: r.status,
      referred_count: Number(r.referred),
      joined_at: r.joinedAt.toISOString(),
    })),
    total,
    page,
    pageSize,
  )
}

type WriteContext = { deps: AppDeps; admin: Principal }

/** Moves vendors into the group (out of whichever group they were in), audited. */
export async function addGroupVendors({ deps, admin }: WriteContext, id: number, body: GroupVendorsBody): Promise<number> {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    await existingGroup(tx, id)
    const ids = [...new Set(body.vendor_ids ?? [])]
    if (ids.length > 0) {
      const found = await tx.select({ id: vendors.id }).from(vendors).where(inArray(vendors.id, ids))
      if (found.length !== ids.length) throw fieldError(422, 'vendor_ids', 'validation.recordMissing')
    }
    const codes = [...new Set((body.referral_codes ?? []).map((code) => code.toUpperCase()))]
    if (codes.length > 0) {
      const found = await tx
        .select({ id: vendors.id })
        .from(vendors)
        .where(inArray(sql`upper(${vendors.referralCode})`, codes))
      if (found.length !== codes.length) throw fieldError(422, 'referral_codes', 'referral-code-groups.errors.unknownCode')
      for (const row of found) if (!ids.includes(row.id)) ids.push(row.id)
    }
    await tx
      .insert(referralGroupVendors)
      .values(ids.map((vendorId) => ({ vendorId, groupId: id, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: referralGroupVendors.vendorId,
        set: { groupId: id, createdAt: now, updatedAt: now },
        setWhere: ne(referralGroupVendors.groupId, id),
      })
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'addVendors',
      resource: referralGroupsResource.name,
      recordId: id,
      changes: { vendor_ids: { from: null, to: ids } },
      at: now,
    })
    return ids.length
  })
}

/** Takes a vendor out of the group: its code follows the default group again. */
export async function removeGroupVendor({ deps, admin }: WriteContext, id: number, vendorId: number): Promise<void> {
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    const gone = await tx
      .delete(referralGroupVendors)
      .where(and(eq(referralGroupVendors.groupId, id), eq(referralGroupVendors.vendorId, vendorId)))
      .returning({ id: referralGroupVendors.vendorId })
    if (gone.length === 0) throw new AppError(404, 'errors.notFound')
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'removeVendor',
      resource: referralGroupsResource.name,
      recordId: id,
      changes: { vendor_id: { from: vendorId, to: null } },
      at: now,
    })
  })
}

/** The commission rule of a vendor referrer: its group if active, else the default group; null when there is none. */
export async function referrerRuleOfVendor(
  db: Db,
  vendorId: number,
): Promise<{ groupId: number; percentage: number; months: number } | null> {
  const [own] = await db
    .select({ id: referralCodeGroups.id, percentage: referralCodeGroups.percentage, months: referralCodeGroups.numberOfMonths })
    .from(referralGroupVendors)
    .innerJoin(referralCodeGroups, eq(referralCodeGroups.id, referralGroupVendors.groupId))
    .where(and(eq(referralGroupVendors.vendorId, vendorId), eq(referralCodeGroups.isActive, true)))
    .limit(1)
  const [rule] = own
    ? [own]
    : await db
        .select({ id: referralCodeGroups.id, percentage: referralCodeGroups.percentage, months: referralCodeGroups.numberOfMonths })
        .from(referralCodeGroups)
        .where(eq(referralCodeGroups.isDefault, true))
        .limit(1)
  return rule ? { groupId: rule.id, percentage: Number(rule.percentage), months: rule.months } : null
}
