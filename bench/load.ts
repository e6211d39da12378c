/**
 * Many admins at once against two API instances on one PostgreSQL and one Redis, as production runs
 * behind a load balancer: seeds vendors (each with one Pending payment) into a fresh database of
 * BENCH_DATABASE_URL (or DATABASE_URL), starts two server processes on loopback ports with REDIS_URL
 * (BENCH_REDIS_URL or REDIS_URL), signs in `admins` admins (each its own account, spread over both
 * instances) and lets each work for `seconds`: a realistic mix of lists with filters, sort and search,
 * record views, the dashboard and its statistics, edits and payment approvals, with a pause of
 * `thinkMs` on average between two clicks (exponential, as people click). Prints errors and
 * p50/p95/p99 per kind, then the same clients against a bare `node:http` JSON endpoint on this
 * machine in the same run, and the ratio; checks afterwards that nothing was doubled (one
 * subscription per approved payment, invoice numbers without gap or repeat). Never asserts.
 *
 *   npx tsx bench/load.ts [admins=100] [seconds=60] [thinkMs=500] [vendors=20000]
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../server/db'
import { createAdmin } from '../server/modules/auth/service'
import {
  freePort,
  PASSWORD,
  rowsOf,
  serverDatabase,
  signIn,
  sleep,
  startInstance,
  stopInstance,
  type Instance,
  type Row,
} from './lib/instances'
import { ms, percentile, seedVendors, VENDORS_PATH } from './lib/vendors'

const ADMINS = Number(process.argv[2] ?? 100)
const SECONDS = Number(process.argv[3] ?? 60)
const THINK_MS = Number(process.argv[4] ?? 500)
const VENDORS = Number(process.argv[5] ?? 20_000)
const INSTANCES = 2

type Kind = 'list' | 'search' | 'view' | 'dashboard' | 'statistics' | 'subscriptions' | 'edit' | 'approve'
const MIX: [Kind, number][] = [
  ['list', 25],
  ['search', 10],
  ['view', 20],
  ['dashboard', 10],
  ['statistics', 5],
  ['subscriptions', 10],
  ['edit', 10],
  ['approve', 10],
]
const WRITES = new Set<Kind>(['edit', 'approve'])

/** A deterministic pseudo-random sequence, so every run asks the same things. */
function random(seed: number) {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 2 ** 32
  }
}

/** The bare baseline: a `node:http` server answering a small JSON body, in a process of its own. */
async function startBare() {
  const port = await freePort()
  const code = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end(JSON.stringify({ status: 200, result: { ok: true } })) }).listen(${port}, '127.0.0.1')`
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' })
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(base)).status === 200) return { base, child }
    } catch {
      await sleep(50)
    }
  }
  throw new Error('the bare endpoint did not start')
}

type Sample = { kind: Kind | 'bare'; ms: number; status: number }

/** Closed loop: each client clicks, waits for the answer, thinks, clicks again, until `until`. */
async function runClients(count: number, until: number, click: (client: number, next: () => number) => Promise<Sample>) {
  const samples: Sample[] = []
  await Promise.all(
    Array.from({ length: count }, async (_, client) => {
      const next = random(client + 1)
      // clients start spread over the first second, not all at once
      await sleep(next() * 1000)
      while (performance.now() < until) {
        samples.push(await click(client, next))
        await sleep(-Math.log(1 - next()) * THINK_MS)
      }
    }),
  )
  return samples
}

function report(samples: Sample[], kinds: readonly (Kind | 'bare')[]) {
  for (const kind of kinds) {
    const of = samples.filter((s) => s.kind === kind)
    if (!of.length) continue
    const times = of.map((s) => s.ms).sort((a, b) => a - b)
    const errors = of.filter((s) => s.status === 0 || s.status >= 500).length
    const refused = of.filter((s) => s.status >= 400 && s.status < 500).length
    console.log(
      `  ${kind.padEnd(13)} ${String(of.length).padStart(6)} requests  p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  ` +
        `p99 ${ms(percentile(times, 99))}  errors ${errors}${refused ? `  refused (4xx) ${refused}` : ''}`,
    )
  }
}

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL
  if (!serverUrl || !redisUrl) {
    console.log(
      'load: skipped (set BENCH_DATABASE_URL and BENCH_REDIS_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres and redis://127.0.0.1:6379)',
    )
    return
  }
  const target = await serverDatabase(serverUrl, 'load')
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-load-'))
  const instances: Instance[] = []
  let bare: ChildProcess | undefined
  try {
    const database = await openDatabase({ databaseUrl: target.url, dataDir, maxConnections: 4 })
    const db = database.db
    const seeded = performance.now()
    await seedVendors(db, VENDORS)
    await db.execute(sql`update vendors set package_id = (select min(id) + 1 from packages) where package_id is null`)
    await db.execute(sql`
      insert into payments (vendor_id, package_id, amount, method, payment_number, paid_at, status)
      select v.id, v.package_id, 11485, 'BANK_TRANSFER', 'LOAD-' || v.id, current_date - 1, 'Pending' from vendors v order by v.id`)
    await db.execute(sql`vacuum analyze payments`)
    const now = new Date()
    const emails = Array.from({ length: ADMINS }, (_, i) => `load-admin-${i + 1}@example.com`)
    for (const email of emails) await createAdmin(db, { name: email, email, password: PASSWORD, userType: 'primary' }, now)
    const payments = rowsOf(await db.execute(sql`select id, vendor_id from payments where status = 'Pending' order by id`)).map((r) => ({
      id: Number(r.id),
      vendorId: Number(r.vendor_id),
    }))
    console.log(
      `PostgreSQL (${new URL(target.url).host}, database ${target.name}), Redis ${new URL(redisUrl).host}: seeded ${VENDORS.toLocaleString('en')} vendors, ` +
        `${payments.length.toLocaleString('en')} pending payments and ${ADMINS} admins in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    )
    await database.close()

    // one after the other: the first applies the migrations (none left by then) before the second starts
    for (let i = 0; i < INSTANCES; i++) {
      instances.push(await startInstance({ databaseUrl: target.url, redisUrl, dataDir: join(dataDir, `instance-${i + 1}`) }))
    }
    const tokens: string[] = []
    for (const [i, email] of emails.entries()) tokens.push(await signIn(instances[i % INSTANCES]!.base, email))

    // each admin approves its own share of the payments and edits its own vendors: no two admins race
    // on one record, so a refusal is a defect, not a conflict
    const share = Math.floor(payments.length / ADMINS)
    const approved = new Array<number>(ADMINS).fill(0)
    const edited = new Array<number>(ADMINS).fill(0)
    const statuses = ['active', 'pending', 'inactive']
    const periods = ['30d', '90d', '12m']
    const searches = ['متجر', 'Coffee', 'store-1', 'Gulf', 'التمور', 'vendor12']
    const weightTotal = MIX.reduce((sum, [, w]) => sum + w, 0)
    const pick = (next: () => number): Kind => {
      let r = next() * weightTotal
      for (const [kind, weight] of MIX) if ((r -= weight) < 0) return kind
      return 'list'
    }

    const click = async (client: number, next: () => number): Promise<Sample> => {
      const instance = instances[Math.floor(next() * INSTANCES)]!
      const headers = { authorization: `Bearer ${tokens[client]}`, lang: next() < 0.5 ? 'ar' : 'en', accept: 'application/json' }
      let kind = pick(next)
      if (kind === 'approve' && approved[client]! >= share) kind = 'view'
      const vendorId = 1 + Math.floor(next() * VENDORS)
      const at = performance.now()
      const call = async (path: string, init: RequestInit = {}) => {
        const res = await fetch(`${instance.base}${path}`, { ...init, headers: { ...headers, ...(init.headers as object) } })
        const body = await res.text()
        return { status: res.status, body }
      }
      let status = 0
      try {
        switch (kind) {
          case 'list': {
            const status_ = statuses[Math.floor(next() * 3)]
            const page = 1 + Math.floor(next() * 20)
            status = (await call(`${VENDORS_PATH}?page=${page}&pageSize=15&status=${status_}&sort_column=created_at&sort_direction=desc`))
              .status
            break
          }
          case 'search':
            status = (
              await call(`${VENDORS_PATH}?search=${encodeURIComponent(searches[Math.floor(next() * searches.length)]!)}&pageSize=15`)
            ).status
            break
          case 'view':
            status = (await call(`${VENDORS_PATH}/${vendorId}`)).status
            break
          case 'dashboard':
            status = (await call('/api/admin-panal/dashboard')).status
            break
          case 'statistics':
            status = (await call(`/api/admin-panal/get-statistics?period=${periods[Math.floor(next() * 3)]}`)).status
            break
          case 'subscriptions':
            status = (await call(`/api/admin-panal/subscriptions?page=${1 + Math.floor(next() * 5)}&pageSize=15`)).status
            break
          case 'edit': {
            // the admin's own vendors: ids congruent to its number
            const own = 1 + ((client + ADMINS * (edited[client]! % Math.floor(VENDORS / ADMINS))) % VENDORS)
            edited[client]! += 1
            const read = await call(`${VENDORS_PATH}/${own}`)
            if (read.status !== 200) {
              status = read.status
              break
            }
            const item = (JSON.parse(read.body) as { result: { item: Row } }).result.item
            const keys = ['store_name', 'company_name', 'commercial_registration', 'commercial_registration_expiry', 'phone', 'email']
            const more = ['status', 'package_id', 'subdomain', 'tax_no', 'utm_source', 'version']
            const body: Row = Object.fromEntries([...keys, ...more].map((key) => [key, item[key] ?? null]))
            body.description = `edited ${edited[client]} times under load`
            status = (
              await call(`${VENDORS_PATH}/${own}`, {
                method: 'PUT',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(body),
              })
            ).status
            break
          }
          case 'approve': {
            const payment = payments[client * share + approved[client]!]!
            approved[client]! += 1
            status = (
              await call(`${VENDORS_PATH}/changeTransactionStatus/${payment.vendorId}/${payment.id}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ status: 'Success' }),
              })
            ).status
            break
          }
        }
      } catch {
        status = 0
      }
      return { kind, ms: performance.now() - at, status }
    }

    console.log(`\n${ADMINS} admins for ${SECONDS} s on ${INSTANCES} instances (pause between clicks ${THINK_MS} ms on average):`)
    const started = performance.now()
    const samples = await runClients(ADMINS, started + SECONDS * 1000, click)
    const seconds = (performance.now() - started) / 1000
    const kinds = MIX.map(([kind]) => kind)
    report(samples, kinds)
    const reads = samples.filter((s) => !WRITES.has(s.kind as Kind))
    const readTimes = reads.map((s) => s.ms).sort((a, b) => a - b)
    const errors = samples.filter((s) => s.status === 0 || s.status >= 500).length
    const refused = samples.filter((s) => s.status >= 400 && s.status < 500).length
    console.log(
      `  all           ${String(samples.length).padStart(6)} requests (${(samples.length / seconds).toFixed(0)}/s); errors ${errors} (goal 0), ` +
        `refused ${refused}; reads p95 ${ms(percentile(readTimes, 95))} (goal <= 100 ms)`,
    )

    // the same clients against a bare JSON endpoint, for what this machine can do at all
    const endpoint = await startBare()
    bare = endpoint.child
    const bareSamples = await runClients(ADMINS, performance.now() + Math.min(SECONDS, 20) * 1000, async () => {
      const at = performance.now()
      try {
        const res = await fetch(endpoint.base)
        await res.text()
        return { kind: 'bare', ms: performance.now() - at, status: res.status }
      } catch {
        return { kind: 'bare', ms: performance.now() - at, status: 0 }
      }
    })
    console.log('\nthe same clients against a bare node:http JSON endpoint:')
    report(bareSamples, ['bare'])
    const bareTimes = bareSamples.map((s) => s.ms).sort((a, b) => a - b)
    console.log(
      `  ratio of the product's reads to the bare endpoint: p50 ${(percentile(readTimes, 50) / percentile(bareTimes, 50)).toFixed(1)}x, ` +
        `p95 ${(percentile(readTimes, 95) / percentile(bareTimes, 95)).toFixed(1)}x`,
    )

    const check = await openDatabase({ databaseUrl: target.url, dataDir, maxConnections: 1 })
    try {
      const [counts] = rowsOf(
        await check.db.execute(sql`
          select (select count(*) from payments where status = 'Success')::int as approved,
                 (select count(*) from subscriptions)::int as subscriptions,
                 (select count(distinct invoice_number) from subscriptions)::int as numbers,
                 (select coalesce(max(cast(split_part(invoice_number, '-', 3) as int)), 0) from subscriptions)::int as highest`),
      )
      const c = counts as Record<string, number>
      const asked = approved.reduce((sum, n) => sum + n, 0)
      const held = c.approved === c.subscriptions && c.numbers === c.subscriptions && c.highest === c.subscriptions
      console.log(
        `\n  afterwards: ${asked} approvals asked, ${c.approved} payments approved, ${c.subscriptions} subscriptions, invoice numbers 1..${c.highest} ` +
          `-> ${held ? 'nothing lost or doubled' : 'BROKEN'}`,
      )
    } finally {
      await check.close()
    }
  } finally {
    bare?.kill('SIGTERM')
    await Promise.all(instances.map(stopInstance))
    await target.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
