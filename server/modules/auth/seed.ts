import { inArray } from 'drizzle-orm'
import { admins } from './schema'
import type { Seeder } from '../../lib/context'
import { hashPassword } from '../../lib/crypto'

/** Demo admins (the primary admin is created at start-up, not here). Idempotent: keyed by email. */
const DEMO_ADMINS = [
  { name: 'سارة العتيبي', email: 'sara.subadmin@example.com', locale: 'ar', isActive: true },
  { name: 'James Carter', email: 'james.subadmin@example.com', locale: 'en', isActive: true },
  { name: 'فهد القحطاني', email: 'fahad.inactive@example.com', locale: 'ar', isActive: false },
] as const

export const adminsSeeder: Seeder = {
  name: 'admins',
  async run({ db, clock, demoPassword, log }) {
    const now = clock()
    const existing = await db
      .select({ email: admins.email })
      .from(admins)
      .where(
        inArray(
          admins.email,
          DEMO_ADMINS.map((a) => a.email),
        ),
      )
    const known = new Set(existing.map((row) => row.email))
    const missing = DEMO_ADMINS.filter((a) => !known.has(a.email))
    if (missing.length === 0) return 0
    const values = await Promise.all(
      missing.map(async (a) => ({
        ...a,
        userType: 'sub' as const,
        passwordHash: await hashPassword(demoPassword),
        createdAt: now,
        updatedAt: now,
      })),
    )
    const rows = await db.insert(admins).values(values).onConflictDoNothing().returning({ id: admins.id })
    log.info({ created: rows.length, emails: missing.map((a) => a.email) }, 'demo admins created')
    return rows.length
  },
}
