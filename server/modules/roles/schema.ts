import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns'
import { admins } from '../auth/schema'

/** Admin roles: a name in both languages and the `module:action` permissions it grants. */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('roles_version_check', sql`${t.version} >= 1`)],
)

/** Which roles a (sub) admin holds; its permissions are the union of theirs. */
export const adminRoles = pgTable(
  'admin_roles',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'admin_roles_pk', columns: [t.adminId, t.roleId] }), index('admin_roles_role_id_idx').on(t.roleId)],
)
