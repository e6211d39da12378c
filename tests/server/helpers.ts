import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import postgres from 'postgres'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { buildApp, type BuildAppOptions } from '../../server/app'
import { openDatabase, type Database, type Db } from '../../server/db'
import type { RateLimitConfig, ServerModule } from '../../server/lib/context'
import { loadModules } from '../../server/lib/modules'
import { createMemoryMailer, type MailMessage } from '../../server/mail'
import { createAdmin, type NewAdmin } from '../../server/modules/auth/service'
import { createUser, type NewUser } from '../../server/modules/users/service'
import { adminRoles, roles } from '../../server/modules/roles/schema'

/**
 * Server test harness. Every suite runs on PGlite; when TEST_DATABASE_URL is set (a PostgreSQL server,
 * e.g. postgres://postgres@127.0.0.1:5432/test) it runs on PostgreSQL too. One database per test file
 * and backend (PGlite in memory; on PostgreSQL a database of its own, created from the server and
 * dropped at the end, so parallel workers never share one), emptied before each test.
 */

type BackendName = 'pglite' | 'postgres'
export type Backend = { name: BackendName }

export const backends: Backend[] = process.env.TEST_DATABASE_URL ? [{ name: 'pglite' }, { name: 'postgres' }] : [{ name: 'pglite' }]

export const PUBLIC_URL = 'https://admin.example.test'
const START = new Date('2026-03-01T09:00:00.000Z')
export const PASSWORD = 'Correct-Horse-9'

let databaseCounter = 0

/**
 * A database of its own on `backend` (dropped by `drop`), migrated unless `migrate` is false (a test
 * of a migration applies them itself).
 */
export async function openTestDatabase(backend: Backend, { migrate = true } = {}): Promise<Database & { drop: () => Promise<void> }> {
  if (backend.name === 'pglite') {
    const database = await openDatabase({ dataDir: tmpdir(), inMemory: true, migrate })
    return { ...database, drop: async () => {} }
  }
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `test_${process.pid}_${++databaseCounter}_${Math.random().toString(36).slice(2, 8)}`
  const maintenanceUrl = await reachableMaintenanceUrl(serverUrl)
  await runOnServer(maintenanceUrl, `create database "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  try {
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir(), maxConnections: 5, migrate })
    return { ...database, drop: () => runOnServer(maintenanceUrl, `drop database if exists "${name}" with (force)`) }
  } catch (error) {
    await runOnServer(maintenanceUrl, `drop database if exists "${name}" with (force)`)
    throw error
  }
}

async function runOnServer(url: string, statement: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await client.unsafe(statement)
  } finally {
    await client.end({ timeout: 5 })
  }
}

/** The database of TEST_DATABASE_URL if it exists, else the server's `postgres` database. */
async function reachableMaintenanceUrl(serverUrl: string): Promise<string> {
  try {
    await runOnServer(serverUrl, 'select 1')
    return serverUrl
  } catch {
    const url = new URL(serverUrl)
    url.pathname = '/postgres'
    return url.toString()
  }
}

async function truncateAll(db: Db): Promise<void> {
  const rows = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { tablename: string }[] }).rows) as { tablename: string }[]
  if (list.length === 0) return
  const names = list.map((r) => `"${r.tablename}"`).join(', ')
  await db.execute(sql.raw(`truncate ${names} restart identity cascade`))
}

type InjectOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD'
  url: string
  body?: unknown
  /** Raw payload (sent as is, with `contentType`). */
  payload?: string | Buffer
  contentType?: string
  token?: string
  lang?: 'ar' | 'en'
  headers?: Record<string, string>
  /** The client's address (default 127.0.0.1). */
  remoteAddress?: string
}

type Response = {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  text: string
  /** Parsed JSON body (undefined when the body is not JSON). */
  json: any // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary shapes
}

export type TestServer = {
  readonly backend: Backend
  readonly app: FastifyInstance
  readonly db: Db
  readonly dataDir: string
  /** The injectable clock: read, set, advance. */
  readonly clock: { now: () => Date; set: (date: Date) => void; advance: (ms: number) => void }
  /** Mails sent so far (waits for the mail queue first). */
  mails: () => Promise<MailMessage[]>
  request: (options: InjectOptions) => Promise<Response>
  createAdmin: (input?: Partial<NewAdmin>) => Promise<{ id: number; email: string; password: string }>
  createUser: (input?: Partial<NewUser>) => Promise<{ id: number; email: string; password: string }>
  loginAdmin: (email: string, password?: string) => Promise<string>
  loginUser: (email: string, password?: string) => Promise<string>
  /** Rebuilds the app with other options (same database and clock), e.g. small rate limits. */
  rebuild: (options?: TestAppOptions) => Promise<FastifyInstance>
  /** Another instance of the app on the same database and clock, as a second server would be (the caller closes it). */
  sibling: (options?: TestAppOptions) => Promise<FastifyInstance>
}

export type TestAppOptions = {
  rateLimit?: Partial<RateLimitConfig>
  staticDir?: string
  publicUrl?: string
  logger?: BuildAppOptions['logger']
  bodyLimit?: number
  sessionTtlMs?: number
  trustProxy?: boolean
  /** Modules mounted beside every module of `server/modules` (a test's own). */
  extraModules?: readonly ServerModule[]
  /** Shared state in this Redis (as with REDIS_URL); none by default. */
  redis?: Redis | null
}

/** Registers the hooks of one suite on `backend` and returns its (lazily filled) server handle. */
export function useTestServer(backend: Backend, defaults: TestAppOptions = {}): TestServer {
  let database: (Database & { drop: () => Promise<void> }) | undefined
  let app: FastifyInstance | undefined
  let time = START.getTime()
  let mailer = createMemoryMailer()
  let dataDir = ''
  let counter = 0

  /** A new app on this suite's database and clock (with its own mail box). */
  const makeApp = async (options: TestAppOptions, mails: ReturnType<typeof createMemoryMailer>) => {
    const merged = { ...defaults, ...options }
    return buildApp({
      ...(merged.extraModules ? { modules: [...(await loadModules()), ...merged.extraModules] } : {}),
      db: database!.db,
      clock: () => new Date(time),
      mailer: mails,
      logger: merged.logger ?? false,
      redis: merged.redis ?? null,
      config: {
        publicUrl: merged.publicUrl ?? PUBLIC_URL,
        dataDir,
        staticDir: merged.staticDir,
        sessionTtlMs: merged.sessionTtlMs,
        trustProxy: merged.trustProxy,
        bodyLimit: merged.bodyLimit,
        // Generous by default so suites are not limited; rate-limit tests pass small ones.
        rateLimit: {
          loginMax: 1000,
          failedLoginMax: 1000,
          forgotMax: 1000,
          tokenMax: 1000,
          notFoundMax: 1000,
          contactMax: 1000,
          windowMs: 60_000,
          ...merged.rateLimit,
        },
      },
    })
  }
  const build = async (options: TestAppOptions = {}) => {
    if (app) await app.close()
    mailer = createMemoryMailer()
    app = await makeApp(options, mailer)
    return app
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'server-test-'))
    database = await openTestDatabase(backend)
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
    await database?.drop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })
  beforeEach(async () => {
    time = START.getTime()
    await truncateAll(database!.db)
    await build()
  })
  afterEach(async () => {
    await app?.close()
    app = undefined
  })

  const server: TestServer = {
    backend,
    get app() {
      if (!app) throw new Error('app not built')
      return app
    },
    get db() {
      if (!database) throw new Error('database not open')
      return database.db
    },
    get dataDir() {
      return dataDir
    },
    clock: {
      now: () => new Date(time),
      set: (date) => {
        time = date.getTime()
      },
      advance: (ms) => {
        time += ms
      },
    },
    async mails() {
      await server.app.deps.mail.drain()
      return mailer.messages
    },
    async request(options) {
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
      if (options.lang) headers.lang = options.lang
      if (options.token) headers.authorization = `Bearer ${options.token}`
      let payload: string | Buffer | undefined
      if (options.payload !== undefined) {
        payload = options.payload
        if (options.contentType) headers['content-type'] = options.contentType
      } else if (options.body !== undefined) {
        payload = JSON.stringify(options.body)
        headers['content-type'] = options.contentType ?? 'application/json'
      }
      const res = await server.app.inject({
        method: options.method ?? (options.body !== undefined || options.payload !== undefined ? 'POST' : 'GET'),
        url: options.url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      })
      let json: unknown
      try {
        json = JSON.parse(res.body)
      } catch {
        json = undefined
      }
      return { status: res.statusCode, headers: res.headers, text: res.body, json }
    },
    async createAdmin(input = {}) {
      counter += 1
      const email = input.email ?? `admin${counter}@example.com`
      const password = input.password ?? PASSWORD
      const row = await createAdmin(
        server.db,
        {
          name: input.name ?? `Admin ${counter}`,
          email,
          password,
          userType: input.userType ?? 'primary',
          locale: input.locale ?? 'ar',
          isActive: input.isActive ?? true,
        },
        server.clock.now(),
      )
      return { id: row.id, email: row.email, password }
    },
    async createUser(input = {}) {
      counter += 1
      const email = input.email ?? `vendor${counter}@example.com`
      const password = input.password ?? PASSWORD
      const row = await createUser(
        server.db,
        {
          name: input.name ?? `Vendor ${counter}`,
          email,
          phone: input.phone ?? null,
          password,
          locale: input.locale ?? 'ar',
          isActive: input.isActive ?? true,
        },
        server.clock.now(),
      )
      return { id: row.id, email: row.email, password }
    },
    async loginAdmin(email, password = PASSWORD) {
      const res = await server.request({ url: '/api/admin-panal/auth/login', body: { email, password } })
      if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`)
      return res.json.result.token as string
    },
    async loginUser(email, password = PASSWORD) {
      const res = await server.request({ url: '/api/login', body: { email, password } })
      if (res.status !== 200) throw new Error(`user login failed: ${res.status} ${res.text}`)
      return res.json.result.api_token as string
    },
    rebuild: (options) => build(options),
    sibling: (options = {}) => makeApp(options, createMemoryMailer()),
  }
  return server
}

/** The token of a reset link found in a mail. */
export function tokenFromMail(mail: MailMessage): string {
  const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)
  if (!match?.[1]) throw new Error(`no reset link in mail: ${mail.text}`)
  return match[1]
}

export const MINUTE = 60_000

/** Gives `adminId` a new role holding `permissions`. */
export async function grantRole(server: TestServer, adminId: number, permissions: string[]): Promise<number> {
  const now = server.clock.now()
  const [role] = await server.db
    .insert(roles)
    .values({ nameAr: `دور ${permissions.length}`, nameEn: `Role ${permissions.length}`, permissions, createdAt: now, updatedAt: now })
    .returning({ id: roles.id })
  await server.db.insert(adminRoles).values({ adminId, roleId: role!.id, createdAt: now })
  return role!.id
}

/** The admin routes of a permission module (`<module>:*`), with `:id` filled in, to walk them. */
export function routesOfModule(
  server: TestServer,
  module: string,
  id: number,
): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string }[] {
  return server.app.routeAccess
    .filter((r) => r.access.kind === 'admin' && r.access.permission.startsWith(`${module}:`) && r.method !== 'HEAD')
    .map((r) => ({ method: r.method as 'GET' | 'POST' | 'PUT' | 'DELETE', url: r.url.replace(':id', String(id)) }))
}

/** A multipart body holding one file under `field` (default `file`), as a browser's form would send it. */
export function multipart(filename: string, type: string, content: Buffer | string, field = 'file') {
  const boundary = '----test-boundary-7f3a'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` }
}
