import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { invoiceSchema } from '../../src/contract/subscriptions'
import {
  vendorAreaPaths as paths,
  vendorOverviewSchema,
  vendorPaymentSchema,
  vendorSubscriptionSchema,
} from '../../src/contract/vendor-area'
import { readZatcaTlv } from '../../src/domain/zatca'
import { packages } from '../../server/modules/subscription-packages/schema'
import { subscriptions } from '../../server/modules/subscriptions/schema'
import { users } from '../../server/modules/users/schema'
import { vendorAccountsSeeder } from '../../server/modules/vendor-area/seed'
import { vendors } from '../../server/modules/vendors/schema'
import { backends, PASSWORD, useTestServer, type TestServer } from './helpers'
import { BASE, createVendor, paymentFields, recordPayment, seedPackages } from './vendors-fixtures'

/**
 * The vendor's own area (issue 11): the signed-in end user who owns a vendor reads its store, package
 * limits, subscription state, payments (with a rejection's reason), subscriptions and their tax
 * invoices; an admin's token opens none of it, another vendor's invoice is not found, hostile ids
 * are refused with a 4xx.
 */

const api = (path: string) => `/api/${path}`

async function payment(
  server: TestServer,
  admin: string,
  vendorId: number,
  fields: Record<string, string>,
  status: string,
  reason?: string,
) {
  const recorded = await recordPayment(server, admin, vendorId, { fields: paymentFields({ amount: '230.00', ...fields }) })
  if (recorded.status !== 201) throw new Error(`payment not recorded: ${recorded.status} ${recorded.text}`)
  const id = (recorded.json.result.item as { id: number }).id
  if (status === 'Pending') return id
  const body = reason ? { status, reason } : { status }
  const changed = await server.request({ url: `${BASE}/changeTransactionStatus/${vendorId}/${id}`, token: admin, body })
  if (changed.status !== 200) throw new Error(`payment not changed: ${changed.status} ${changed.text}`)
  return id
}

describe.each(backends)('vendor area on $name', (backend) => {
  const server = useTestServer(backend)
  beforeEach(async () => {
    await seedPackages(server)
    await server.db
      .update(packages)
      .set({ limits: { product_count: 50, users_count: 3, market_count: null } })
      .where(eq(packages.id, 2))
  })

  /** An admin, and vendor `n` owned by an end user who signs in; answers both tokens and the vendor. */
  async function vendorWithAccount(n = 1, admin?: string) {
    const adminToken = admin ?? (await server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email))
    const user = await server.createUser({ email: `vendor${n}@example.com`, password: PASSWORD })
    const vendor = await createVendor(server, adminToken, n)
    const token = await server.loginUser(user.email, PASSWORD)
    return { admin: adminToken, token, vendor }
  }

  it('shows the signed-in vendor its store, package limits and a pending subscription', async () => {
    const { token, vendor } = await vendorWithAccount()
    const res = await server.request({ url: api(paths.overview), token, lang: 'en' })
    expect(res.status, res.text).toBe(200)
    const overview = z.parse(vendorOverviewSchema, res.json.result.overview)
    expect(overview.vendor).toEqual({
      id: vendor.id,
      store_name: 'متجر 1',
      company_name: 'Company 1',
      status: 'pending',
      subdomain: 'store-1',
      referral_code: vendor.referral_code,
    })
    expect(overview.package).toMatchObject({ id: 2, name: 'Package 2', subscription_type: 'MONTH', price: '200.00' })
    expect(overview.package?.limits).toMatchObject({ product_count: 50, users_count: 3, market_count: null, num_brands: null })
    expect(overview.subscription).toEqual({ state: 'pending', expires_at: null })
    const ar = await server.request({ url: api(paths.overview), token, lang: 'ar' })
    expect(ar.json.result.overview.package.name).toBe('باقة 2')
  })

  it('lists payments with the rejection reason, subscriptions with invoice numbers, and serves its own invoice with the QR', async () => {
    const { admin, token, vendor } = await vendorWithAccount()
    await payment(
      server,
      admin,
      vendor.id,
      { payment_number: 'PAY-1', payment_date: '2026-02-10' },
      'Rejected',
      'The receipt is unreadable',
    )
    await payment(server, admin, vendor.id, { payment_number: 'PAY-2', payment_date: '2026-02-20' }, 'Success')
    await payment(server, admin, vendor.id, { payment_number: 'PAY-3', payment_date: '2026-02-25' }, 'Pending')

    const overview = (await server.request({ url: api(paths.overview), token, lang: 'en' })).json.result.overview
    expect(overview.subscription).toEqual({ state: 'active', expires_at: '2026-03-19T21:00:00.000Z' })
    expect(overview.vendor.status).toBe('active')

    const paid = await server.request({ url: api(paths.payments), token, lang: 'en' })
    expect(paid.status).toBe(200)
    const list = z.parse(z.array(vendorPaymentSchema), paid.json.result.payments)
    expect(list.map((p) => [p.payment_number, p.status, p.reason])).toEqual([
      ['PAY-3', 'Pending', null],
      ['PAY-2', 'Success', null],
      ['PAY-1', 'Rejected', 'The receipt is unreadable'],
    ])
    expect(list[1]).toMatchObject({ amount: '230.00', method: 'BANK_TRANSFER', payment_date: '2026-02-20', package: 'Package 2' })

    const subs = await server.request({ url: api(paths.subscriptions), token, lang: 'en' })
    const [sub] = z.parse(z.array(vendorSubscriptionSchema), subs.json.result.subscriptions)
    expect(sub).toMatchObject({ package: 'Package 2', phase: 'active', amount: '230.00', invoice_number: 'INV-2026-000001' })

    const res = await server.request({ url: api(paths.invoice(sub!.id)), token, lang: 'en' })
    expect(res.status, res.text).toBe(200)
    const invoice = z.parse(invoiceSchema, res.json.result.invoice)
    // the same invoice as the admins'
    const admins = await server.request({ url: `/api/admin-panal/subscriptions/${sub!.id}/invoice`, token: admin, lang: 'en' })
    expect(invoice).toEqual(admins.json.result.invoice)
    expect(readZatcaTlv(invoice.qr)?.total).toBe('230.00')
  })

  it('says expired once the expiry has passed', async () => {
    const { admin, token, vendor } = await vendorWithAccount()
    await payment(server, admin, vendor.id, { payment_date: '2026-01-01' }, 'Success')
    const res = await server.request({ url: api(paths.overview), token })
    expect(res.json.result.overview.subscription.state).toBe('expired')
    const subs = await server.request({ url: api(paths.subscriptions), token })
    expect(subs.json.result.subscriptions[0].phase).toBe('expired')
  })

  it("does not serve another vendor's invoice, nor a subscription without one", async () => {
    const first = await vendorWithAccount(1)
    const second = await vendorWithAccount(2, first.admin)
    await payment(server, first.admin, second.vendor.id, {}, 'Success')
    const [theirs] = await server.db.select().from(subscriptions).where(eq(subscriptions.vendorId, second.vendor.id))
    expect((await server.request({ url: api(paths.invoice(theirs!.id)), token: second.token })).status).toBe(200)
    const refused = await server.request({ url: api(paths.invoice(theirs!.id)), token: first.token, lang: 'en' })
    expect(refused.status).toBe(404)
    expect(refused.json).toMatchObject({ status: false })
    expect((await server.request({ url: api(paths.invoice(999_999)), token: first.token })).status).toBe(404)
    // the first vendor sees none of the second's payments
    expect((await server.request({ url: api(paths.payments), token: first.token })).json.result.payments).toEqual([])
  })

  it("refuses an admin's token, no token, and an end user who owns no vendor", async () => {
    const { admin } = await vendorWithAccount()
    for (const url of [paths.overview, paths.payments, paths.subscriptions, paths.invoice(1)]) {
      expect((await server.request({ url: api(url), token: admin })).status, url).toBe(401)
      expect((await server.request({ url: api(url) })).status, url).toBe(401)
    }
    const stranger = await server.createUser({ email: 'nobody@example.com' })
    const token = await server.loginUser(stranger.email)
    expect((await server.request({ url: api(paths.overview), token })).status).toBe(404)
    expect((await server.request({ url: api(paths.payments), token })).status).toBe(404)
    // and a vendor's token opens no admin endpoint
    const vendorToken = (await server.request({ url: '/api/login', body: { email: 'vendor1@example.com', password: PASSWORD } })).json
      .result.api_token as string
    expect((await server.request({ url: '/api/admin-panal/auth/me', token: vendorToken })).status).toBe(401)
    expect((await server.request({ url: '/api/admin-panal/subscriptions', token: vendorToken })).status).toBe(401)
  })

  it('answers hostile ids with a 4xx, never a 500', async () => {
    const { token } = await vendorWithAccount()
    for (const id of ['constructor', '-1', '0', '1e999', '1.5', '%00', 'a%00b', '99999999999999999999', '__proto__', 'NaN']) {
      const res = await server.request({ url: `/api/user/vendor/subscriptions/${id}/invoice`, token, lang: 'en' })
      expect(res.status, id).toBeGreaterThanOrEqual(400)
      expect(res.status, id).toBeLessThan(500)
      expect(res.json.status, id).toBe(false)
    }
    const query = await server.request({ url: `${api(paths.overview)}?constructor=1&__proto__=x`, token })
    expect(query.status).toBeLessThan(500)
  })

  it('the demo seed gives the first demo vendors an account that signs in with the demo password', async () => {
    const admin = await server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
    await createVendor(server, admin, 1)
    await server.db.update(vendors).set({ userId: null })
    await server.db.delete(users)
    const log = { info: () => {}, warn: () => {} }
    const seed = { db: server.db, clock: server.clock.now, log, demoPassword: 'Demo#Pass2026', modules: [] }
    expect(await vendorAccountsSeeder.run(seed)).toBe(1)
    const [linked] = await server.db.select().from(vendors)
    expect(linked?.userId).not.toBeNull()
    const token = await server.loginUser('vendor1@example.com', 'Demo#Pass2026')
    expect((await server.request({ url: api(paths.overview), token })).json.result.overview.vendor.id).toBe(linked!.id)
    // idempotent
    expect(await vendorAccountsSeeder.run(seed)).toBe(0)
  })
})
