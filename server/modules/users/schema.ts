import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, LOCALES, tz, updatedAt } from '../../db/columns'

/** End users: the vendor accounts that sign in to the public side. */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    locale: text('locale', { enum: LOCALES }).notNull().default('ar'),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: tz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_locale_check', sql`${t.locale} in ('ar', 'en')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_version_check', sql`${t.version} >= 1`),
  ],
)

export const userSessions = pgTable(
  'user_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique('user_sessions_token_hash_unique'),
    subjectId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tz('expires_at').notNull(),
    lastUsedAt: tz('last_used_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('user_sessions_user_id_idx').on(t.subjectId), index('user_sessions_expires_at_idx').on(t.expiresAt)],
)
