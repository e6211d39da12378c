import { inArray } from 'drizzle-orm'
import { users } from './schema'
import type { Seeder } from '../../lib/context'
import { hashPassword } from '../../lib/crypto'

/** Demo end users (vendor accounts), Arabic and English names. Idempotent: keyed by email. */
const DEMO_USERS = [
  { name: 'محمد الشهري', email: 'mohammed@demo-store.sa', phone: '+966501234567', locale: 'ar', isActive: true },
  { name: 'نورة الدوسري', email: 'noura@demo-store.sa', phone: '+966502345678', locale: 'ar', isActive: true },
  { name: 'عبدالله الحربي', email: 'abdullah@demo-store.sa', phone: '+966503456789', locale: 'ar', isActive: true },
  { name: 'Emily Johnson', email: 'emily@demo-store.com', phone: '+14155550123', locale: 'en', isActive: true },
  { name: 'Omar Haddad', email: 'omar@demo-store.com', phone: null, locale: 'en', isActive: true },
  { name: 'ريم الزهراني', email: 'reem.inactive@demo-store.sa', phone: '+966504567890', locale: 'ar', isActive: false },
] as const

export const usersSeeder: Seeder = {
  name: 'users',
  async run({ db, clock, demoPassword, log }) {
    const now = clock()
    const existing = await db
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_USERS.map((u) => u.email),
        ),
      )
    const known = new Set(existing.map((row) => row.email))
    const missing = DEMO_USERS.filter((u) => !known.has(u.email))
    if (missing.length === 0) return 0
    const values = await Promise.all(
      missing.map(async (u) => ({ ...u, passwordHash: await hashPassword(demoPassword), createdAt: now, updatedAt: now })),
    )
    const rows = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id })
    log.info({ created: rows.length }, 'demo end users created')
    return rows.length
  },
}
