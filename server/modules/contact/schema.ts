import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt, byName } from '../../db/columns'

/** Messages of the public contact form (read / unread). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('contact_messages_created_at_idx').on(t.createdAt, t.id),
    index('contact_messages_name_idx').on(byName(t.name), t.id),
    index('contact_messages_is_read_idx').on(t.isRead, t.id),
  ],
)
