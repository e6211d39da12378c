/**
 * Faults under load, on real server processes (loopback only, bounded in time). Prints what happened
 * and whether the invariants held; never asserts.
 *
 * 1. SIGKILL of one of two instances (PostgreSQL + Redis) in the middle of payment approvals, then
 *    of partner payouts (each with its Idempotency-Key); the client retries what got no answer on
 *    the other instance. Afterwards, recomputed: every payment approved once, one subscription each,
 *    invoice numbers without gap or repeat, a referral credit per approved referred payment, one
 *    payout per key, the partner's balance equal to its ledger and never below 0.
 * 2. The database goes away under load: every connection of the server is terminated (as a restart
 *    of PostgreSQL does) and new ones are refused for `outageMs` (the server reaches PostgreSQL
 *    through a loopback proxy that stops accepting). Counts the answers meanwhile (goal: 503, never
 *    a 500), the time until answers come back, and checks no approval was half written.
 * 3. SIGTERM under load: the requests in flight when it arrives finish (goal: all of them).
 * 4. The embedded database (PGlite) after SIGKILL: the server on the same DATA_DIR again holds every
 *    vendor whose creation was acknowledged.
 * 1-3 need BENCH_DATABASE_URL (or DATABASE_URL) and 1 BENCH_REDIS_URL (or REDIS_URL); 4 always runs.
 *
 *   npx tsx bench/faults.ts [payments=600] [outageMs=5000] [which=1234]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, Socket, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { openDatabase, type Db } from '../server/db'
import { freePort, rowsOf, serverDatabase, signIn, sleep, startInstance, stopInstance, type Instance } from './lib/instances'
import { ms, seedVendors, VENDORS_PATH } from './lib/vendors'

const PAYMENTS = Number(process.argv[2] ?? 600)
const OUTAGE_MS = Number(process.argv[3] ?? 5000)
/** Which of the four to run (`124` leaves out the third). */
const ONLY = process.argv[4] ?? '1234'
const PARTNERS_PATH = '/api/admin-panal/partners'
const WORKERS = 8
/** The smallest valid PNG, as a payout's transfer receipt. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL
const verdict = (held: boolean) => (held ? 'held' : 'BROKEN')

type Call = { path: string; init?: RequestInit }
type Answer = { status: number; body: string }

async function send(base: string, token: string, call: Call): Promise<Answer> {
  const res = await fetch(`${base}${call.path}`, {
    ...call.init,
    headers: { authorization: `Bearer ${token}`, lang: 'en', accept: 'application/json', ...(call.init?.headers as object) },
    signal: AbortSignal.timeout(30_000),
  })
  return { status: res.status, body: await res.text() }
}

/** Runs `calls` with WORKERS at a time; `route` picks the instance; `atHalf` runs once when 40% have been sent. */
async function drive(calls: Call[], route: (i: number) => Instance, survivor: () => Instance, token: string, atShare: () => void) {
  let next = 0
  let fired = false
  const outcome = { first: 0, retried: 0, retriedDone: 0, errors: [] as string[], refused: [] as string[] }
  const worker = async () => {
    while (next < calls.length) {
      const i = next++
      if (!fired && i >= calls.length * 0.4) {
        fired = true
        atShare()
      }
      const call = calls[i]!
      try {
        const answer = await send(route(i).base, token, call)
        if (answer.status >= 500) outcome.errors.push(`${answer.status} ${answer.body.slice(0, 120)}`)
        else if (answer.status >= 400) outcome.refused.push(`${answer.status} ${answer.body.slice(0, 160)}`)
        else outcome.first += 1
        continue
      } catch {
        // no answer: the instance died with the request; the client tries again on the other one
      }
      outcome.retried += 1
      const again = await send(survivor().base, token, call)
      if (again.status >= 500) outcome.errors.push(`${again.status} on retry ${again.body.slice(0, 120)}`)
      else if (again.status === 409 || again.status === 200) outcome.retriedDone += 1
    }
  }
  await Promise.all(Array.from({ length: WORKERS }, worker))
  return outcome
}

async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, number>> {
  const [row] = rowsOf(await db.execute(query))
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]))
}

/** Pending payments for `count` seeded vendors, the first half referred by one partner. */
async function seedPayments(db: Db, count: number, label: string) {
  await seedVendors(db, count)
  await db.execute(sql`update vendors set package_id = (select min(id) + 1 from packages) where package_id is null`)
  await db.execute(sql`
    insert into payments (vendor_id, package_id, amount, method, payment_number, paid_at, status)
    select v.id, v.package_id, 11485, 'BANK_TRANSFER', ${label} || v.id, current_date - 1, 'Pending' from vendors v order by v.id`)
  const [partner] = rowsOf(
    await db.execute(sql`
      insert into partners (full_name, email, phone, referral_code, referral_percentage, referral_due_months)
      values ('Faults Partner', 'faults-partner@example.com', '+966500000001', 'FAULTS01', 10, 12) returning id`),
  )
  const partnerId = Number(partner!.id)
  await db.execute(sql`
    insert into partner_referrals (vendor_id, partner_id) select id, ${partnerId} from vendors where id % 2 = 1 on conflict do nothing`)
  const payments = rowsOf(await db.execute(sql`select id, vendor_id from payments where status = 'Pending' order by id`)).map((r) => ({
    id: Number(r.id),
    vendorId: Number(r.vendor_id),
  }))
  return { partnerId, payments }
}

const approval = (p: { id: number; vendorId: number }): Call => ({
  path: `${VENDORS_PATH}/changeTransactionStatus/${p.vendorId}/${p.id}`,
  init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'Success' }) },
})

async function killDuringApprovalsAndPayouts(dataDir: string) {
  console.log(`\n1. SIGKILL of one of two instances during ${PAYMENTS} approvals, then during payouts`)
  const target = await serverDatabase(serverUrl!, 'faults_kill')
  const instances: Instance[] = []
  try {
    const database = await openDatabase({ databaseUrl: target.url, dataDir, maxConnections: 2 })
    const { partnerId, payments } = await seedPayments(database.db, PAYMENTS, 'KILL-')
    await database.close()
    for (let i = 0; i < 2; i++)
      instances.push(await startInstance({ databaseUrl: target.url, redisUrl: redisUrl!, dataDir: join(dataDir, `k${i}`) }))
    const token = await signIn(instances[1]!.base)
    const kill = () => {
      instances[0]!.child.kill('SIGKILL')
    }
    const approvals = await drive(
      payments.map(approval),
      (i) => instances[i % 2]!,
      () => instances[1]!,
      token,
      kill,
    )
    await instances[0]!.exited
    console.log(
      `  approvals: ${approvals.first} answered at once, ${approvals.retried} without an answer (killed) retried on the other instance ` +
        `(${approvals.retriedDone} found done or done then), 5xx: ${approvals.errors.length}${approvals.errors.length ? ` e.g. ${approvals.errors[0]}` : ''}`,
    )

    // the killed one comes back; payouts of the partner's credits, and the same instance killed again
    instances[0] = await startInstance({ databaseUrl: target.url, redisUrl: redisUrl!, dataDir: join(dataDir, 'k0-again') })
    const check = await openDatabase({ databaseUrl: target.url, dataDir, maxConnections: 2, migrate: false })
    try {
      const { balance } = await scalar(check.db, sql`select balance from partners where id = ${partnerId}`)
      const count = 200
      const each = Math.max(1, Math.floor(balance! / (count * 2)))
      const payouts: Call[] = Array.from({ length: count }, (_, i) => {
        const form = new FormData()
        form.set('payment_no', `FAULT-${i + 1}`)
        form.set('payment_amount', (each / 100).toFixed(2))
        form.set('payment_date', new Date(Date.now() - 86_400_000).toISOString().slice(0, 10))
        form.set('payment_file', new Blob([PNG], { type: 'image/png' }), 'transfer.png')
        return {
          path: `${PARTNERS_PATH}/createPayment/${partnerId}`,
          init: { method: 'POST', body: form, headers: { 'idempotency-key': `fault-payout-${process.pid}-${i}` } },
        }
      })
      const paid = await drive(
        payouts,
        (i) => instances[i % 2]!,
        () => instances[1]!,
        token,
        kill,
      )
      await instances[0]!.exited
      console.log(
        `  payouts of ${(each / 100).toFixed(2)} SR from a balance of ${(balance! / 100).toFixed(2)} SR: ${paid.first} answered at once, ` +
          `${paid.refused.length ? `${paid.refused.length} refused (e.g. ${paid.refused[0]}), ` : ''}${paid.retried} retried with the same key, 5xx: ${paid.errors.length}${paid.errors.length ? ` e.g. ${paid.errors[0]}` : ''}`,
      )

      const c = await scalar(
        check.db,
        sql`select
          (select count(*) from payments where status = 'Success') as approved,
          (select count(*) from payments where status = 'Pending') as pending,
          (select count(*) from subscriptions) as subscriptions,
          (select count(distinct invoice_number) from subscriptions) as numbers,
          (select coalesce(max(cast(split_part(invoice_number, '-', 3) as int)), 0) from subscriptions) as highest,
          (select count(*) from payments p join partner_referrals r using (vendor_id) where p.status = 'Success') as referred,
          (select count(*) from referral_payments where partner_id = ${partnerId}) as credited,
          (select count(*) from partner_payouts where partner_id = ${partnerId}) as payouts,
          (select count(distinct idempotency_key) from partner_payouts where partner_id = ${partnerId}) as keys,
          (select balance from partners where id = ${partnerId}) as balance,
          (select coalesce(sum(amount), 0) from wallet_entries where partner_id = ${partnerId}) as ledger,
          (select coalesce(min(balance_after), 0) from wallet_entries where partner_id = ${partnerId}) as lowest`,
      )
      const approvalsHeld =
        c.approved === payments.length &&
        c.pending === 0 &&
        c.subscriptions === c.approved &&
        c.numbers === c.approved &&
        c.highest === c.approved
      const walletHeld = c.credited === c.referred && c.payouts === count && c.keys === count && c.balance === c.ledger && c.lowest! >= 0
      console.log(
        `  afterwards: ${c.approved}/${payments.length} approved, ${c.subscriptions} subscriptions, invoice numbers 1..${c.highest} ` +
          `-> ${verdict(approvalsHeld)}; ${c.credited} credits for ${c.referred} referred approvals, ${c.payouts} payouts for ${count} keys, ` +
          `balance ${c.balance} = ledger ${c.ledger} halalas, lowest ${c.lowest} -> ${verdict(walletHeld)}`,
      )
    } finally {
      await check.close()
    }
  } finally {
    await Promise.all(instances.map(stopInstance))
    await target.drop()
  }
}

/** A loopback TCP proxy to PostgreSQL that can refuse and cut connections, as a restart does. */
async function startProxy(to: URL) {
  const sockets = new Set<Socket>()
  const port = await freePort()
  let server: Server | null = null
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new Socket()
        upstream.connect(Number(to.port || 5432), to.hostname)
        sockets.add(client).add(upstream)
        const drop = () => {
          client.destroy()
          upstream.destroy()
          sockets.delete(client)
          sockets.delete(upstream)
        }
        client.on('error', drop).on('close', drop)
        upstream.on('error', drop).on('close', drop)
        client.pipe(upstream).pipe(client)
      })
      server.listen(port, '127.0.0.1', resolve)
    })
  await listen()
  return {
    port,
    cut: async () => {
      // (a server closes once its connections have: they go first)
      const closed = new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
      for (const socket of sockets) socket.destroy()
      sockets.clear()
      await closed
    },
    restore: listen,
    close: async () => {
      const closed = new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
      for (const socket of sockets) socket.destroy()
      await closed
    },
  }
}

async function databaseGoesAway(dataDir: string) {
  console.log(`\n2. The database goes away for ${OUTAGE_MS} ms under load (connections terminated, new ones refused)`)
  const target = await serverDatabase(serverUrl!, 'faults_outage')
  const database = await openDatabase({ databaseUrl: target.url, dataDir, maxConnections: 2 })
  const { payments } = await seedPayments(database.db, 2000, 'OUT-')
  const proxy = await startProxy(new URL(target.url))
  const viaProxy = new URL(target.url)
  viaProxy.hostname = '127.0.0.1'
  viaProxy.port = String(proxy.port)
  let instance: Instance | undefined
  try {
    instance = await startInstance({ databaseUrl: viaProxy.toString(), dataDir: join(dataDir, 'outage') })
    const token = await signIn(instance.base)
    const counts = { before: new Map<number, number>(), during: new Map<number, number>(), after: new Map<number, number>() }
    let phase: keyof typeof counts = 'before'
    let restoredAt = 0
    let firstAnswerAfter = 0
    let next = 0
    const until = performance.now() + OUTAGE_MS + 8000
    const worker = async (w: number) => {
      while (performance.now() < until) {
        const call: Call =
          w % 2 && next < payments.length ? approval(payments[next++]!) : { path: `${VENDORS_PATH}?pageSize=15&status=active` }
        // no answer at all counts as 0
        const status = await send(instance!.base, token, call).then(
          (answer) => answer.status,
          () => 0,
        )
        const seen = counts[phase]
        seen.set(status, (seen.get(status) ?? 0) + 1)
        if (phase === 'after' && status === 200 && !firstAnswerAfter) firstAnswerAfter = performance.now() - restoredAt
        await sleep(20)
      }
    }
    const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)))
    await sleep(2000)
    phase = 'during'
    await proxy.cut()
    // what a restart does to the sessions the server had
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} })
    await admin.unsafe(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${target.name}' and pid <> pg_backend_pid()`,
    )
    await admin.end({ timeout: 5 })
    await sleep(OUTAGE_MS)
    await proxy.restore()
    restoredAt = performance.now()
    phase = 'after'
    await load
    const show = (m: Map<number, number>) =>
      [...m.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s === 0 ? 'no answer' : s}: ${n}`)
        .join(', ')
    console.log(`  before: ${show(counts.before)}`)
    console.log(`  during: ${show(counts.during)} (goal: 503, never a 500)`)
    console.log(`  after:  ${show(counts.after)}; answers again ${ms(firstAnswerAfter)} after PostgreSQL is back`)
    if (instance.child.exitCode !== null || instance.child.signalCode !== null)
      console.log(`  THE SERVER STOPPED (${instance.child.exitCode ?? instance.child.signalCode}):\n${instance.log()}`)
    const c = await scalar(
      database.db,
      sql`select (select count(*) from payments where status = 'Success') as approved,
                 (select count(*) from subscriptions) as subscriptions,
                 (select count(*) from payments p where p.status = 'Success' and not exists (select 1 from subscriptions s where s.payment_id = p.id)) as orphans,
                 (select count(distinct invoice_number) from subscriptions) as numbers,
                 (select coalesce(max(cast(split_part(invoice_number, '-', 3) as int)), 0) from subscriptions) as highest`,
    )
    console.log(
      `  afterwards: ${c.approved} approved, ${c.subscriptions} subscriptions, approved without one: ${c.orphans}, invoice numbers 1..${c.highest} ` +
        `-> ${verdict(c.approved === c.subscriptions && c.orphans === 0 && c.numbers === c.subscriptions && c.highest === c.subscriptions)}`,
    )
  } finally {
    if (instance) await stopInstance(instance)
    await proxy.close()
    await database.close()
    await target.drop()
  }
}

async function sigtermUnderLoad(dataDir: string) {
  console.log('\n3. SIGTERM under load: the requests in flight finish')
  const target = serverUrl ? await serverDatabase(serverUrl, 'faults_term') : null
  const database = target ? await openDatabase({ databaseUrl: target.url, dataDir, maxConnections: 2 }) : null
  if (database) await seedVendors(database.db, 20_000)
  const instance = await startInstance({ ...(target ? { databaseUrl: target.url } : {}), dataDir: join(dataDir, 'term') })
  try {
    const token = await signIn(instance.base)
    let terminated = 0
    const inFlight = { started: 0, finished: 0, failed: 0, how: new Map<string, number>() }
    const failedWith = (how: string) => {
      inFlight.failed += 1
      inFlight.how.set(how, (inFlight.how.get(how) ?? 0) + 1)
    }
    let refused = 0
    const until = performance.now() + 6000
    const worker = async (w: number) => {
      while (performance.now() < until && instance.child.exitCode === null) {
        const beforeTerm = !terminated
        // a list, and a CSV export that streams for a while
        const call: Call = { path: w % 4 === 0 ? `${VENDORS_PATH}/export` : `${VENDORS_PATH}?pageSize=50&search=store` }
        if (beforeTerm) inFlight.started += 1
        try {
          const answer = await send(instance.base, token, call)
          if (beforeTerm) {
            if (answer.status === 200) inFlight.finished += 1
            else failedWith(`${answer.status} ${answer.body.slice(0, 80)}`)
          }
        } catch (error) {
          if (beforeTerm) failedWith(String((error as Error & { cause?: Error }).cause?.message ?? error))
          else refused += 1
        }
      }
    }
    const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)))
    await sleep(2500)
    terminated = performance.now()
    instance.child.kill('SIGTERM')
    await load
    const code = await instance.exited
    console.log(
      `  ${inFlight.started} requests sent before SIGTERM: ${inFlight.finished} finished with 200, ${inFlight.failed} failed (goal 0)` +
        `${inFlight.failed ? ` (${[...inFlight.how].map(([how, n]) => `${n}x ${how}`).join('; ')})` : ''}; later ones refused: ${refused}; ` +
        `the server exited with ${code} after ${ms(performance.now() - terminated)}`,
    )
  } finally {
    await stopInstance(instance)
    await database?.close()
    await target?.drop()
  }
}

async function embeddedAfterSigkill(dataDir: string) {
  console.log('\n4. The embedded database (PGlite) after SIGKILL')
  const dir = join(dataDir, 'embedded')
  let instance = await startInstance({ dataDir: dir })
  const token = await signIn(instance.base)
  const acknowledged: number[] = []
  let n = 0
  let killed = false
  const worker = async () => {
    while (!killed) {
      const i = ++n
      const body = {
        store_name: `متجر العطل ${i}`,
        company_name: `Faults Co ${i}`,
        commercial_registration: String(2_000_000_000 + i),
        phone: `+96655${String(i).padStart(7, '0')}`,
        email: `faults${i}@example.com`,
        status: 'pending',
        subdomain: `faults-${i}`,
      }
      try {
        const answer = await send(instance.base, token, {
          path: VENDORS_PATH,
          init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        })
        if (answer.status === 201) acknowledged.push((JSON.parse(answer.body) as { result: { item: { id: number } } }).result.item.id)
      } catch {
        // killed mid-request: not acknowledged
      }
    }
  }
  const load = Promise.all(Array.from({ length: 4 }, worker))
  await sleep(4000)
  killed = true
  instance.child.kill('SIGKILL')
  await load
  await instance.exited
  const started = performance.now()
  instance = await startInstance({ dataDir: dir })
  const reopened = performance.now() - started
  try {
    const again = await signIn(instance.base)
    let missing = 0
    for (const id of acknowledged) if ((await send(instance.base, again, { path: `${VENDORS_PATH}/${id}` })).status !== 200) missing += 1
    console.log(
      `  ${acknowledged.length} vendor creations acknowledged before SIGKILL; the server on the same DATA_DIR started again in ` +
        `${ms(reopened)} and holds ${acknowledged.length - missing} of them -> ${verdict(missing === 0)}`,
    )
  } finally {
    await stopInstance(instance)
  }
}

const dataDir = await mkdtemp(join(tmpdir(), 'bench-faults-'))
try {
  if (ONLY.includes('1')) {
    if (serverUrl && redisUrl) await killDuringApprovalsAndPayouts(dataDir)
    else console.log('\n1. skipped (set BENCH_DATABASE_URL and BENCH_REDIS_URL)')
  }
  if (ONLY.includes('2')) {
    if (serverUrl) await databaseGoesAway(dataDir)
    else console.log('\n2. skipped (set BENCH_DATABASE_URL)')
  }
  if (ONLY.includes('3')) await sigtermUnderLoad(dataDir)
  if (ONLY.includes('4')) await embeddedAfterSigkill(dataDir)
} finally {
  await rm(dataDir, { recursive: true, force: true })
}
