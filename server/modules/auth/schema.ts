import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, IDENTITIES, LOCALES, tz, updatedAt } from '../../db/columns'

const USER_TYPES = ['primary', 'sub'] as const
const SESSION_END_REASONS = ['password_changed', 'deactivated'] as const

export const admins = pgTable(
  'admins',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    avatar: text('avatar'),
    locale: text('locale', { enum: LOCALES }).notNull().default('ar'),
    userType: text('user_type', { enum: USER_TYPES }).notNull().default('sub'),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: tz('last_login_at'),
    previousLoginAt: tz('previous_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('admins_email_lower_unique').on(sql`lower(${t.email})`),
    check('admins_locale_check', sql`${t.locale} in ('ar', 'en')`),
    check('admins_user_type_check', sql`${t.userType} in ('primary', 'sub')`),
    check('admins_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('admins_version_check', sql`${t.version} >= 1`),
  ],
)

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique('admin_sessions_token_hash_unique'),
    subjectId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: tz('expires_at').notNull(),
    lastUsedAt: tz('last_used_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('admin_sessions_admin_id_idx').on(t.subjectId), index('admin_sessions_expires_at_idx').on(t.expiresAt)],
)

/**
 * Why a session was ended by someone else (its password changed, its admin deactivated): kept by
 * token hash until the session would have expired, so the next request with it gets 401 and the reason.
 */
export const adminSessionEndings = pgTable(
  'admin_session_endings',
  {
    tokenHash: text('token_hash').primaryKey(),
    reason: text('reason', { enum: SESSION_END_REASONS }).notNull(),
    expiresAt: tz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_session_endings_expires_at_idx').on(t.expiresAt),
    check('admin_session_endings_reason_check', sql`${t.reason} in ('password_changed', 'deactivated')`),
  ],
)

/**
 * Password reset tokens of both identities. `subject_id` is not a foreign key on purpose: a token
 * whose account was deleted must still be recognised to answer "This admin does not exist.".
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    identity: text('identity', { enum: IDENTITIES }).notNull(),
    subjectId: integer('subject_id').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique('password_resets_token_hash_unique'),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('password_resets_subject_idx').on(t.identity, t.subjectId),
    check('password_resets_identity_check', sql`${t.identity} in ('admin', 'user')`),
  ],
)

/**
 * One row per forgot-password request, known email or not: the 5-minute resend rule reads it
 * without revealing whether an account exists. `accepted` is false for refused (too early) requests,
 * so a refused request does not push the wait further.
 */
export const resetRequests = pgTable(
  'reset_requests',
  {
    id: id(),
    identity: text('identity', { enum: IDENTITIES }).notNull(),
    email: text('email').notNull(),
    accepted: boolean('accepted').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reset_requests_lookup_idx').on(t.identity, t.email, t.createdAt),
    check('reset_requests_identity_check', sql`${t.identity} in ('admin', 'user')`),
    check('reset_requests_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
)
