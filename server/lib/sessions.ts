import { and, eq, lt, ne } from 'drizzle-orm'
import type { Db } from '../db'
import { adminSessions } from '../modules/auth/schema'
import { userSessions } from '../modules/users/schema'
import { hashToken, newToken } from './crypto'

/** The session tables of the two identities share one shape, so one store serves both. */
export type SessionTable = typeof adminSessions | typeof userSessions

export const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** `last_used_at` is refreshed at most this often, so a busy session does not write on every call. */
const TOUCH_INTERVAL_MS = 60_000

export type SessionRow = { id: number; subjectId: number; expiresAt: Date; lastUsedAt: Date }

export function sessionStore(table: SessionTable) {
  return {
    /** Creates a session and returns its token (shown once; only its hash is kept). */
    async create(db: Db, subjectId: number, now: Date, ttlMs: number): Promise<{ token: string; id: number }> {
      const token = newToken()
      const [row] = await db
        .insert(table)
        .values({
          tokenHash: hashToken(token),
          subjectId,
          expiresAt: new Date(now.getTime() + ttlMs),
          lastUsedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: table.id })
      if (!row) throw new Error('session insert returned no row')
      return { token, id: row.id }
    },

    /** The live session of a token, or null (unknown, expired). Refreshes `last_used_at` now and then. */
    async find(db: Db, token: string, now: Date): Promise<SessionRow | null> {
      const [row] = await db
        .select({ id: table.id, subjectId: table.subjectId, expiresAt: table.expiresAt, lastUsedAt: table.lastUsedAt })
        .from(table)
        .where(eq(table.tokenHash, hashToken(token)))
        .limit(1)
      if (!row) return null
      if (row.expiresAt.getTime() <= now.getTime()) {
        await db.delete(table).where(eq(table.id, row.id))
        return null
      }
      if (now.getTime() - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
        await db.update(table).set({ lastUsedAt: now, updatedAt: now }).where(eq(table.id, row.id))
      }
      return row
    },

    /** Revokes one session. */
    async revoke(db: Db, sessionId: number): Promise<void> {
      await db.delete(table).where(eq(table.id, sessionId))
    },

    /** Revokes every session of a subject, or every one but `exceptSessionId`. */
    async revokeAll(db: Db, subjectId: number, exceptSessionId?: number): Promise<void> {
      const condition =
        exceptSessionId === undefined ? eq(table.subjectId, subjectId) : and(eq(table.subjectId, subjectId), ne(table.id, exceptSessionId))
      await db.delete(table).where(condition)
    },

    async purgeExpired(db: Db, now: Date): Promise<void> {
      await db.delete(table).where(lt(table.expiresAt, now))
    },
  }
}
