import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, tz } from '../../db/columns'
import { admins } from '../auth/schema'

/**
 * What admins are told about (issue 14), one row per event whoever hears of it: an event costs one
 * insert however many admins there are. `permission` is what an admin must hold to see it (the
 * record module's view); `ref` names the record, `names` the names its text interpolates.
 * `once_key` makes the periodic checks idempotent (one per subscription expiry, per support issue).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    kind: text('kind').notNull(),
    ref: jsonb('ref').$type<{ id: number; vendor_id?: number }>().notNull(),
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    permission: text('permission').notNull(),
    onceKey: text('once_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_permission_idx').on(t.permission, t.id),
    index('notifications_kind_idx').on(t.kind, t.id),
    uniqueIndex('notifications_once_key_unique').on(t.onceKey),
  ],
)

/** Per admin: every notification up to `read_up_to` is read ("mark all read" moves it). */
export const notificationCursors = pgTable('notification_cursors', {
  adminId: integer('admin_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  readUpTo: integer('read_up_to').notNull().default(0),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

/** Per admin: the notifications after its cursor it read one by one. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    readAt: tz('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.notificationId] }), index('notification_reads_notification_idx').on(t.notificationId)],
)
