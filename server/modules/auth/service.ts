import { screens } from '../../../src/contract/screens'
import { count, eq, lt, sql } from 'drizzle-orm'
import type { Admin, AdminLoginBody, AdminSessionResult } from '../../../src/contract/auth'
import type { Locale, SessionEndReason } from '../../../src/contract/common'
import type { Db } from '../../db'
import { adminRoles, roles } from '../roles/schema'
import { admins, adminSessionEndings, adminSessions } from './schema'
import type { AppDeps, Principal } from '../../lib/context'
import { generatePassword, hashPassword, hashToken, needsRehash, verifyPassword } from '../../lib/crypto'
import { writeAudit } from '../../lib/audit'
import { AppError, fieldError, isUniqueViolation } from '../../lib/errors'
import { purgeResetRows, type ResetAccount, type ResetIdentity } from '../../lib/password-reset'
import { sessionStore } from '../../lib/sessions'

/**
 * Admin authentication: sign-in, sessions, language, and the account operations other modules reuse
 * (`createAdmin`, `setAdminActive`, `setAdminPassword`): each ends the admin's sessions where the
 * domain rules say so.
 */

export type AdminRow = typeof admins.$inferSelect
type UserType = AdminRow['userType']

const sessions = sessionStore(adminSessions)

/**
 * Ends an admin's sessions (all, or all but `keepSessionId`) and keeps why, by token, until they
 * would have expired: the next request with one of them gets 401 with the reason.
 */
export async function endAdminSessions(
  db: Db,
  adminId: number,
  reason: SessionEndReason,
  now: Date,
  keepSessionId?: number,
): Promise<void> {
  await db.execute(sql`insert into admin_session_endings (token_hash, reason, expires_at, created_at)
    select token_hash, ${reason}, expires_at, ${now.toISOString()}::timestamptz from admin_sessions
    where admin_id = ${adminId} ${keepSessionId === undefined ? sql`` : sql`and id <> ${keepSessionId}`}
    on conflict (token_hash) do update set reason = excluded.reason`)
  await sessions.revokeAll(db, adminId, keepSessionId)
}

const sessionEnded = (reason: SessionEndReason) =>
  new AppError(401, reason === 'deactivated' ? 'errors.sessionEndedDeactivated' : 'errors.sessionEndedPasswordChanged', { reason })

/** Why the session of `token` was ended by someone else, or null (unknown, expired, signed out). */
async function endingOf(db: Db, token: string, now: Date): Promise<SessionEndReason | null> {
  const [row] = await db
    .select({ reason: adminSessionEndings.reason, expiresAt: adminSessionEndings.expiresAt })
    .from(adminSessionEndings)
    .where(eq(adminSessionEndings.tokenHash, hashToken(token)))
    .limit(1)
  return row && row.expiresAt.getTime() > now.getTime() ? row.reason : null
}

/**
 * Permissions of an admin. Primary users may do everything (`*`); a sub user holds the union of its
 * roles' `module:action` permissions (sorted, no duplicates).
 */
export async function permissionsOf(db: Db, row: Pick<AdminRow, 'id' | 'userType'>): Promise<string[]> {
  if (row.userType === 'primary') return ['*']
  const rows = await db
    .selectDistinct({ permission: sql<string>`unnest(${roles.permissions})`.as('permission') })
    .from(adminRoles)
    .innerJoin(roles, eq(roles.id, adminRoles.roleId))
    .where(eq(adminRoles.adminId, row.id))
  return rows
    .map((r) => r.permission)
    .filter((p) => p !== '*')
    .sort()
}

/** The admin as the API shows it: no hash; `last_login_at` is the sign-in before the current one. */
function toAdminDto(row: AdminRow, permissions: string[]): Admin {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    locale: row.locale,
    user_type: row.userType,
    is_active: row.isActive,
    last_login_at: row.previousLoginAt ? row.previousLoginAt.toISOString() : null,
    permissions,
  }
}

async function findAdminByEmail(db: Db, email: string): Promise<AdminRow | null> {
  const [row] = await db
    .select()
    .from(admins)
    .where(sql`lower(${admins.email}) = ${email.trim().toLowerCase()}`)
    .limit(1)
  return row ?? null
}

async function findAdminById(db: Db, id: number): Promise<AdminRow | null> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1)
  return row ?? null
}

const invalidCredentials = () => fieldError(422, 'email', 'errors.invalidCredentials')

/**
 * Sign-in. Unknown email and wrong password give the same 422 "Invalid credentials" (an unknown email
 * still verifies a dummy hash, so both take as long); "This admin is not active." (403) comes only
 * after a correct password. Each sign-in opens a new session.
 */
export async function login(deps: AppDeps, body: AdminLoginBody): Promise<AdminSessionResult> {
  const row = await findAdminByEmail(deps.db, body.email)
  const valid = await verifyPassword(row?.passwordHash, body.password)
  if (!row || !valid) throw invalidCredentials()
  if (!row.isActive) throw fieldError(403, 'email', 'errors.adminInactive')

  const now = deps.clock()
  const rehashed = needsRehash(row.passwordHash) ? await hashPassword(body.password) : null
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(admins)
      .set({
        previousLoginAt: sql`${admins.lastLoginAt}`,
        lastLoginAt: now,
        // a language the visitor chose on the sign-in page becomes the admin's
        ...(body.locale ? { locale: body.locale } : {}),
        ...(rehashed ? { passwordHash: rehashed } : {}),
      })
      .where(eq(admins.id, row.id))
      .returning()
    if (!updated) throw invalidCredentials()
    const { token } = await sessions.create(tx, updated.id, now, deps.config.sessionTtlMs)
    return { token, admin: toAdminDto(updated, await permissionsOf(tx, updated)) }
  })
}

/** Resolves an admin bearer token: null when unknown, expired, or its admin is gone or inactive. */
export async function authenticateAdmin(deps: AppDeps, token: string): Promise<Principal | null> {
  const now = deps.clock()
  const session = await sessions.find(deps.db, token, now)
  if (!session) {
    const reason = await endingOf(deps.db, token, now)
    if (reason) throw sessionEnded(reason)
    return null
  }
  const row = await findAdminById(deps.db, session.subjectId)
  if (!row) return null
  if (!row.isActive) throw sessionEnded('deactivated')
  return {
    identity: 'admin',
    id: row.id,
    sessionId: session.id,
    locale: row.locale,
    permissions: await permissionsOf(deps.db, row),
  }
}

export async function me(deps: AppDeps, principal: Principal): Promise<{ admin: Admin }> {
  const row = await findAdminById(deps.db, principal.id)
  if (!row || !row.isActive) throw new AppError(401, 'errors.unauthenticated')
  return { admin: toAdminDto(row, await permissionsOf(deps.db, row)) }
}

/** Ends this session only; the admin's other sessions stay. */
export async function logout(deps: AppDeps, principal: Principal): Promise<void> {
  await sessions.revoke(deps.db, principal.sessionId)
}

/** Stores the admin's language (the SPA reloads when it differs from the one it shows); a change is audited. */
export async function changeLanguage(deps: AppDeps, principal: Principal, locale: Locale): Promise<{ locale: Locale }> {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ locale: admins.locale }).from(admins).where(eq(admins.id, principal.id)).limit(1).for('update')
    if (!before) throw new AppError(401, 'errors.unauthenticated')
    if (before.locale === locale) return { locale }
    await tx
      .update(admins)
      .set({ locale, updatedAt: now, version: sql`${admins.version} + 1` })
      .where(eq(admins.id, principal.id))
    const changes = { [admins.locale.name]: { from: before.locale, to: locale } }
    await writeAudit(tx, { adminId: principal.id, action: 'update', resource: 'admins', recordId: principal.id, changes, at: now })
    return { locale }
  })
}

export type NewAdmin = {
  name: string
  email: string
  password: string
  userType: UserType
  locale?: Locale
  isActive?: boolean
  avatar?: string | null
}

/** Creates an admin; 422 "email already taken" on the email field when the email is used (any case). */
export async function createAdmin(db: Db, input: NewAdmin, now: Date): Promise<AdminRow> {
  const passwordHash = await hashPassword(input.password)
  try {
    const [row] = await db
      .insert(admins)
      .values({
        name: input.name,
        email: input.email.trim().toLowerCase(),
        passwordHash,
        userType: input.userType,
        locale: input.locale ?? 'ar',
        isActive: input.isActive ?? true,
        avatar: input.avatar ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!row) throw new Error('admin insert returned no row')
    return row
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(422, 'email', 'errors.emailTaken')
    throw error
  }
}

/** Activates or deactivates an admin; deactivating ends all its sessions (one transaction). */
export async function setAdminActive(db: Db, id: number, active: boolean, now: Date): Promise<AdminRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(admins)
      .set({ isActive: active, updatedAt: now, version: sql`${admins.version} + 1` })
      .where(eq(admins.id, id))
      .returning()
    if (!row) throw new AppError(404, 'errors.adminNotFound')
    if (!active) await endAdminSessions(tx, id, 'deactivated', now)
    return row
  })
}

/**
 * Stores a new password hash and ends the admin's sessions, all of them or all but `keepSessionId`
 * (a password change keeps the session that made it). One transaction.
 */
async function setAdminPasswordHash(
  db: Db,
  id: number,
  passwordHash: string,
  now: Date,
  options: { keepSessionId?: number } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(admins)
      .set({ passwordHash, updatedAt: now, version: sql`${admins.version} + 1` })
      .where(eq(admins.id, id))
      .returning({ id: admins.id })
    if (!row) throw new AppError(404, 'errors.adminNotFound')
    await endAdminSessions(tx, id, 'password_changed', now, options.keepSessionId)
  })
}

/** Hashes `password` and stores it as the admin's password (see `setAdminPasswordHash`). */
export async function setAdminPassword(
  db: Db,
  id: number,
  password: string,
  now: Date,
  options: { keepSessionId?: number } = {},
): Promise<void> {
  await setAdminPasswordHash(db, id, await hashPassword(password), now, options)
}

const toResetAccount = (row: AdminRow): ResetAccount => ({
  id: row.id,
  name: row.name,
  email: row.email,
  locale: row.locale,
  isActive: row.isActive,
})

/** The admin side of the password reset flow; links open `/admin-panel/reset-password`. */
export const adminResetIdentity: ResetIdentity = {
  identity: 'admin',
  linkPath: screens.resetPassword,
  accountMissingKey: 'errors.adminNotFound',
  findByEmail: async (db, email) => {
    const row = await findAdminByEmail(db, email)
    return row ? toResetAccount(row) : null
  },
  findById: async (db, id) => {
    const row = await findAdminById(db, id)
    return row ? toResetAccount(row) : null
  },
  setPasswordHash: (db, id, passwordHash, now) => setAdminPasswordHash(db, id, passwordHash, now),
}

const DEFAULT_ADMIN_EMAIL = 'admin@example.com'
/** The primary admin speaks Arabic first, like the platform: its name is written in Arabic unless ADMIN_NAME says otherwise. */
const DEFAULT_ADMIN_NAME = 'مدير المنصة'

/**
 * On an empty admins table, creates the primary admin from the given email, password and name, or
 * admin@example.com named "مدير المنصة" with a generated password (returned so start-up can show it once).
 */
export async function ensurePrimaryAdmin(
  db: Db,
  input: { email?: string | undefined; password?: string | undefined; name?: string | undefined },
  now: Date,
): Promise<{ created: false } | { created: true; email: string; generatedPassword: string | null }> {
  const [row] = await db.select({ n: count() }).from(admins)
  if ((row?.n ?? 0) > 0) return { created: false }
  const email = (input.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase()
  const generatedPassword = input.password ? null : generatePassword()
  const admin = await createAdmin(
    db,
    {
      name: input.name ?? DEFAULT_ADMIN_NAME,
      email,
      password: input.password ?? generatedPassword ?? '',
      userType: 'primary',
      locale: 'ar',
    },
    now,
  )
  return { created: true, email: admin.email, generatedPassword }
}

export async function housekeeping(deps: AppDeps): Promise<void> {
  const now = deps.clock()
  await sessions.purgeExpired(deps.db, now)
  await deps.db.delete(adminSessionEndings).where(lt(adminSessionEndings.expiresAt, now))
  await purgeResetRows(deps.db, now)
}
