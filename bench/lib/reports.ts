/**
 * What the reports benchmark seeds into a fresh database of `./backends`: 100,000 vendors (as the
 * vendors benchmarks do), 30 coupons, 1,000,000 payments over the last three years (about 80 %
 * successful, 15 % with a coupon) with a subscription for each successful one, 2,000 partners who
 * referred one vendor in ten, the commission of each successful payment of those vendors, and about
 * 100,000 wallet entries (a credit per commission, a payout of half of one credit in four), every
 * balance the sum of its partner's ledger. One `generate_series` insert per batch, then `vacuum analyze`.
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db'
import type { Backend } from './backends'
import { seedBackend } from './vendors'

const VENDORS = 100_000
const BATCH = 100_000
export const PARTNERS = 2_000
export const COUPONS = 30

const count = async (db: Db, table: string) => {
  const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[]
  return rows[0]?.n ?? 0
}

async function seedCoupons(db: Db, packageIds: number[]): Promise<void> {
  const paid = sql.raw(`array[${packageIds.slice(1).join(',')}]::int[]`)
  await db.execute(sql`
    insert into coupons (name_ar, name_en, code, type, value, valid_from, valid_to, user_count, uses, package_ids)
    select 'كوبون ' || g, 'Coupon ' || g, 'CODE' || g, 'PERCENTAGE', 5 + g % 26, date '2020-01-01', date '2030-12-31', 1000000, 0, ${paid}
    from generate_series(1, ${COUPONS}) g`)
}

/** Payments ids `from..to`: vendor, paid package, coupon, day, status and the amount with VAT, all from hashes of the id. */
async function seedPayments(db: Db, packageIds: number[], from: number, to: number): Promise<void> {
  const ids = sql.raw(`array[${packageIds.slice(1).join(',')}]::int[]`)
  const prices = sql.raw(`array[9900, 99000, 29900, 299000]::int[]`)
  await db.execute(sql`
    insert into payments (id, vendor_id, package_id, coupon_id, amount, method, payment_number, paid_at, status, reason,
      changed_at, created_at, updated_at)
    overriding system value
    select g, 1 + h.a % ${VENDORS}, (${ids})[1 + h.b % 4], c.coupon, c.net + round(c.net * 0.15)::int,
      (array['APPLE_PAY', 'CASH', 'BANK_TRANSFER', 'CREDIT_CARD'])[1 + h.c % 4], 'P' || g, d.day, s.status,
      case when s.status = 'Rejected' then 'unreadable' else null end, d.day::timestamptz, d.day::timestamptz, d.day::timestamptz
    from generate_series(${from}::int, ${to}::int) g,
      lateral (select abs(hashint4(g)) as a, abs(hashint4(g + 7000003)) as b, abs(hashint4(g + 8000009)) as c,
                      abs(hashint4(g + 9000011)) as d, abs(hashint4(g + 9500021)) as e) h,
      lateral (select current_date - (h.d % 1095) as day) d,
      lateral (select case when h.e % 100 < 80 then 'Success' when h.e % 100 < 90 then 'Pending'
                           when h.e % 100 < 97 then 'Rejected' else 'DUE_PAYMENT' end as status) s,
      lateral (select case when h.c % 100 < 15 then 1 + h.a % ${COUPONS} end as coupon,
                      (${prices})[1 + h.b % 4] as price) p,
      lateral (select p.coupon as coupon,
                      p.price - case when p.coupon is null then 0 else round(p.price * (5 + p.coupon % 26) / 100.0)::int end as net) c`)
}

/** A subscription (replaced: history) for each successful payment of ids `from..to`, invoiced ten hours after its day. */
async function seedSubscriptions(db: Db, from: number, to: number): Promise<void> {
  await db.execute(sql`
    insert into subscriptions (vendor_id, package_id, payment_id, coupon_id, status, subscription_type, starts_at, expires_at,
      amount, discount, net, tax, vat_percent, invoice_number, invoiced_at, created_at, updated_at)
    select p.vendor_id, p.package_id, p.id, p.coupon_id, 'replaced', 'MONTH', p.paid_at::timestamptz,
      p.paid_at::timestamptz + interval '1 month', p.amount,
      case when p.coupon_id is null then 0 else pk.price - n.net end, n.net, p.amount - n.net, 15, 'INV-' || p.id,
      p.paid_at::timestamptz + interval '10 hours', p.paid_at::timestamptz, p.paid_at::timestamptz
    from payments p
    join packages pk on pk.id = p.package_id,
      lateral (select round(p.amount / 1.15)::int as net) n
    where p.status = 'Success' and p.id between ${from} and ${to}`)
}

async function seedPartners(db: Db): Promise<void> {
  await db.execute(sql`
    insert into partners (full_name, email, phone, referral_code, referral_percentage, referral_due_months, created_at, updated_at)
    select (array['سارة', 'Mohammed', 'نورة', 'Khalid', 'ريم', 'Fahad'])[1 + g % 6] || ' ' || g, 'partner' || g || '@example.com',
      '+9665' || lpad((g * 7919 % 100000000)::text, 8, '0'), 'PARTNER' || g, 10, 12, now() - make_interval(days => g % 1000), now()
    from generate_series(1, ${PARTNERS}) g`)
  // one vendor in ten registered with a partner's code
  await db.execute(sql`
    insert into partner_referrals (vendor_id, partner_id, created_at, updated_at)
    select v.id, 1 + abs(hashint4(v.id)) % ${PARTNERS}, v.created_at, v.created_at from vendors v where v.id % 10 = 3`)
  await db.execute(sql`
    insert into referral_payments (payment_id, vendor_id, partner_id, package_id, coupon_id, paid_on, amount, net, percentage, month, commission)
    select p.id, p.vendor_id, pr.partner_id, p.package_id, p.coupon_id, p.paid_at, p.amount, s.net, 10, 1, round(s.net * 0.1)::int
    from payments p join partner_referrals pr on pr.vendor_id = p.vendor_id join subscriptions s on s.payment_id = p.id
    where p.status = 'Success'`)
  // a payout of half of one credit in four, the same day, after it
  await db.execute(sql`
    insert into partner_payouts (partner_id, payment_no, amount, paid_on)
    select rp.partner_id, 'B' || rp.id, rp.commission / 2, rp.paid_on from referral_payments rp where rp.id % 4 = 0 and rp.commission >= 2`)
  await db.execute(sql`
    insert into wallet_entries (partner_id, kind, amount, balance_after, entry_date, referral_payment_id, payout_id)
    select partner_id, kind, amount, sum(amount) over (partition by partner_id order by entry_date, ord, source, payout_id nulls first),
      entry_date, referral_payment_id, payout_id
    from (
      select rp.partner_id, 'credit' as kind, rp.commission as amount, rp.paid_on as entry_date, 0 as ord, rp.id as source,
        rp.id as referral_payment_id, null::int as payout_id
      from referral_payments rp where rp.commission > 0
      union all
      select pp.partner_id, 'payout', -pp.amount, pp.paid_on, 1, substring(pp.payment_no from 2)::int, null, pp.id from partner_payouts pp
    ) as e`)
  await db.execute(sql`
    update partners p set balance = w.balance from (select partner_id, sum(amount) as balance from wallet_entries group by partner_id) w
    where w.partner_id = p.id`)
}

/** Seeds everything into the backend's fresh database, printing what and how long. */
export async function seedReports(backend: Backend): Promise<{ packageIds: number[] }> {
  const db = backend.database.db
  const packageIds = await seedBackend(backend, VENDORS)
  const started = performance.now()
  await seedCoupons(db, packageIds)
  for (let from = 1; from <= 1_000_000; from += BATCH) {
    await seedPayments(db, packageIds, from, from + BATCH - 1)
    await seedSubscriptions(db, from, from + BATCH - 1)
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('payments', 'id'), 1000000)`)
  await seedPartners(db)
  for (const table of [
    'payments',
    'subscriptions',
    'coupons',
    'partners',
    'partner_referrals',
    'referral_payments',
    'partner_payouts',
    'wallet_entries',
  ])
    await db.execute(sql.raw(`vacuum analyze ${table}`))
  const figures = await Promise.all(
    ['payments', 'subscriptions', 'referral_payments', 'wallet_entries'].map(
      async (t) => `${t} ${(await count(db, t)).toLocaleString('en')}`,
    ),
  )
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${figures.join(', ')}`)
  return { packageIds }
}
