/**
 * Payment approvals per second through the real server: seeds vendors (each with a package) and one
 * Pending payment each into a fresh embedded database (and into a fresh database on the PostgreSQL
 * server of BENCH_DATABASE_URL or DATABASE_URL when set), then approves every payment over HTTP,
 * `concurrency` at a time. Each approval activates the vendor, makes its subscription, counts the
 * year's invoice number and writes the audit, in one transaction. Afterwards it checks the
 * invariants: one subscription per approved payment, invoice numbers 1..n without gap or repeat, at
 * most one running subscription per vendor. Prints the figures; never asserts.
 *
 *   npx tsx bench/approvals.ts [payments=2000] [concurrency=8]
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { onEachBackend, type Backend } from './lib/backends'
import { ms, percentile, seedBackend, startServer, VENDORS_PATH } from './lib/vendors'

const PAYMENTS = Number(process.argv[2] ?? 2000)
const CONCURRENCY = Number(process.argv[3] ?? 8)

type Row = Record<string, unknown>
const rowsOf = (result: unknown): Row[] => (Array.isArray(result) ? result : ((result as { rows?: Row[] }).rows ?? [])) as Row[]

async function bench(backend: Backend): Promise<void> {
  await seedBackend(backend, PAYMENTS)
  const db = backend.database.db
  // every vendor gets a package and one Pending payment of 114.85 SR
  await db.execute(sql`update vendors set package_id = (select min(id) + 1 from packages) where package_id is null`)
  await db.execute(sql`
    insert into payments (vendor_id, package_id, amount, method, payment_number, paid_at, status)
    select v.id, v.package_id, 11485, 'BANK_TRANSFER', 'BENCH-' || v.id, current_date - 1, 'Pending' from vendors v order by v.id`)
  const payments = rowsOf(await db.execute(sql`select id, vendor_id from payments order by id`)).map((r) => ({
    id: Number(r.id),
    vendorId: Number(r.vendor_id),
  }))

  const server = await startServer(backend)
  try {
    const times: number[] = []
    let failures = 0
    let next = 0
    const started = performance.now()
    const worker = async () => {
      while (next < payments.length) {
        const payment = payments[next++]!
        const at = performance.now()
        const res = await fetch(`${server.base}${VENDORS_PATH}/changeTransactionStatus/${payment.vendorId}/${payment.id}`, {
          method: 'POST',
          headers: { ...server.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'Success' }),
        })
        await res.arrayBuffer()
        times.push(performance.now() - at)
        if (res.status !== 200) failures += 1
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    const seconds = (performance.now() - started) / 1000
    times.sort((a, b) => a - b)
    console.log(
      `  ${payments.length} approvals, ${CONCURRENCY} at a time: ${(payments.length / seconds).toFixed(1)} approvals/s ` +
        `(p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}); refused: ${failures}`,
    )

    const [counts] = rowsOf(
      await db.execute(sql`
        select (select count(*) from payments where status = 'Success')::int as approved,
               (select count(*) from subscriptions)::int as subscriptions,
               (select count(distinct invoice_number) from subscriptions)::int as numbers,
               (select coalesce(max(cast(split_part(invoice_number, '-', 3) as int)), 0) from subscriptions)::int as highest,
               (select count(*) from (select vendor_id from subscriptions where status = 'active'
                                      group by vendor_id having count(*) > 1) t)::int as doubled,
               (select count(*) from vendors v join payments p on p.vendor_id = v.id
                 where p.status = 'Success' and v.status <> 'active')::int as inactive`),
    )
    const c = counts as Record<string, number>
    const gapFree = c.numbers === c.subscriptions && c.highest === c.subscriptions
    console.log(
      `  invariants: ${c.approved} approved, ${c.subscriptions} subscriptions, invoice numbers 1..${c.highest} ` +
        `${gapFree ? 'without gap or repeat' : 'WITH A GAP OR A REPEAT'}, vendors with two running subscriptions: ${c.doubled}, ` +
        `approved vendors not active: ${c.inactive} -> ${c.approved === c.subscriptions && gapFree && c.doubled === 0 && c.inactive === 0 ? 'held' : 'BROKEN'}`,
    )
  } finally {
    await server.app.close()
  }
}

await onEachBackend('approvals', bench)
