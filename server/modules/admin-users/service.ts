import { and, asc, count, eq, getTableColumns, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm'
import { hasPermission } from '../../../src/contract/access'
import {
  adminUserListQuery,
  adminUserSchema,
  adminUsersResource,
  userTypes,
  type AdminUser,
  type AdminUserCreateBody,
  type AdminUserListQuery,
  type AdminUserUpdateBody,
  type AdminCategoriesBody,
  type AdminCategoriesResult,
  type LastLoginFilter,
} from '../../../src/contract/admin-users'
import type { Admin } from '../../../src/contract/auth'
import type { Locale } from '../../../src/contract/common'
import type { ChangePasswordBody, UpdateProfileBody } from '../../../src/contract/profile'
import { byName } from '../../db/columns'
import type { Db } from '../../db'
import { changedFields, writeAudit, type AuditChanges } from '../../lib/audit'
import type { AppDeps, Principal } from '../../lib/context'
import { hashPassword, verifyPassword } from '../../lib/crypto'
import { AppError, fieldError, isUniqueViolation } from '../../lib/errors'
import { readOnlyWrites, type ResourceDefinition } from '../../lib/resource'
import { admins, adminSessions } from '../auth/schema'
import { endAdminSessions, me } from '../auth/service'
import { adminRoles } from '../roles/schema'
import { categories } from '../categories/schema'
import { categoryScope, outOfScope } from '../../lib/category-scope'
import { adminCategories } from './schema'
import { readSettings } from '../settings/service'
import { existingRoles } from '../roles/service'

/**
 * Admin users (DOMAIN.md "Admins, roles and permissions"): the list and the record through the
 * generic resource's reads; the writes here, each in one transaction with its audit row, because the
 * rules need the acting admin and other rows:
 * - an admin cannot deactivate or delete itself, nor change its own roles or user type;
 * - the last active primary user cannot be deleted, demoted or deactivated (the rule is checked under
 *   one advisory lock, so two writes cannot each remove "another" primary);
 * - only a primary user creates, promotes or changes a primary user, and an admin who is not primary
 *   gives no role granting what it does not hold itself (no way up through the users screen);
 * - deactivating an admin or setting its password ends its sessions at once (a password set by the
 *   admin itself keeps the session that set it).
 * Secrets never reach the audit: a password change is recorded as `password: changed`.
 */

type AdminRow = typeof admins.$inferSelect
export type AdminUserRow = AdminRow & { roleList?: { id: number; name: string }[] | null }

/** Serialises the writes that could leave no active primary user. */
const PRIMARY_LOCK = sql`select pg_advisory_xact_lock(hashtext('admins:primary'))`

const roleListOf = (lang: Locale) => sql<{ id: number; name: string }[] | null>`(
  select json_agg(json_build_object('id', r.id, 'name', ${sql.raw(lang === 'ar' ? 'r.name_ar' : 'r.name_en')}) order by r.id)
  from admin_roles ar join roles r on r.id = ar.role_id where ar.admin_id = "admins"."id")`

function toAdminUser(row: AdminUserRow): AdminUser {
  const list = row.roleList ?? []
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    locale: row.locale,
    user_type: row.userType,
    is_active: row.isActive,
    role_ids: list.map((r) => r.id),
    roles: list,
    last_login_at: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    is_self: false,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** Marks the acting admin's own record (`is_self`), which the form locks. */
export const markSelf = (item: AdminUser, actor: Principal): AdminUser => ({ ...item, is_self: item.id === actor.id })

export const adminUsersDefinition: ResourceDefinition<AdminUserListQuery, object, { version: number }, AdminUserRow, AdminUser, AdminUser> =
  {
    ...adminUsersResource,
    tags: ['admin-users'],
    table: admins,
    extras: (lang) => ({ roleList: roleListOf(lang).as('role_list') }),
    listQuery: adminUserListQuery,
    ...readOnlyWrites,
    item: adminUserSchema,
    detail: adminUserSchema,
    sort: {
      name: () => byName(admins.name),
      email: () => admins.email,
      last_login_at: () => sql`coalesce(${admins.lastLoginAt}, '-infinity'::timestamptz)`,
      created_at: () => admins.createdAt,
      id: () => admins.id,
    },
    defaultSort: { column: 'id', direction: 'asc' },
    filters: {
      is_active: (value) => eq(admins.isActive, value === '1'),
      user_type: (value) =>
        inArray(
          admins.userType,
          value.split(',').filter((v): v is (typeof userTypes)[number] => (userTypes as readonly string[]).includes(v)),
        ),
      role_id: (value): SQL =>
        sql`exists (select 1 from ${adminRoles} where ${adminRoles.adminId} = ${admins.id} and ${adminRoles.roleId} = ${value})`,
      last_login: (value) => lastLoginCondition(value, new Date()),
    },
    search: () => [admins.name, admins.email],
    toItem: (row) => toAdminUser(row),
    toDetail: async (_db, row) => toAdminUser(row),
  }

const DAY_MS = 24 * 60 * 60 * 1000

/** The condition of the last sign-in filter at `now`. */
function lastLoginCondition(value: LastLoginFilter, now: Date): SQL | undefined {
  const daysAgo = (n: number) => new Date(now.getTime() - n * DAY_MS)
  switch (value) {
    case 'never':
      return isNull(admins.lastLoginAt)
    case 'within_7_days':
      return gte(admins.lastLoginAt, daysAgo(7))
    case 'within_30_days':
      return gte(admins.lastLoginAt, daysAgo(30))
    case 'over_90_days':
      return lt(admins.lastLoginAt, daysAgo(90))
  }
}

/** The list's definition with the sign-in filter measured from the server's clock. */
export const adminUsersListAt = (now: Date): typeof adminUsersDefinition => ({
  ...adminUsersDefinition,
  filters: { ...adminUsersDefinition.filters, last_login: (value) => lastLoginCondition(value, now) },
})

async function readAdminUser(db: Db, id: number, lang: Locale, actor: Principal): Promise<AdminUser> {
  const [row] = await db
    .select({ ...getTableColumns(admins), roleList: roleListOf(lang) })
    .from(admins)
    .where(eq(admins.id, id))
    .limit(1)
  if (!row) throw new AppError(404, 'errors.adminNotFound')
  return markSelf(toAdminUser(row), actor)
}

/** Primary users hold `*` (see `permissionsOf`). */
const isPrimary = (actor: Principal) => actor.permissions.includes('*')
const primaryOnly = () => new AppError(403, 'users.errors.primaryOnly')
const refuse = (field: string, key: string) => new AppError(422, key, { errors: { [field]: [{ key }] } })

/** Other active primary users than `id`. */
async function otherActivePrimaries(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(admins)
    .where(and(eq(admins.userType, 'primary'), eq(admins.isActive, true), ne(admins.id, id)))
  return row?.n ?? 0
}

async function roleIdsOf(db: Db, adminId: number): Promise<number[]> {
  const rows = await db.select({ id: adminRoles.roleId }).from(adminRoles).where(eq(adminRoles.adminId, adminId))
  return rows.map((r) => r.id).sort((a, b) => a - b)
}

/** The roles of `ids` exist; an actor who is not primary gives none granting beyond its own permissions. */
async function checkRoles(db: Db, actor: Principal, ids: readonly number[], already: readonly number[]): Promise<number[]> {
  const found = await existingRoles(db, ids)
  if (!isPrimary(actor)) {
    const added = found.filter((r) => !already.includes(r.id))
    const beyond = [...new Set(added.flatMap((r) => r.permissions))].filter((p) => !hasPermission(actor.permissions, p))
    if (beyond.length > 0)
      throw new AppError(403, 'users.errors.rolesBeyondOwn', { errors: { role_ids: [{ key: 'users.errors.rolesBeyondOwn' }] } })
  }
  return found.map((r) => r.id)
}

async function emailFree(db: Db, email: string, id: number | null): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`admin-email:${email}`}))`)
  const [taken] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(sql`lower(${admins.email}) = ${email.toLowerCase()}`, id === null ? undefined : ne(admins.id, id)))
    .limit(1)
  if (taken) throw fieldError(422, 'email', 'errors.emailTaken')
}

const columnNames = {
  name: 'name',
  email: 'email',
  avatar: 'avatar',
  locale: 'locale',
  userType: 'user_type',
  isActive: 'is_active',
  roleIds: 'role_ids',
}

const uniqueEmail = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(422, 'email', 'errors.emailTaken')
    throw error
  }
}

export async function createAdminUser(deps: AppDeps, actor: Principal, body: AdminUserCreateBody, lang: Locale): Promise<AdminUser> {
  if (body.user_type === 'primary' && !isPrimary(actor)) throw primaryOnly()
  const passwordHash = await hashPassword(body.password)
  const now = deps.clock()
  return uniqueEmail(() =>
    deps.db.transaction(async (tx) => {
      await emailFree(tx, body.email, null)
      const roleIds = await checkRoles(tx, actor, body.role_ids, [])
      const values = {
        name: body.name,
        email: body.email,
        avatar: body.avatar ?? null,
        // a new admin's language, unless chosen: the settings' default for new admins
        locale: body.locale ?? (await readSettings(tx)).default_language,
        userType: body.user_type,
        isActive: body.is_active ?? true,
      }
      const [row] = await tx
        .insert(admins)
        .values({ ...values, passwordHash, createdAt: now, updatedAt: now })
        .returning({ id: admins.id })
      if (!row) throw new Error('admin insert returned no row')
      if (roleIds.length > 0) await tx.insert(adminRoles).values(roleIds.map((roleId) => ({ adminId: row.id, roleId, createdAt: now })))
      const changes: AuditChanges = { ...changedFields({}, { ...values, roleIds }, columnNames), password: { from: null, to: 'set' } }
      await writeAudit(tx, { adminId: actor.id, action: 'create', resource: 'users', recordId: row.id, changes, at: now })
      return readAdminUser(tx, row.id, lang, actor)
    }),
  )
}

type Change = {
  name?: string
  email?: string
  avatar?: string | null
  locale?: Locale
  userType?: AdminRow['userType']
  isActive?: boolean
  roleIds?: number[]
  passwordHash?: string
}

/**
 * Applies a change to an admin under the rules (the row locked, the primary rule serialised); ends
 * its sessions when it is deactivated or its password set. Returns the sessions it ended.
 */
async function applyChange(
  tx: Db,
  actor: Principal,
  before: AdminRow,
  change: Change,
  now: Date,
  action: 'update' | 'toggle',
): Promise<number> {
  await tx.execute(PRIMARY_LOCK)
  const self = before.id === actor.id
  if ((before.userType === 'primary' || change.userType === 'primary') && !isPrimary(actor)) throw primaryOnly()
  const currentRoles = await roleIdsOf(tx, before.id)
  const roleIds = change.roleIds ? await checkRoles(tx, actor, change.roleIds, currentRoles) : currentRoles
  const nextType = change.userType ?? before.userType
  const nextActive = change.isActive ?? before.isActive
  if (self && !nextActive) throw refuse('is_active', 'users.errors.selfDeactivate')
  if (self && nextType !== before.userType) throw refuse('user_type', 'users.errors.selfType')
  if (self && JSON.stringify(roleIds) !== JSON.stringify(currentRoles)) throw refuse('role_ids', 'users.errors.selfRoles')
  const stillPrimary = nextType === 'primary' && nextActive
  if (before.userType === 'primary' && before.isActive && !stillPrimary && (await otherActivePrimaries(tx, before.id)) === 0)
    throw refuse(nextActive ? 'user_type' : 'is_active', 'users.errors.lastPrimary')
  if (change.email !== undefined && change.email !== before.email) await emailFree(tx, change.email, before.id)

  const { roleIds: _roles, passwordHash, ...columns } = change
  const changes: AuditChanges = changedFields(
    { ...before, roleIds: currentRoles },
    { ...columns, ...(change.roleIds ? { roleIds } : {}) },
    columnNames,
  )
  if (passwordHash) changes.password = { from: 'set', to: 'changed' }
  if (Object.keys(changes).length === 0) return 0
  await tx
    .update(admins)
    .set({ ...columns, ...(passwordHash ? { passwordHash } : {}), updatedAt: now, version: sql`${admins.version} + 1` })
    .where(eq(admins.id, before.id))
  if (change.roleIds && JSON.stringify(roleIds) !== JSON.stringify(currentRoles)) {
    await tx.delete(adminRoles).where(eq(adminRoles.adminId, before.id))
    if (roleIds.length > 0) await tx.insert(adminRoles).values(roleIds.map((roleId) => ({ adminId: before.id, roleId, createdAt: now })))
  }
  let ended = 0
  if (!nextActive || passwordHash) {
    // its own password set by itself keeps the session that set it; anything else ends them all
    const keep = self && nextActive ? actor.sessionId : undefined
    ended = await countSessions(tx, before.id, keep)
    await endAdminSessions(tx, before.id, nextActive ? 'password_changed' : 'deactivated', now, keep)
  }
  await writeAudit(tx, { adminId: actor.id, action, resource: 'users', recordId: before.id, changes, at: now })
  return ended
}

async function countSessions(db: Db, adminId: number, exceptSessionId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminSessions)
    .where(and(eq(adminSessions.subjectId, adminId), exceptSessionId === undefined ? undefined : ne(adminSessions.id, exceptSessionId)))
  return row?.n ?? 0
}

async function lockAdmin(db: Db, id: number): Promise<AdminRow> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1).for('update')
  if (!row) throw new AppError(404, 'errors.adminNotFound')
  return row
}

export async function updateAdminUser(
  deps: AppDeps,
  actor: Principal,
  id: number,
  body: AdminUserUpdateBody,
  lang: Locale,
): Promise<AdminUser> {
  const passwordHash = body.password ? await hashPassword(body.password) : undefined
  const now = deps.clock()
  return uniqueEmail(() =>
    deps.db.transaction(async (tx) => {
      const before = await lockAdmin(tx, id)
      if (before.version !== body.version) throw new AppError(409, 'errors.conflict', { errors: { version: [{ key: 'errors.conflict' }] } })
      await applyChange(
        tx,
        actor,
        before,
        {
          name: body.name,
          email: body.email,
          avatar: body.avatar ?? null,
          ...(body.locale ? { locale: body.locale } : {}),
          userType: body.user_type,
          ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
          roleIds: body.role_ids,
          ...(passwordHash ? { passwordHash } : {}),
        },
        now,
        'update',
      )
      return readAdminUser(tx, id, lang, actor)
    }),
  )
}

export async function toggleAdminUser(deps: AppDeps, actor: Principal, id: number, lang: Locale): Promise<AdminUser> {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const before = await lockAdmin(tx, id)
    await applyChange(tx, actor, before, { isActive: !before.isActive }, now, 'toggle')
    return readAdminUser(tx, id, lang, actor)
  })
}

export async function deleteAdminUser(deps: AppDeps, actor: Principal, id: number): Promise<void> {
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    const before = await lockAdmin(tx, id)
    await tx.execute(PRIMARY_LOCK)
    if (before.id === actor.id) throw new AppError(409, 'users.errors.selfDelete')
    if (before.userType === 'primary' && !isPrimary(actor)) throw primaryOnly()
    if (before.userType === 'primary' && before.isActive && (await otherActivePrimaries(tx, id)) === 0)
      throw new AppError(409, 'users.errors.lastPrimary')
    const roleIds = await roleIdsOf(tx, id)
    await tx.delete(admins).where(eq(admins.id, id))
    const { passwordHash: _hash, ...rest } = before
    const gone = Object.fromEntries(Object.keys(columnNames).map((key) => [key, null]))
    const changes = changedFields({ ...rest, roleIds }, gone, columnNames)
    await writeAudit(tx, { adminId: actor.id, action: 'delete', resource: 'users', recordId: id, changes, at: now })
  })
}

/** `GET admin-panal/setting/get-profile`: the signed-in admin. */
export const getProfile = (deps: AppDeps, actor: Principal): Promise<{ admin: Admin }> => me(deps, actor)

/** `POST update-profile`: name, email (unique whatever the case), avatar and language of the signed-in admin. */
export async function updateProfile(deps: AppDeps, actor: Principal, body: UpdateProfileBody): Promise<{ admin: Admin }> {
  const now = deps.clock()
  await uniqueEmail(() =>
    deps.db.transaction(async (tx) => {
      const before = await lockAdmin(tx, actor.id)
      await applyChange(
        tx,
        actor,
        before,
        { name: body.name, email: body.email, avatar: body.avatar ?? null, locale: body.locale },
        now,
        'update',
      )
    }),
  )
  return me(deps, actor)
}

/**
 * `POST change-password`: "Password not correct" (422 on `current_password`) when the current one is
 * wrong; else the new one is stored and every OTHER session of the admin ends (this one stays).
 */
export async function changePassword(deps: AppDeps, actor: Principal, body: ChangePasswordBody): Promise<{ ended_sessions: number }> {
  const [row] = await deps.db.select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, actor.id)).limit(1)
  if (!row) throw new AppError(401, 'errors.unauthenticated')
  if (!(await verifyPassword(row.passwordHash, body.current_password)))
    throw fieldError(422, 'current_password', 'errors.passwordNotCorrect')
  const passwordHash = await hashPassword(body.password)
  const now = deps.clock()
  const ended = await deps.db.transaction(async (tx) =>
    applyChange(tx, actor, await lockAdmin(tx, actor.id), { passwordHash }, now, 'update'),
  )
  return { ended_sessions: ended }
}

/** The categories assigned to `adminId`, each with its path (names in `lang`, top first). */
async function assignedCategories(db: Db, adminId: number, lang: Locale): Promise<AdminCategoriesResult['categories']> {
  const name = sql.raw(lang === 'ar' ? 'name_ar' : 'name_en')
  const result = await db.execute(sql`
    with recursive up(start_id, id, parent_id, name, depth) as (
      select c.id, c.id, c.parent_id, c.${name}, 0 from categories c
        join admin_categories ac on ac.category_id = c.id where ac.admin_id = ${adminId}
      union all
      select up.start_id, p.id, p.parent_id, p.${name}, up.depth + 1 from categories p join up on p.id = up.parent_id
    )
    select start_id, json_agg(name order by depth desc) as path from up group by start_id`)
  const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as { start_id: number; path: unknown }[]
  return rows
    .map((r) => {
      const path = (typeof r.path === 'string' ? JSON.parse(r.path) : r.path) as string[]
      return { id: Number(r.start_id), name: path[path.length - 1] ?? '', path }
    })
    .sort((a, b) => a.path.join('/').localeCompare(b.path.join('/'), lang) || a.id - b.id)
}

async function categoriesAnswer(db: Db, row: AdminRow, actor: Principal, lang: Locale): Promise<AdminCategoriesResult> {
  return {
    admin: { id: row.id, name: row.name, user_type: row.userType, is_self: row.id === actor.id },
    categories: await assignedCategories(db, row.id, lang),
  }
}

/** `GET admin-panal/users/categories/{id}`: the categories an admin is responsible for. */
export async function getAdminCategories(deps: AppDeps, actor: Principal, id: number, lang: Locale): Promise<AdminCategoriesResult> {
  const [row] = await deps.db.select().from(admins).where(eq(admins.id, id)).limit(1)
  if (!row) throw new AppError(404, 'errors.adminNotFound')
  return categoriesAnswer(deps.db, row, actor, lang)
}

/**
 * `PUT admin-panal/users/categories/{id}`: replaces the categories a sub user is responsible for
 * (none: no category restriction). Not for a primary user (never restricted), not for oneself; an
 * actor limited to categories assigns only categories within its own reach. Audited.
 */
export async function setAdminCategories(
  deps: AppDeps,
  actor: Principal,
  id: number,
  body: AdminCategoriesBody,
  lang: Locale,
): Promise<AdminCategoriesResult> {
  const now = deps.clock()
  const wanted = [...new Set(body.category_ids)].sort((a, b) => a - b)
  return deps.db.transaction(async (tx) => {
    const before = await lockAdmin(tx, id)
    if (before.id === actor.id) throw refuse('category_ids', 'users.errors.selfCategories')
    if (before.userType === 'primary') throw refuse('category_ids', 'users.errors.primaryCategories')
    const scope = await categoryScope(tx, actor)
    if (scope && wanted.some((c) => !scope.has(c))) throw outOfScope()
    if (wanted.length > 0) {
      const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, wanted)).for('share')
      if (found.length !== wanted.length) throw refuse('category_ids', 'validation.recordMissing')
    }
    const current = (
      await tx
        .select({ id: adminCategories.categoryId })
        .from(adminCategories)
        .where(eq(adminCategories.adminId, id))
        .orderBy(asc(adminCategories.categoryId))
    ).map((r) => r.id)
    if (JSON.stringify(current) !== JSON.stringify(wanted)) {
      await tx.delete(adminCategories).where(eq(adminCategories.adminId, id))
      if (wanted.length > 0)
        await tx.insert(adminCategories).values(wanted.map((categoryId) => ({ adminId: id, categoryId, createdAt: now })))
      await writeAudit(tx, {
        adminId: actor.id,
        action: 'update',
        resource: 'users',
        recordId: id,
        changes: { category_ids: { from: current, to: wanted } },
        at: now,
      })
    }
    return categoriesAnswer(tx, before, actor, lang)
  })
}
