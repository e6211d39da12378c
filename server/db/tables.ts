import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'

/** Tables of the platform as a whole (not of one module). */

/**
 * One row per write made through the admin API: who, what, which record, the changed fields
 * (`{ column: { from, to } }`). `admin_id` is kept as a plain number so the log outlives the admin.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    adminId: integer('admin_id'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    recordId: integer('record_id'),
    changes: jsonb('changes')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_record_idx').on(t.resource, t.recordId),
    index('audit_log_admin_idx').on(t.adminId, t.createdAt),
    index('audit_log_created_at_idx').on(t.createdAt),
  ],
)
