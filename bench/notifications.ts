/**
 * Notifications fan-out (issue 14): `admins` admins (half primary, half sub users whose role lets them
 * see contact requests) each hold the live stream open on loopback; a message of the public contact
 * form is sent `events` times, and for each the time from sending it until every admin's stream has
 * told of it is measured (the notification is written in the message's transaction and published
 * once it commits). On a fresh embedded database, then on PostgreSQL when BENCH_DATABASE_URL (or
 * DATABASE_URL) is set (BENCH_BACKENDS=postgres for PostgreSQL only). Prints the figures; never asserts.
 *
 *   npx tsx bench/notifications.ts [admins=100] [events=30]
 */
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { desc, eq } from 'drizzle-orm'
import { buildApp } from '../server/app'
import { sessionStore } from '../server/lib/sessions'
import { createMemoryMailer } from '../server/mail'
import { adminSessions, admins } from '../server/modules/auth/schema'
import { notifications } from '../server/modules/notifications/schema'
import { adminRoles, roles } from '../server/modules/roles/schema'
import { notificationsPaths, type StreamMessage } from '../src/contract/notifications'
import { onEachBackend, type Backend } from './lib/backends'
import { ms, percentile } from './lib/vendors'

const ADMINS = Number(process.argv[2] ?? 100)
const EVENTS = Number(process.argv[3] ?? 30)
const TTL = 24 * 3_600_000

/** `count` admins with a session each: half primary, half sub users allowed to see contact requests. */
async function signedInAdmins(backend: Backend, count: number): Promise<string[]> {
  const db = backend.database.db
  const now = new Date()
  const [role] = await db
    .insert(roles)
    .values({ nameAr: 'التواصل', nameEn: 'Contact', permissions: ['contact:view'], createdAt: now, updatedAt: now })
    .returning({ id: roles.id })
  const rows = await db
    .insert(admins)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Admin ${i}`,
        email: `bench-admin-${i}@example.com`,
        // nobody signs in with a password here: the sessions are made directly
        passwordHash: 'unused',
        userType: i % 2 === 0 ? ('primary' as const) : ('sub' as const),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: admins.id, userType: admins.userType })
  const subs = rows.filter((row) => row.userType === 'sub')
  if (subs.length) await db.insert(adminRoles).values(subs.map((row) => ({ adminId: row.id, roleId: role!.id, createdAt: now })))
  const sessions = sessionStore(adminSessions)
  const tokens: string[] = []
  for (const row of rows) tokens.push((await sessions.create(db, row.id, now, TTL)).token)
  return tokens
}

type Client = { waitFor: (id: number) => Promise<number>; close: () => void }

/** One admin's stream: `waitFor(id)` resolves with the moment the notification `id` arrived. */
async function connect(base: string, token: string): Promise<Client> {
  const controller = new AbortController()
  const res = await fetch(`${base}/api${notificationsPaths.stream}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  })
  if (res.status !== 200 || !res.body) throw new Error(`stream refused: ${res.status}`)
  const arrived = new Map<number, number>()
  const waiting = new Map<number, (at: number) => void>()
  let ready: () => void = () => {}
  const isReady = new Promise<void>((resolve) => (ready = resolve))
  void (async () => {
    let buffer = ''
    try {
      for await (const chunk of res.body!.pipeThrough(new TextDecoderStream())) {
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = block.split('\n').find((line) => line.startsWith('data: '))
          if (!data) continue
          const message = JSON.parse(data.slice(6)) as StreamMessage
          if (message.type === 'ready') ready()
          if (message.type !== 'notification') continue
          const at = performance.now()
          arrived.set(message.item.id, at)
          waiting.get(message.item.id)?.(at)
        }
      }
    } catch {
      // aborted at the end
    }
  })()
  await isReady
  return {
    waitFor: (id) => {
      const at = arrived.get(id)
      return at !== undefined ? Promise.resolve(at) : new Promise((resolve) => waiting.set(id, resolve))
    },
    close: () => controller.abort(),
  }
}

async function bench(backend: Backend): Promise<void> {
  const tokens = await signedInAdmins(backend, ADMINS)
  const app = await buildApp({
    db: backend.database.db,
    mailer: createMemoryMailer(),
    config: { publicUrl: 'http://127.0.0.1', dataDir: backend.dataDir, rateLimit: { contactMax: 1_000_000 } },
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const clients: Client[] = []
  try {
    const opening = performance.now()
    for (let at = 0; at < tokens.length; at += 20)
      clients.push(...(await Promise.all(tokens.slice(at, at + 20).map((t) => connect(base, t)))))
    console.log(`  ${clients.length} admins connected in ${ms(performance.now() - opening).trim()}`)

    const all: number[] = []
    const first: number[] = []
    for (let n = 0; n < EVENTS; n += 1) {
      const sent = performance.now()
      const res = await fetch(`${base}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ name: `Visitor ${n}`, email: `visitor${n}@example.com`, subject: 'Bench subject', message: 'A question' }),
      })
      if (res.status !== 201) throw new Error(`contact refused: ${res.status} ${await res.text()}`)
      // the notification's id: the newest one
      const [row] = await backend.database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.kind, 'contact_request'))
        .orderBy(desc(notifications.id))
        .limit(1)
      const times = await Promise.all(clients.map((client) => client.waitFor(row!.id)))
      all.push(Math.max(...times) - sent)
      first.push(Math.min(...times) - sent)
    }
    all.sort((a, b) => a - b)
    first.sort((a, b) => a - b)
    console.log(
      `  ${EVENTS} contact requests, each told to ${clients.length} admins: until all have it p50 ${ms(percentile(all, 50))}, ` +
        `p99 ${ms(percentile(all, 99))}, max ${ms(all.at(-1)!)}; first admin p50 ${ms(percentile(first, 50))}`,
    )
  } finally {
    for (const client of clients) client.close()
    await app.close()
  }
}

console.log(`notifications fan-out: ${ADMINS} admins on the stream, ${EVENTS} events`)
await onEachBackend('notifications', async (backend) => {
  console.log(`\n${backend.label}`)
  await bench(backend)
})
