/**
 * Vendor self-registration through the real server's API, as the wizard makes it: a draft, step 1
 * (store information), step 2 (a monthly package), step 3 (a card paid through the sandbox gateway,
 * approved as an admin's approval is: subscription, invoice number, audit) and the completion that
 * creates the account and the vendor. `registrations` of them, `concurrency` clients at a time, on a
 * fresh embedded database (and on the PostgreSQL server of BENCH_DATABASE_URL or DATABASE_URL when
 * set). The per-address rate limits are lifted for the run (every client here is 127.0.0.1). Prints
 * p50 and p95 per step and the registrations per second, then checks what was made; never asserts.
 *
 *   npx tsx bench/registrations.ts [registrations=200] [concurrency=8]
 */
import { performance } from 'node:perf_hooks'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { buildApp } from '../server/app'
import { createMemoryMailer } from '../server/mail'
import { registrationPaths as paths } from '../src/contract/registration'
import { onEachBackend, type Backend } from './lib/backends'
import { ms, percentile, seedBackend } from './lib/vendors'

const REGISTRATIONS = Number(process.argv[2] ?? 200)
const CONCURRENCY = Number(process.argv[3] ?? 8)
const PASSWORD = 'Bench#Pass2026'
const UNLIMITED = 1_000_000

type Row = Record<string, unknown>
const rowsOf = (result: unknown): Row[] => (Array.isArray(result) ? result : ((result as { rows?: Row[] }).rows ?? [])) as Row[]

const STEPS = ['draft', 'store', 'package', 'payment', 'complete'] as const
type Step = (typeof STEPS)[number]

async function bench(backend: Backend): Promise<void> {
  // the vendors seed brings the five packages (a free trial, monthly, yearly, ...)
  await seedBackend(backend, 20)
  const db = backend.database.db
  const [monthly] = rowsOf(await db.execute(sql`select min(id)::int as id from packages where subscription_type = 'MONTH'`))
  const packageId = Number(monthly?.id)

  const app = await buildApp({
    db,
    mailer: createMemoryMailer(),
    config: {
      publicUrl: 'http://127.0.0.1',
      dataDir: backend.dataDir,
      rateLimit: { forgotMax: UNLIMITED, tokenMax: UNLIMITED, loginMax: UNLIMITED, contactMax: UNLIMITED },
    },
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/`
  const headers = { accept: 'application/json', lang: 'en' }
  const times: Record<Step, number[]> = { draft: [], store: [], package: [], payment: [], complete: [] }
  const refused: string[] = []

  const call = async (step: Step, method: string, path: string, body?: unknown) => {
    const at = performance.now()
    const res = await fetch(base + path, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const json = (await res.json()) as { result?: { draft?: { token: string } } }
    times[step].push(performance.now() - at)
    if (res.status >= 300) throw new Error(`${step}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`)
    return json
  }

  const register = async (n: number) => {
    const created = await call('draft', 'POST', paths.drafts)
    const token = created.result?.draft?.token ?? ''
    await call('store', 'PUT', paths.store(token), {
      store_name: `متجر المقياس ${n}`,
      company_name: `Bench Company ${n}`,
      commercial_registration: String(3_000_000_000 + n),
      commercial_registration_expiry: '2028-06-30',
      phone: '+966512345678',
      email: `bench-vendor-${n}@example.com`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      subdomain: `bench-store-${n}`,
      tax_no: '310000000000003',
      utm_source: 'bench',
    })
    await call('package', 'PUT', paths.package(token), { package_id: packageId })
    await call('payment', 'POST', paths.payment(token), {
      method: 'CREDIT_CARD',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', holder_name: 'Bench Vendor' },
    })
    await call('complete', 'POST', paths.complete(token))
  }

  try {
    let next = 0
    const started = performance.now()
    const client = async () => {
      while (next < REGISTRATIONS) {
        const n = ++next
        await register(n).catch((error: unknown) => refused.push(String(error)))
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, client))
    const seconds = (performance.now() - started) / 1000
    console.log(
      `  ${REGISTRATIONS} registrations, ${CONCURRENCY} clients: ${(REGISTRATIONS / seconds).toFixed(1)} registrations/s ` +
        `(${seconds.toFixed(1)} s); failed: ${refused.length}${refused.length ? ` (first: ${refused[0]})` : ''}`,
    )
    for (const step of STEPS) {
      const sorted = [...times[step]].sort((a, b) => a - b)
      console.log(`  ${step.padEnd(9)} p50 ${ms(percentile(sorted, 50))}   p95 ${ms(percentile(sorted, 95))}   (${sorted.length} calls)`)
    }
    const [c] = rowsOf(
      await db.execute(sql`
        select (select count(*) from vendors where subdomain like 'bench-store-%')::int as vendors,
               (select count(*) from vendors where subdomain like 'bench-store-%' and status = 'active')::int as active,
               (select count(*) from users where email like 'bench-vendor-%')::int as accounts,
               (select count(*) from subscriptions s join vendors v on v.id = s.vendor_id
                 where v.subdomain like 'bench-store-%')::int as subscriptions`),
    )
    const made = c as Record<string, number>
    console.log(
      `  made: ${made.accounts} accounts, ${made.vendors} vendors (${made.active} active), ${made.subscriptions} subscriptions -> ` +
        (made.accounts === REGISTRATIONS && made.vendors === REGISTRATIONS && made.subscriptions === REGISTRATIONS
          ? 'as many as registered'
          : 'MISSING SOME'),
    )
  } finally {
    await app.close()
  }
}

await onEachBackend('registrations', bench)
