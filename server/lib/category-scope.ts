import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { adminCategories } from '../modules/admin-users/schema'
import type { Principal } from './context'
import { AppError } from './errors'

/**
 * The categories an admin may see and change (`admin-panal/users/categories/{id}`): null when it is
 * not restricted (a primary user, or a sub user without assigned categories), else the assigned
 * categories and all their descendants. Out of scope is answered like a missing permission: 403.
 */
export type CategoryScope = ReadonlySet<number> | null

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}

export async function categoryScope(db: Db, admin: Principal): Promise<CategoryScope> {
  if (admin.identity !== 'admin' || admin.permissions.includes('*')) return null
  const assigned = await db.select({ id: adminCategories.categoryId }).from(adminCategories).where(eq(adminCategories.adminId, admin.id))
  if (assigned.length === 0) return null
  const result = await db.execute(sql`
    with recursive below(id) as (
      select category_id from admin_categories where admin_id = ${admin.id}
      union
      select c.id from categories c join below b on c.parent_id = b.id
    )
    select id from below`)
  return new Set(rowsOf<{ id: number | string }>(result).map((r) => Number(r.id)))
}

export const outOfScope = () => new AppError(403, 'errors.forbidden')

/** Refuses (403) a category outside the scope; null (no category) is outside any restricted scope. */
export function requireInScope(scope: CategoryScope, categoryId: number | null): void {
  if (scope === null) return
  if (categoryId === null || !scope.has(categoryId)) throw outOfScope()
}
