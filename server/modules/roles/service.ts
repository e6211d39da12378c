import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import { hasPermission } from '../../../src/contract/access'
import type { Locale } from '../../../src/contract/common'
import {
  roleListQuery,
  roleSchema,
  rolesResource,
  type PermissionModule,
  type Role,
  type RoleCreateBody,
  type RoleListQuery,
  type RoleUpdateBody,
} from '../../../src/contract/roles'
import { byName } from '../../db/columns'
import type { Db } from '../../db'
import { changedFields, writeAudit } from '../../lib/audit'
import type { AppDeps, Principal, ServerModule } from '../../lib/context'
import { AppError } from '../../lib/errors'
import { loadModules } from '../../lib/modules'
import { readOnlyWrites, type ResourceDefinition, ResourceTable } from '../../lib/resource'
import { admins } from '../auth/schema'
import { adminRoles, roles } from './schema'

/**
 * Roles: the list and the record through the generic resource's reads; writes here, because each
 * permission must be one a module declares, and an admin who is not primary may grant only what it
 * holds itself (else a role editor could give itself anything). A role held by an admin is not deleted.
 */

export type RoleRow = typeof roles.$inferSelect & { adminsCount?: number | null }

const adminsCountOf = sql<number>`(select count(*)::int from admin_roles ar where ar.role_id = "roles"."id")`

function toRole(row: RoleRow, lang: Locale): Role {
  return {
    id: row.id,
    name: lang === 'ar' ? row.nameAr : row.nameEn,
    permissions: row.permissions,
    admins_count: row.adminsCount ?? 0,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    translations: [
      { locale: 'ar', name: row.nameAr },
      { locale: 'en', name: row.nameEn },
    ],
  }
}

/** The roles list and record (read through `listRecords` / `getRecord`; the table has no active flag). */
export const rolesDefinition: ResourceDefinition<RoleListQuery, object, { version: number }, RoleRow, Role, Role> = {
  ...rolesResource,
  table: roles as unknown as ResourceTable,
  extras: () => ({ adminsCount: adminsCountOf.as('admins_count') }),
  listQuery: roleListQuery,
  ...readOnlyWrites,
  item: roleSchema,
  detail: roleSchema,
  sort: {
    name: (lang) => byName(lang === 'ar' ? roles.nameAr : roles.nameEn),
    admins: () => adminsCountOf,
    created_at: () => roles.createdAt,
    id: () => roles.id,
  },
  defaultSort: { column: 'id', direction: 'asc' },
  filters: {},
  search: () => [roles.nameAr, roles.nameEn],
  toItem: toRole,
  toDetail: async (_db, row, lang) => toRole(row, lang),
}

/** Every permission the modules declare, by module (module order as declared, actions as declared). */
function permissionModules(modules: readonly ServerModule[]): PermissionModule[] {
  const byModule = new Map<string, string[]>()
  for (const module of modules)
    for (const permission of module.permissions ?? []) {
      const [name, action] = permission.split(':') as [string, string]
      const actions = byModule.get(name) ?? []
      if (!actions.includes(action)) actions.push(action)
      byModule.set(name, actions)
    }
  return [...byModule.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([module, actions]) => ({ module, actions }))
}

export async function declaredPermissions(): Promise<PermissionModule[]> {
  return permissionModules(await loadModules())
}

/** Declared, and held by the acting admin unless it is primary (no one grants more than it has). */
async function checkedPermissions(actor: Principal, permissions: readonly string[]): Promise<string[]> {
  const declared = new Set((await declaredPermissions()).flatMap((m) => m.actions.map((a) => `${m.module}:${a}`)))
  const unique = [...new Set(permissions)].sort()
  const unknown = unique.filter((p) => !declared.has(p))
  if (unknown.length > 0)
    throw new AppError(422, 'roles.errors.unknownPermission', {
      values: { permissions: unknown.join(', ') },
      errors: { permissions: [{ key: 'roles.errors.unknownPermission', values: { permissions: unknown.join(', ') } }] },
    })
  const beyond = unique.filter((p) => !hasPermission(actor.permissions, p))
  if (beyond.length > 0)
    throw new AppError(403, 'roles.errors.beyondOwn', {
      values: { permissions: beyond.join(', ') },
      errors: { permissions: [{ key: 'roles.errors.beyondOwn', values: { permissions: beyond.join(', ') } }] },
    })
  return unique
}

const names = { nameAr: 'name_ar', nameEn: 'name_en', permissions: 'permissions' }

async function readRole(db: Db, id: number, lang: Locale): Promise<Role> {
  const [row] = await db
    .select({ ...getTableColumns(roles), adminsCount: adminsCountOf })
    .from(roles)
    .where(eq(roles.id, id))
    .limit(1)
  if (!row) throw new AppError(404, 'errors.notFound')
  return toRole(row, lang)
}

export async function createRole(deps: AppDeps, actor: Principal, body: RoleCreateBody, lang: Locale): Promise<Role> {
  const permissions = await checkedPermissions(actor, body.permissions)
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const values = { nameAr: body.name_ar, nameEn: body.name_en, permissions }
    const [row] = await tx
      .insert(roles)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning({ id: roles.id })
    if (!row) throw new Error('role insert returned no row')
    await writeAudit(tx, {
      adminId: actor.id,
      action: 'create',
      resource: 'roles',
      recordId: row.id,
      changes: changedFields({}, values, names),
      at: now,
    })
    return readRole(tx, row.id, lang)
  })
}

export async function updateRole(deps: AppDeps, actor: Principal, id: number, body: RoleUpdateBody, lang: Locale): Promise<Role> {
  const permissions = await checkedPermissions(actor, body.permissions)
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(roles).where(eq(roles.id, id)).limit(1).for('update')
    if (!before) throw new AppError(404, 'errors.notFound')
    if (before.version !== body.version) throw new AppError(409, 'errors.conflict', { errors: { version: [{ key: 'errors.conflict' }] } })
    // taking a permission away the actor does not hold is as much a grant beyond its own as adding one
    const removed = before.permissions.filter((p) => !permissions.includes(p))
    await checkedPermissions(
      actor,
      removed.filter((p) => !p.includes('*')),
    )
    const values = { nameAr: body.name_ar, nameEn: body.name_en, permissions }
    const changes = changedFields(before, values, names)
    if (Object.keys(changes).length > 0) {
      await tx
        .update(roles)
        .set({ ...values, updatedAt: now, version: sql`${roles.version} + 1` })
        .where(eq(roles.id, id))
      await writeAudit(tx, { adminId: actor.id, action: 'update', resource: 'roles', recordId: id, changes, at: now })
    }
    return readRole(tx, id, lang)
  })
}

/** Deletes a role no admin holds; else 409 naming the admins that hold it (at most 10, then how many more). */
export async function deleteRole(deps: AppDeps, actor: Principal, id: number): Promise<void> {
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(roles).where(eq(roles.id, id)).limit(1).for('update')
    if (!before) throw new AppError(404, 'errors.notFound')
    await checkedPermissions(
      actor,
      before.permissions.filter((p) => !p.includes('*')),
    )
    const holders = await tx
      .select({ name: admins.name, email: admins.email })
      .from(adminRoles)
      .innerJoin(admins, eq(admins.id, adminRoles.adminId))
      .where(eq(adminRoles.roleId, id))
      .orderBy(asc(admins.name), asc(admins.id))
    if (holders.length > 0) {
      const shown = holders.slice(0, 10).map((h) => `${h.name} (${h.email})`)
      const more = holders.length - shown.length
      throw new AppError(409, more > 0 ? 'roles.errors.inUseMore' : 'roles.errors.inUse', {
        values: { admins: shown.join('، '), n: holders.length, more },
      })
    }
    await tx.delete(roles).where(eq(roles.id, id))
    const changes = changedFields(before, { nameAr: null, nameEn: null, permissions: null }, names)
    await writeAudit(tx, { adminId: actor.id, action: 'delete', resource: 'roles', recordId: id, changes, at: now })
  })
}

/** The `roles` select list (`core/list/roles`): every role's name in the request language. */
export async function roleOptions(deps: AppDeps, lang: Locale) {
  const column = lang === 'ar' ? roles.nameAr : roles.nameEn
  const rows = await deps.db.select({ id: roles.id, name: column }).from(roles).orderBy(byName(column), asc(roles.id))
  return rows
}

/** Roles that exist among `ids` (sorted, no duplicates); 422 on `role_ids` when one does not. */
export async function existingRoles(db: Db, ids: readonly number[]): Promise<{ id: number; permissions: string[] }[]> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  const rows = await db.select({ id: roles.id, permissions: roles.permissions }).from(roles).where(inArray(roles.id, unique))
  if (rows.length !== unique.length)
    throw new AppError(422, 'errors.validation', { errors: { role_ids: [{ key: 'validation.recordMissing' }] } })
  return rows.sort((a, b) => a.id - b.id)
}
