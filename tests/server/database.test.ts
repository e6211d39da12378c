import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count, eq, sql } from 'drizzle-orm'
import postgres from 'postgres'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db'
import { admins, adminSessions, passwordResets, resetRequests } from '../../server/modules/auth/schema'
import { users } from '../../server/modules/users/schema'
import { seedDemo } from '../../server/db/seed'
import { subscriptions } from '../../server/modules/subscriptions/schema'
import { vendorPayments } from '../../server/modules/vendors/schema'
import { verifyPassword } from '../../server/lib/crypto'
import { ensurePrimaryAdmin } from '../../server/modules/auth/service'
import { DEMO_ROLE_ADMIN_EMAIL, demoRolePermissions } from '../../server/modules/roles/seed'
import { loadModules } from '../../server/lib/modules'
import { backends, MINUTE, PASSWORD, useTestServer } from './helpers'

const silentLog = { info: () => {}, warn: () => {} }

describe.each(backends)('database on $name', (backend) => {
  const server = useTestServer(backend)

  it('creates the primary admin only on an empty admins table, from the given credentials', async () => {
    const first = await ensurePrimaryAdmin(server.db, { email: 'Boss@Example.com', password: 'Boss-password-1' }, server.clock.now())
    expect(first).toEqual({ created: true, email: 'boss@example.com', generatedPassword: null })
    const second = await ensurePrimaryAdmin(server.db, { email: 'other@example.com', password: 'Other-password-1' }, server.clock.now())
    expect(second).toEqual({ created: false })
    const rows = await server.db.select().from(admins)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ email: 'boss@example.com', name: 'مدير المنصة', userType: 'primary', isActive: true, version: 1 })
    expect(await verifyPassword(rows[0]!.passwordHash, 'Boss-password-1')).toBe(true)
  })

  it('names the primary admin as ADMIN_NAME says', async () => {
    await ensurePrimaryAdmin(
      server.db,
      { email: 'boss@example.com', password: 'Boss-password-1', name: 'Sara Al-Otaibi' },
      server.clock.now(),
    )
    const [row] = await server.db.select().from(admins)
    expect(row?.name).toBe('Sara Al-Otaibi')
  })

  it('generates a strong password for admin@example.com when none is given', async () => {
    const result = await ensurePrimaryAdmin(server.db, {}, server.clock.now())
    if (!result.created) throw new Error('expected a new admin')
    expect(result.email).toBe('admin@example.com')
    expect(result.generatedPassword).toMatch(/^.{24,}$/)
    const [row] = await server.db.select().from(admins)
    expect(await verifyPassword(row!.passwordHash, result.generatedPassword!)).toBe(true)
    const login = await server.request({
      url: '/api/admin-panal/auth/login',
      body: { email: 'admin@example.com', password: result.generatedPassword },
    })
    expect(login.status).toBe(200)
    expect(login.json.result.admin.permissions).toEqual(['*'])
  })

  it('seeds demo data idempotently (a sub admin, Arabic and English end users)', async () => {
    const deps = { db: server.db, clock: server.clock.now, log: silentLog, demoPassword: 'Demo-password-1' }
    const created = await seedDemo(deps)
    expect(created).toBeGreaterThanOrEqual(5)
    expect(await seedDemo(deps)).toBe(0)
    const adminRows = await server.db.select().from(admins)
    expect(adminRows.some((a) => a.userType === 'sub' && a.isActive)).toBe(true)
    const userRows = await server.db.select().from(users)
    expect(userRows.length).toBeGreaterThanOrEqual(4)
    expect(userRows.some((u) => /[\u0600-\u06FF]/.test(u.name))).toBe(true)
    expect(userRows.some((u) => /^[A-Za-z ]+$/.test(u.name))).toBe(true)
    // The demo sub admin holds the demo role (content editor); the other one holds no role.
    const login = await server.request({
      url: '/api/admin-panal/auth/login',
      body: { email: DEMO_ROLE_ADMIN_EMAIL, password: 'Demo-password-1' },
    })
    expect(login.status).toBe(200)
    expect(login.json.result.admin.permissions).toEqual(demoRolePermissions(await loadModules()))
    const other = adminRows.find((a) => a.userType === 'sub' && a.isActive && a.email !== DEMO_ROLE_ADMIN_EMAIL)!
    const otherLogin = await server.request({
      url: '/api/admin-panal/auth/login',
      body: { email: other.email, password: 'Demo-password-1' },
    })
    expect(otherLogin.json.result.admin.permissions).toEqual([])
    // every successful demo payment made its subscription, with invoice numbers 1..n of each year
    const paid = await server.db.select().from(vendorPayments).where(eq(vendorPayments.status, 'Success'))
    const subs = await server.db.select().from(subscriptions)
    expect(subs.length).toBe(paid.length)
    expect(subs.length).toBeGreaterThan(20)
    const byYear = new Map<string, number[]>()
    for (const sub of subs) {
      const [, year, n] = /^INV-(\d{4})-(\d{6})$/.exec(sub.invoiceNumber ?? '') ?? []
      byYear.set(year!, [...(byYear.get(year!) ?? []), Number(n)])
    }
    for (const numbers of byYear.values()) expect(numbers.sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1))
    const now = server.clock.now().getTime()
    expect(subs.some((s) => s.status === 'active' && s.expiresAt && s.expiresAt.getTime() < now)).toBe(true)
    expect(subs.some((s) => s.status === 'active' && (!s.expiresAt || s.expiresAt.getTime() > now))).toBe(true)
    expect(subs.some((s) => s.status === 'replaced')).toBe(true)
  })

  it('enforces the rules in the database: unique email in any case, enums, versions', async () => {
    await server.createAdmin({ email: 'one@example.com' })
    const base = { name: 'x', passwordHash: 'x' }
    await expect(server.db.insert(admins).values({ ...base, email: 'one@example.com' })).rejects.toThrow()
    await expect(
      server.db.execute(sql`insert into admins (name, email, password_hash) values ('x', 'ONE@example.com', 'x')`),
    ).rejects.toThrow()
    await expect(
      server.db.execute(sql`insert into admins (name, email, password_hash, user_type) values ('x', 'two@example.com', 'x', 'root')`),
    ).rejects.toThrow()
    await expect(
      server.db.execute(sql`insert into admins (name, email, password_hash, locale) values ('x', 'three@example.com', 'x', 'fr')`),
    ).rejects.toThrow()
    await expect(server.db.execute(sql`update admins set version = 0`)).rejects.toThrow()
    await expect(
      server.db.execute(sql`insert into admin_sessions (token_hash, admin_id, expires_at) values ('h', 999, now())`),
    ).rejects.toThrow()
    const [{ n }] = (await server.db.select({ n: count() }).from(admins)) as [{ n: number }]
    expect(n).toBe(1)
  })

  it('housekeeping purges expired sessions and old reset rows, and keeps live ones', async () => {
    const admin = await server.createAdmin()
    const live = await server.loginAdmin(admin.email)
    await server.request({ url: '/api/admin-panal/auth/forgot-password', body: { email: admin.email } })
    server.clock.advance(6 * 24 * 60 * MINUTE)
    const recent = await server.loginAdmin(admin.email, PASSWORD)
    server.clock.advance(2 * 24 * 60 * MINUTE)
    await server.app.housekeeping()
    const sessions = await server.db.select().from(adminSessions)
    expect(sessions).toHaveLength(1)
    expect((await server.request({ url: '/api/admin-panal/auth/me', token: recent })).status).toBe(200)
    expect((await server.request({ url: '/api/admin-panal/auth/me', token: live })).status).toBe(401)
    expect(await server.db.select().from(passwordResets)).toHaveLength(0)
    expect(await server.db.select().from(resetRequests)).toHaveLength(0)
  })

  it('keeps a session in use fresh (last_used_at) without writing on every call', async () => {
    const admin = await server.createAdmin()
    const token = await server.loginAdmin(admin.email)
    const [before] = await server.db.select().from(adminSessions)
    await server.request({ url: '/api/admin-panal/auth/me', token })
    const [same] = await server.db.select().from(adminSessions)
    expect(same!.lastUsedAt.getTime()).toBe(before!.lastUsedAt.getTime())
    server.clock.advance(5 * MINUTE)
    await server.request({ url: '/api/admin-panal/auth/me', token })
    const [after] = await server.db.select().from(adminSessions).where(eq(adminSessions.id, before!.id))
    expect(after!.lastUsedAt.toISOString()).toBe(server.clock.now().toISOString())
  })
})

describe('embedded database files', () => {
  it('keeps its data under DATA_DIR/pgdata across restarts and applies migrations once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pgdata-test-'))
    try {
      const first = await openDatabase({ dataDir })
      expect(first.kind).toBe('pglite')
      await ensurePrimaryAdmin(first.db, { password: 'Persist-pass-1' }, new Date())
      await first.close()
      const second = await openDatabase({ dataDir })
      const rows = await second.db.select().from(admins)
      expect(rows.map((r) => r.email)).toEqual(['admin@example.com'])
      const migrations = (await second.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
        rows: { n: number }[]
      }
      expect(migrations.rows[0]?.n).toBeGreaterThanOrEqual(1)
      await second.close()
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe.each(backends.filter((b) => b.name === 'postgres'))('a PostgreSQL server with the smallest pool', () => {
  it('migrates and opens with one connection allowed (the migration lock holds one while another migrates)', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!
    const name = `test_pool_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database "${name}"`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    try {
      for (const round of [1, 2]) {
        const database = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir(), maxConnections: 1 })
        try {
          const [row] = (await database.db.select({ n: count() }).from(admins)) as { n: number }[]
          expect(row!.n, `round ${round}`).toBe(0)
        } finally {
          await database.close()
        }
      }
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.end({ timeout: 5 })
    }
  })
})

describe.each(backends.filter((b) => b.name === 'postgres'))('a PostgreSQL connection lost under a query', () => {
  it('fails the query with CONNECTION_CLOSED instead of ending the process (the driver is patched at install)', async () => {
    const url = process.env.TEST_DATABASE_URL!
    const client = postgres(url, { max: 2, onnotice: () => {} })
    const admin = postgres(url, { max: 1, onnotice: () => {} })
    try {
      const reserved = await client.reserve()
      const [row] = await reserved`select pg_backend_pid() as pid`
      await admin`select pg_terminate_backend(${row!.pid as number})`
      // the terminated backend's close reaches the client before the next query is written
      await expect
        .poll(async () => (await admin`select count(*)::int as n from pg_stat_activity where pid = ${row!.pid as number}`)[0]!.n)
        .toBe(0)
      await expect(reserved`select 1`).rejects.toMatchObject({
        code: expect.stringMatching(/^CONNECTION_(CLOSED|ENDED|DESTROYED)$|^ECONNRESET$/),
      })
      reserved.release()
    } finally {
      await client.end({ timeout: 1 })
      await admin.end({ timeout: 1 })
    }
  })
})
