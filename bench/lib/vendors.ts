/**
 * What the vendors benchmarks share: 100,000 varied vendors inserted in batches into a fresh
 * database of `./backends`, and the real server listening on 127.0.0.1 with an admin signed in.
 */
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import type { Db } from '../../server/db'
import type { Backend } from './backends'
import { createMemoryMailer } from '../../server/mail'
import { createAdmin } from '../../server/modules/auth/service'
import { marketplaces } from '../../server/modules/marketplaces/schema'
import { packages } from '../../server/modules/subscription-packages/schema'

export const VENDORS_PATH = '/api/admin-panal/venders'
const SEED_BATCH = 10_000
const EMAIL = 'bench@example.com'
const PASSWORD = 'Bench-password-1'

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)]!
}

export const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** The subscription packages the vendors are spread over: their ids. */
async function seedPackages(db: Db, now: Date): Promise<number[]> {
  const rows = [
    ['تجربة مجانية', 'Free trial', 0, 'DAYS', 14, 'FREE_TRIAL'],
    ['أساسي شهري', 'Basic monthly', 9_900, 'MONTH', null, 'STANDARD'],
    ['أساسي سنوي', 'Basic yearly', 99_000, 'YEAR', null, 'STANDARD'],
    ['نخبة شهري', 'Elite monthly', 29_900, 'MONTH', null, 'ELITE'],
    ['نخبة سنوي', 'Elite yearly', 299_000, 'YEAR', null, 'ELITE'],
  ] as const
  const inserted = await db
    .insert(packages)
    .values(
      rows.map(([titleAr, titleEn, price, subscriptionType, days, packageType], i) => ({
        titleAr,
        titleEn,
        shortDescriptionAr: titleAr,
        shortDescriptionEn: titleEn,
        price,
        subscriptionType,
        days,
        packageType,
        displayOrder: i,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: packages.id })
  return inserted.map((r) => r.id)
}

/** The marketplaces the vendors sell on: their ids. */
async function seedMarketplaces(db: Db, now: Date): Promise<number[]> {
  const rows = [
    ['سلة', 'Salla', 'https://salla.sa'],
    ['زد', 'Zid', 'https://zid.sa'],
    ['أمازون', 'Amazon', 'https://amazon.sa'],
    ['نون', 'Noon', 'https://noon.com'],
  ] as const
  const inserted = await db
    .insert(marketplaces)
    .values(rows.map(([nameAr, nameEn, website]) => ({ nameAr, nameEn, website, createdAt: now, updatedAt: now })))
    .returning({ id: marketplaces.id })
  return inserted.map((r) => r.id)
}

/**
 * Fills an empty `vendors` table with `count` vendors (ids 1..count), one `generate_series` insert
 * per batch: about 55% active, 25% pending, 20% inactive; five packages (1 in 11 without one);
 * seven utm sources (some none); registered over the last 12 months; subscriptions ending from two
 * months ago to 13 months ahead (none for most inactive ones); four marketplaces (four in five vendors on
 * one, one in seven on a second); Arabic and English names; one in ten
 * referred by an earlier vendor. Ends with `vacuum analyze`, as autovacuum would leave the table.
 */
export async function seedVendors(db: Db, count: number, now = new Date()): Promise<number[]> {
  const packageIds = await seedPackages(db, now)
  const marketplaceArray = sql.raw(`array[${(await seedMarketplaces(db, now)).join(',')}]::int[]`)
  const packageArray = sql.raw(`array[${packageIds.join(',')}]::int[]`)
  const minutesInYear = 365 * 24 * 60
  const at = now.toISOString()
  for (let from = 1; from <= count; from += SEED_BATCH) {
    const to = Math.min(count, from + SEED_BATCH - 1)
    await db.execute(sql`
      insert into vendors (id, store_name, company_name, commercial_registration, commercial_registration_expiry, phone,
        email, description, status, package_id, subscription_expires_at, subdomain, tax_no, utm_source,
        referral_code, referred_by_vendor_id, created_at, updated_at)
      overriding system value
      select g,
        (array['متجر الورد', 'Rose Store', 'بيت العود', 'Oud House', 'أزياء الرياض', 'Riyadh Fashion', 'عالم الإلكترونيات',
          'Electronics World', 'مكتبة المعرفة', 'Knowledge Books', 'حلويات السعادة', 'Happy Sweets', 'قهوة الصباح',
          'Morning Coffee', 'ركن الأطفال', 'Kids Corner', 'عطور الشرق', 'Orient Perfumes', 'تمور القصيم', 'Qassim Dates'])[1 + h.a % 20]
          || ' ' || g,
        case when h.a % 2 = 0 then 'شركة ' || (array['النور', 'الأمل', 'الخليج', 'النخبة', 'الريادة', 'الواحة'])[1 + h.b % 6] || ' للتجارة'
             else (array['Alnoor', 'Gulf', 'Elite', 'Oasis', 'Pioneer', 'Summit'])[1 + h.b % 6] || ' Trading Co.' end,
        (1000000000 + g)::text,
        date '2026-06-01' + (g * 37 % 900),
        '+9665' || lpad((g::bigint * 7919 % 100000000)::text, 8, '0'),
        'vendor' || g || '@' || (array['example.com', 'mail.sa', 'shop.net'])[1 + g % 3],
        case when g % 5 = 0 then null else 'متجر إلكتروني رقم ' || g end,
        s.status,
        case when h.c % 11 = 0 then null else (${packageArray})[1 + h.c % ${packageIds.length}] end,
        case when s.status = 'inactive' and h.d % 4 <> 0 then null
             else ${at}::timestamptz + make_interval(days => h.d % 460 - 60) end,
        'store-' || g,
        case when g % 3 = 0 then null else '3' || lpad(g::text, 13, '0') || '3' end,
        (array['google', 'instagram', 'snapchat', 'twitter', 'tiktok', null, null])[1 + h.e % 7],
        'R' || lpad(upper(to_hex(g)), 7, '0'),
        case when g % 10 = 0 and g > 100 then g - 1 - g * 13 % 50 else null end,
        c.at, c.at
      from generate_series(${from}::int, ${to}::int) g,
        -- independent pseudo-random draws per vendor, the same on every run
        lateral (select abs(hashint4(g)) as a, abs(hashint4(g + 1000003)) as b, abs(hashint4(g + 2000003)) as c,
                        abs(hashint4(g + 3000017)) as d, abs(hashint4(g + 4000037)) as e, abs(hashint4(g + 5000011)) as f,
                        abs(hashint4(g + 6000007)) as r) h,
        lateral (select case when h.f % 100 < 55 then 'active' when h.f % 100 < 80 then 'pending' else 'inactive' end as status) s,
        lateral (select ${at}::timestamptz - make_interval(mins => h.r % ${minutesInYear}) as at) c`)
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('vendors', 'id'), ${count})`)
  // four in five sell on one marketplace, one in seven on a second one too
  await db.execute(sql`
    insert into vendor_marketplaces (vendor_id, marketplace_id)
    select g, (${marketplaceArray})[1 + g % 5] from generate_series(1, ${count}::int) g where g % 5 < 4
    union
    select g, (${marketplaceArray})[1 + (g / 7) % 4] from generate_series(1, ${count}::int) g where g % 7 = 0
    on conflict do nothing`)
  await db.execute(sql`vacuum analyze vendors`)
  await db.execute(sql`vacuum analyze vendor_marketplaces`)
  return packageIds
}

/** Seeds `rows` vendors into the backend's fresh database and prints how long it took. */
export async function seedBackend(backend: Backend, rows: number): Promise<number[]> {
  const started = performance.now()
  const packageIds = await seedVendors(backend.database.db, rows)
  console.log(`\n${backend.label}: seeded ${rows.toLocaleString('en')} vendors in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return packageIds
}

export type BenchServer = { app: FastifyInstance; base: string; headers: Record<string, string> }

/** The app on the backend's database, listening on a free port of 127.0.0.1, with an admin signed in. */
export async function startServer(backend: Backend): Promise<BenchServer> {
  const app = await buildApp({
    db: backend.database.db,
    mailer: createMemoryMailer(),
    config: { publicUrl: 'http://127.0.0.1', dataDir: backend.dataDir },
  })
  try {
    await createAdmin(backend.database.db, { name: 'Bench', email: EMAIL, password: PASSWORD, userType: 'primary' }, new Date())
    await app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = app.server.address() as AddressInfo
    const base = `http://127.0.0.1:${port}`
    const login = await fetch(`${base}/api/admin-panal/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    })
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`)
    const { token } = ((await login.json()) as { result: { token: string } }).result
    return { app, base, headers: { authorization: `Bearer ${token}`, lang: 'en', accept: 'application/json' } }
  } catch (error) {
    await app.close()
    throw error
  }
}
