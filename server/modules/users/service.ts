import { screens } from '../../../src/contract/screens'
import { eq, sql } from 'drizzle-orm'
import type { User, UserLoginBody, UserRegisterBody, UserSessionResult } from '../../../src/contract/auth'
import type { Locale } from '../../../src/contract/common'
import type { Db } from '../../db'
import { users, userSessions } from './schema'
import type { AppDeps, Principal } from '../../lib/context'
import { hashPassword, needsRehash, verifyPassword } from '../../lib/crypto'
import { AppError, fieldError, isUniqueViolation } from '../../lib/errors'
import type { ResetAccount, ResetIdentity } from '../../lib/password-reset'
import { sessionStore } from '../../lib/sessions'

/**
 * End-user (vendor account) identity: registration, sign-in, sessions. The same mechanisms as the
 * admins' (lib/sessions, lib/crypto, lib/password-reset), with the end users' own tables and messages.
 */

export type UserRow = typeof users.$inferSelect

const sessions = sessionStore(userSessions)

function toUserDto(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, phone: row.phone, locale: row.locale, is_active: row.isActive }
}

async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1)
  return row ?? null
}

async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row ?? null
}

export type NewUser = { name: string; email: string; phone?: string | null; password: string; locale?: Locale; isActive?: boolean }

/** Inserts an end user with an already computed hash; 422 "email already taken" when the email is used (any case). */
async function insertUser(db: Db, input: Omit<NewUser, 'password'> & { passwordHash: string }, now: Date): Promise<UserRow> {
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: input.name,
        email: input.email.trim().toLowerCase(),
        phone: input.phone ?? null,
        passwordHash: input.passwordHash,
        locale: input.locale ?? 'ar',
        isActive: input.isActive ?? true,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!row) throw new Error('user insert returned no row')
    return row
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(422, 'email', 'errors.emailTaken')
    throw error
  }
}

/** Creates an end user (hashes the password); 422 "email already taken" when the email is used. */
export async function createUser(db: Db, input: NewUser, now: Date): Promise<UserRow> {
  const { password, ...rest } = input
  return insertUser(db, { ...rest, passwordHash: await hashPassword(password) }, now)
}

/** Registration: creates the account (in the request's language) and signs it in. */
export async function register(deps: AppDeps, body: UserRegisterBody, locale: Locale): Promise<UserSessionResult> {
  const now = deps.clock()
  const existing = await findUserByEmail(deps.db, body.email)
  if (existing) throw fieldError(422, 'email', 'errors.emailTaken')
  // Hash before the transaction: it takes tens of milliseconds and needs no lock.
  const passwordHash = await hashPassword(body.password)
  return deps.db.transaction((tx) =>
    createSignedInUser(
      tx,
      { name: body.name, email: body.email, phone: body.phone ?? null, passwordHash, locale },
      now,
      deps.config.sessionTtlMs,
    ),
  )
}

/**
 * Inserts an end user with an already computed hash and opens its session, inside the caller's
 * transaction: what `register` answers (the vendor registration wizard completes through it too).
 */
export async function createSignedInUser(
  tx: Db,
  input: Omit<NewUser, 'password'> & { passwordHash: string },
  now: Date,
  sessionTtlMs: number,
): Promise<UserSessionResult> {
  const row = await insertUser(tx, input, now)
  const { token } = await sessions.create(tx, row.id, now, sessionTtlMs)
  return { api_token: token, user: toUserDto(row) }
}

const invalidCredentials = () => fieldError(422, 'email', 'errors.invalidCredentials')

/** Sign-in, with the same no-enumeration rules as the admins' (see auth/service `login`). */
export async function login(deps: AppDeps, body: UserLoginBody): Promise<UserSessionResult> {
  const row = await findUserByEmail(deps.db, body.email)
  const valid = await verifyPassword(row?.passwordHash, body.password)
  if (!row || !valid) throw invalidCredentials()
  if (!row.isActive) throw fieldError(403, 'email', 'errors.userInactive')
  const now = deps.clock()
  const rehashed = needsRehash(row.passwordHash) ? await hashPassword(body.password) : null
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ lastLoginAt: now, ...(rehashed ? { passwordHash: rehashed } : {}) })
      .where(eq(users.id, row.id))
      .returning()
    if (!updated) throw invalidCredentials()
    const { token } = await sessions.create(tx, updated.id, now, deps.config.sessionTtlMs)
    return { api_token: token, user: toUserDto(updated) }
  })
}

export async function authenticateUser(deps: AppDeps, token: string): Promise<Principal | null> {
  const session = await sessions.find(deps.db, token, deps.clock())
  if (!session) return null
  const row = await findUserById(deps.db, session.subjectId)
  if (!row || !row.isActive) return null
  return { identity: 'user', id: row.id, sessionId: session.id, locale: row.locale, permissions: [] }
}

export async function me(deps: AppDeps, principal: Principal): Promise<{ user: User }> {
  const row = await findUserById(deps.db, principal.id)
  if (!row || !row.isActive) throw new AppError(401, 'errors.unauthenticated')
  return { user: toUserDto(row) }
}

export async function logout(deps: AppDeps, principal: Principal): Promise<void> {
  await sessions.revoke(deps.db, principal.sessionId)
}

/** Activates or deactivates an end user; deactivating ends all its sessions. */
export async function setUserActive(db: Db, id: number, active: boolean, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isActive: active, updatedAt: now, version: sql`${users.version} + 1` })
      .where(eq(users.id, id))
      .returning()
    if (!row) throw new AppError(404, 'errors.notFound')
    if (!active) await sessions.revokeAll(tx, id)
    return row
  })
}

/** Stores a new password hash and ends the user's sessions (all, or all but `keepSessionId`). */
export async function setUserPasswordHash(
  db: Db,
  id: number,
  passwordHash: string,
  now: Date,
  options: { keepSessionId?: number } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, version: sql`${users.version} + 1` })
      .where(eq(users.id, id))
      .returning({ id: users.id })
    if (!row) throw new AppError(404, 'errors.notFound')
    await sessions.revokeAll(tx, id, options.keepSessionId)
  })
}

const toResetAccount = (row: UserRow): ResetAccount => ({
  id: row.id,
  name: row.name,
  email: row.email,
  locale: row.locale,
  isActive: row.isActive,
})

/** The end-user side of the reset flow; links open `/reset-password`. */
export const userResetIdentity: ResetIdentity = {
  identity: 'user',
  linkPath: screens.userResetPassword,
  accountMissingKey: 'errors.tokenInvalid',
  findByEmail: async (db, email) => {
    const row = await findUserByEmail(db, email)
    return row ? toResetAccount(row) : null
  },
  findById: async (db, id) => {
    const row = await findUserById(db, id)
    return row ? toResetAccount(row) : null
  },
  setPasswordHash: (db, id, passwordHash, now) => setUserPasswordHash(db, id, passwordHash, now),
}

export async function housekeeping(deps: AppDeps): Promise<void> {
  await sessions.purgeExpired(deps.db, deps.clock())
}
