import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { admins } from '../auth/schema'
import { categories } from '../categories/schema'

/**
 * The platform categories a (sub) admin is responsible for. A sub user with rows here sees and
 * changes only those categories, their descendants and their mappings; without rows it keeps what
 * its roles allow. Primary users are never restricted.
 */
export const adminCategories = pgTable(
  'admin_categories',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'admin_categories_pk', columns: [t.adminId, t.categoryId] }),
    index('admin_categories_category_id_idx').on(t.categoryId),
  ],
)
