import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { RESET_RESEND_WAIT_MINUTES, RESET_TOKEN_TTL_MINUTES } from '../../src/contract/auth'
import { type Locale } from '../../src/contract/common'
import type { Db } from '../db'
import { passwordResets, resetRequests } from '../modules/auth/schema'
import { resetPasswordMail } from '../mail'
import type { AppDeps, IdentityName } from './context'
import { hashPassword, hashToken, newToken } from './crypto'
import { AppError, fieldError } from './errors'

const MINUTE = 60_000
/** Reset requests are kept a day for the resend rule and for audit, then purged. */
const REQUEST_RETENTION_MS = 24 * 60 * MINUTE

/** What the reset flow needs to know of an account. */
export type ResetAccount = { id: number; name: string; email: string; locale: Locale; isActive: boolean }

/** One identity's side of the flow (admin or end user): how to find accounts and set a password. */
export type ResetIdentity = {
  identity: IdentityName
  /** SPA path of the reset page; the link is `${publicUrl}${linkPath}?token=...`. */
  linkPath: string
  /** Message when a valid token's account no longer exists. */
  accountMissingKey: string
  findByEmail: (db: Db, email: string) => Promise<ResetAccount | null>
  findById: (db: Db, id: number) => Promise<ResetAccount | null>
  /** Stores the new hash and ends every session of the account (same transaction). */
  setPasswordHash: (db: Db, id: number, passwordHash: string, now: Date) => Promise<void>
}

/** Builds the link of a reset mail from the configured public URL, base path kept (never from the request's Host). */
export function resetLink(publicUrl: string, linkPath: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${linkPath}?token=${encodeURIComponent(token)}`
}

/**
 * Forgot password. Every email gets the same answer; a second request for the same email within
 * 5 minutes is refused (429 "Verification link already sent") whether an account exists or not.
 * Every request is recorded in `reset_requests`. The answer does the same work for every email: the
 * account is looked up, its link written and mailed after answering.
 */
export async function requestPasswordReset(deps: AppDeps, id: ResetIdentity, email: string): Promise<void> {
  const now = deps.clock()
  const accepted = await deps.db.transaction(async (tx) => {
    // Serialise the requests of one email, so two simultaneous ones cannot both pass the rule.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reset:${id.identity}:${email}`}))`)
    const since = new Date(now.getTime() - RESET_RESEND_WAIT_MINUTES * MINUTE)
    const [recent] = await tx
      .select({ id: resetRequests.id })
      .from(resetRequests)
      .where(
        and(
          eq(resetRequests.identity, id.identity),
          eq(resetRequests.email, email),
          eq(resetRequests.accepted, true),
          gt(resetRequests.createdAt, since),
        ),
      )
      .limit(1)
    await tx.insert(resetRequests).values({ identity: id.identity, email, accepted: !recent, createdAt: now, updatedAt: now })
    return !recent
  })
  if (!accepted) throw new AppError(429, 'errors.linkAlreadySent', { errors: { email: [{ key: 'errors.linkAlreadySent' }] } })
  deps.mail.enqueueComposed(() => issueResetLink(deps, id, email, now))
}

/** Writes a new reset link for the account of `email`, retiring the ones before it; the mail, or null without an active account. */
async function issueResetLink(deps: AppDeps, id: ResetIdentity, email: string, now: Date) {
  return deps.db.transaction(async (tx) => {
    const account = await id.findByEmail(tx, email)
    if (!account || !account.isActive) return null
    // Only the newest link works: issuing one retires the ones before it.
    await tx
      .update(passwordResets)
      .set({ usedAt: now, updatedAt: now })
      .where(and(eq(passwordResets.identity, id.identity), eq(passwordResets.subjectId, account.id), isNull(passwordResets.usedAt)))
    const token = newToken()
    await tx.insert(passwordResets).values({
      identity: id.identity,
      subjectId: account.id,
      email: account.email,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * MINUTE),
      createdAt: now,
      updatedAt: now,
    })
    const link = resetLink(deps.config.publicUrl, id.linkPath, token)
    return resetPasswordMail(account.locale, account.email, account.name, link)
  })
}

type LiveToken = { resetId: number; account: ResetAccount }

/**
 * Resolves a reset token: 422 "token not valid." for an unknown or used one, 422 "Link has expired"
 * after 60 minutes, 404 "This admin does not exist." when its account was deleted.
 */
async function resolveToken(db: Db, id: ResetIdentity, token: string, now: Date, lock: boolean): Promise<LiveToken> {
  const query = db
    .select({
      id: passwordResets.id,
      subjectId: passwordResets.subjectId,
      expiresAt: passwordResets.expiresAt,
      usedAt: passwordResets.usedAt,
    })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), eq(passwordResets.identity, id.identity)))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  if (!row || row.usedAt) throw fieldError(422, 'token', 'errors.tokenInvalid')
  if (row.expiresAt.getTime() <= now.getTime()) throw fieldError(422, 'token', 'errors.linkExpired')
  const account = await id.findById(db, row.subjectId)
  if (!account) throw fieldError(404, 'token', id.accountMissingKey)
  return { resetId: row.id, account }
}

/** Check reset token: answers the account's email when the link can be used. */
export async function checkResetToken(deps: AppDeps, id: ResetIdentity, token: string): Promise<{ email: string }> {
  const { account } = await resolveToken(deps.db, id, token, deps.clock(), false)
  return { email: account.email }
}

/** Reset password: single use; sets the password and ends every session of the account, in one transaction. */
export async function resetPassword(deps: AppDeps, id: ResetIdentity, token: string, password: string): Promise<void> {
  const now = deps.clock()
  // Hash outside the transaction: it takes tens of milliseconds and needs no lock.
  const passwordHash = await hashPassword(password)
  await deps.db.transaction(async (tx) => {
    const { resetId, account } = await resolveToken(tx, id, token, now, true)
    await tx.update(passwordResets).set({ usedAt: now, updatedAt: now }).where(eq(passwordResets.id, resetId))
    await tx
      .update(passwordResets)
      .set({ usedAt: now, updatedAt: now })
      .where(and(eq(passwordResets.identity, id.identity), eq(passwordResets.subjectId, account.id), isNull(passwordResets.usedAt)))
    await id.setPasswordHash(tx, account.id, passwordHash, now)
  })
}

/** Purges spent reset tokens and old reset requests. */
export async function purgeResetRows(db: Db, now: Date): Promise<void> {
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, new Date(now.getTime() - REQUEST_RETENTION_MS)))
  await db.delete(resetRequests).where(lt(resetRequests.createdAt, new Date(now.getTime() - REQUEST_RETENTION_MS)))
}
