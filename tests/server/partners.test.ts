import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { partnerSchema, payoutSchema, walletSchema } from '../../src/contract/partners'
import { referralGroupSchema } from '../../src/contract/referral-code-groups'
import { partners, referralPayments, walletEntries } from '../../server/modules/partners/schema'
import { recordPartnerReferral } from '../../server/modules/partners/wallet'
import { vendors } from '../../server/modules/vendors/schema'
import { registrationPaths } from '../../src/contract/registration'
import { backends, grantRole, PASSWORD, useTestServer, type TestServer } from './helpers'
import { partnerBody, payOut, payoutForm, PARTNERS } from './partners-fixtures'
import { BASE as VENDORS, cardPayment, createVendor, newKey, paymentFields, PDF, recordPayment, seedPackages } from './vendors-fixtures'

const GROUPS = '/api/admin-panal/referral-code-groups'

const groupBody = (n: number, extra: Record<string, unknown> = {}) => ({
  name_ar: `مجموعة ${n}`,
  name_en: `Group ${n}`,
  percentage: 5,
  number_of_months: 6,
  is_default: false,
  ...extra,
})

async function createPartner(server: TestServer, token: string, n: number, extra: Record<string, unknown> = {}) {
  const res = await server.request({ url: PARTNERS, token, body: partnerBody(n, extra), lang: 'en' })
  if (res.status !== 201) throw new Error(`partner not created: ${res.status} ${res.text}`)
  return z.parse(partnerSchema, res.json.result.item)
}

/** Records a payment of `amount` SR paid on `day` and approves it; answers the payment's id. */
async function paidPayment(server: TestServer, token: string, vendorId: number, amount: string, day: string) {
  const recorded = await recordPayment(server, token, vendorId, { fields: paymentFields({ amount, payment_date: day }) })
  if (recorded.status !== 201) throw new Error(`payment not recorded: ${recorded.text}`)
  const id = recorded.json.result.item.id as number
  const approved = await server.request({ url: `${VENDORS}/changeTransactionStatus/${vendorId}/${id}`, token, body: { status: 'Success' } })
  if (approved.status !== 200) throw new Error(`payment not approved: ${approved.text}`)
  return id
}

const wallet = async (server: TestServer, token: string, partnerId: number) =>
  z.parse(walletSchema, (await server.request({ url: `${PARTNERS}/${partnerId}/wallet?pageSize=100`, token })).json.result)

/** The ledger's sum and the balance row of a partner, straight from the database. */
async function ledgerOf(server: TestServer, partnerId: number) {
  const [sum] = await server.db
    .select({
      total: sql<string>`coalesce(sum(${walletEntries.amount}), 0)::text`,
      lowest: sql<string>`min(${walletEntries.balanceAfter})::text`,
    })
    .from(walletEntries)
    .where(eq(walletEntries.partnerId, partnerId))
  const [row] = await server.db.select({ balance: partners.balance }).from(partners).where(eq(partners.id, partnerId))
  return { sum: Number(sum?.total ?? 0), lowest: sum?.lowest === null ? null : Number(sum?.lowest), balance: row?.balance ?? -1 }
}

describe.each(backends)('referral code groups, partners and wallets on $name', (backend) => {
  const server = useTestServer(backend)
  beforeEach(() => seedPackages(server))
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)

  it('keeps exactly one default group: the first becomes it, another takes it atomically, it cannot be dropped, deleted or switched off', async () => {
    const token = await primary()
    const first = await server.request({ url: GROUPS, token, body: groupBody(1), lang: 'en' })
    expect(first.status).toBe(201)
    expect(z.parse(referralGroupSchema, first.json.result.item).is_default).toBe(true)
    const second = await server.request({ url: GROUPS, token, body: groupBody(2, { is_default: true, percentage: 7.25 }), lang: 'en' })
    expect(second.json.result.item).toMatchObject({ is_default: true, percentage: 7.25 })
    const list = (await server.request({ url: `${GROUPS}?is_default=1`, token })).json.result['referral-code-groups']
    expect(list.data.map((g: { id: number }) => g.id)).toEqual([second.json.result.item.id])
    const one = (await server.request({ url: `${GROUPS}/${first.json.result.item.id}`, token })).json.result.item
    expect(one.is_default).toBe(false)
    // the default cannot be dropped, deleted or switched off
    const id2 = second.json.result.item.id
    const drop = await server.request({
      method: 'PUT',
      url: `${GROUPS}/${id2}`,
      token,
      lang: 'en',
      body: { ...groupBody(2, { is_default: false }), version: 1 },
    })
    expect(drop.status).toBe(422)
    expect(drop.json.errors.is_default).toEqual(['One group must be the default: make another group the default instead.'])
    expect((await server.request({ method: 'DELETE', url: `${GROUPS}/${id2}`, token })).status).toBe(409)
    const off = await server.request({ method: 'PUT', url: `${GROUPS}/active-toggle/${id2}`, token, lang: 'ar' })
    expect(off.status).toBe(409)
    expect(off.json.message).toMatch(/[\u0600-\u06FF]/)
    // ten simultaneous saves, each making its group the default: one default at the end
    const bodies = await Promise.all(
      [3, 4, 5, 6, 7].map((n) => server.request({ url: GROUPS, token, body: groupBody(n, { is_default: true }) })),
    )
    expect(bodies.map((r) => r.status)).toEqual([201, 201, 201, 201, 201])
    const defaults = (await server.request({ url: `${GROUPS}?is_default=1`, token })).json.result['referral-code-groups']
    expect(defaults.total).toBe(1)
    // percentages beyond two decimals or 100 are refused
    for (const percentage of [0, 100.5, 1.234, -1]) {
      const bad = await server.request({ url: GROUPS, token, body: groupBody(9, { percentage }) })
      expect(bad.status, String(percentage)).toBe(422)
      expect(Object.keys(bad.json.errors)).toEqual(['percentage'])
    }
  })

  it('creates partners with a generated or chosen code, unique whatever the case among partners and vendors', async () => {
    const token = await primary()
    const generated = await createPartner(server, token, 1)
    expect(generated.referral_code).toMatch(/^[A-Z0-9]{8}$/)
    expect(generated).toMatchObject({ balance: '0.00', balance_halalas: 0, referral_consumed_months: 0, second_phone: null })
    const chosen = await createPartner(server, token, 2, { referral_code: 'Noura2026' })
    expect(chosen.referral_code).toBe('NOURA2026')
    const again = await server.request({ url: PARTNERS, token, lang: 'en', body: partnerBody(3, { referral_code: 'noura2026' }) })
    expect(again.status).toBe(422)
    expect(again.json.errors.referral_code).toEqual(['This referral code is already used'])
    const vendor = await createVendor(server, token, 1)
    const vendorCode = await server.request({
      url: PARTNERS,
      token,
      lang: 'en',
      body: partnerBody(3, { referral_code: vendor.referral_code.toLowerCase() }),
    })
    expect(vendorCode.json.errors.referral_code).toEqual(['This referral code is already used'])
    const email = await server.request({ url: PARTNERS, token, lang: 'en', body: partnerBody(3, { email: 'PARTNER1@example.com' }) })
    expect(email.json.errors.email).toEqual(['email already taken'])
    const bad = await server.request({
      url: PARTNERS,
      token,
      lang: 'en',
      body: partnerBody(4, { referral_code: 'a b', referral_percentage: 101, referral_due_months: 0, phone: 'x', tax_no: '12' }),
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.json.errors).sort()).toEqual(['phone', 'referral_code', 'referral_due_months', 'referral_percentage', 'tax_no'])
    // the code is found by the registration wizard, whatever the case; an inactive partner's is not
    const check = async (code: string) => (await server.request({ url: `/api/register/vender/referral-code?code=${code}` })).json.result
    expect(await check('noura2026')).toEqual({ valid: true, owner: { kind: 'partner', name: 'شريك 2' } })
    await server.request({ method: 'PUT', url: `${PARTNERS}/active-toggle/${chosen.id}`, token })
    expect((await check('NOURA2026')).valid).toBe(false)
  })

  it('lists partners with filters (active, balance above, joined between), sort and search, and exports them as CSV', async () => {
    const token = await primary()
    const a = await createPartner(server, token, 1, { full_name: 'Amal' })
    server.clock.advance(3 * 86_400_000)
    const b = await createPartner(server, token, 2, { full_name: 'Badr' })
    await server.db.update(partners).set({ balance: 50_000 }).where(eq(partners.id, b.id))
    await server.request({ method: 'PUT', url: `${PARTNERS}/active-toggle/${a.id}`, token })
    const ids = async (query: string) =>
      (await server.request({ url: `${PARTNERS}?${query}`, token })).json.result.partners.data.map((p: { id: number }) => p.id)
    expect(await ids('is_active=1')).toEqual([b.id])
    expect(await ids('balance_above=499.99')).toEqual([b.id])
    expect(await ids('balance_above=500')).toEqual([])
    expect(await ids('joined_from=2026-03-03')).toEqual([b.id])
    expect(await ids('joined_to=2026-03-02')).toEqual([a.id])
    expect(await ids('sort_column=balance&sort_direction=desc')).toEqual([b.id, a.id])
    expect(await ids('search=amal')).toEqual([a.id])
    const bad = await server.request({ url: `${PARTNERS}?balance_above=1.234&joined_from=2026-02-30`, token })
    expect(bad.status).toBe(422)
    const csv = await server.request({ url: `${PARTNERS}/export?is_active=1`, token, lang: 'ar' })
    expect(csv.status).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.text.startsWith('\uFEFF')).toBe(true)
    const lines = csv.text.slice(1).trim().split('\r\n')
    expect(lines[0]).toContain('الاسم الكامل')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('Badr')
    expect(lines[1]).toContain('500.00')
  })

  it('credits a partner with its percentage of the net of each successful payment within its due months, once per payment', async () => {
    const token = await primary()
    const partner = await createPartner(server, token, 1, { referral_percentage: 10, referral_due_months: 2 })
    const vendor = await createVendor(server, token, 1)
    await recordPartnerReferral(server.db, vendor.id, partner.id, server.clock.now())
    // paid 1150.00 SR with 15 % VAT: the net is 1000.00, the commission 100.00
    const p1 = await paidPayment(server, token, vendor.id, '1150.00', '2025-10-05')
    const p2 = await paidPayment(server, token, vendor.id, '575.00', '2025-11-05')
    // the third month from the first payment: past the two due months
    await paidPayment(server, token, vendor.id, '1150.00', '2025-12-05')
    const w = await wallet(server, token, partner.id)
    expect(w.balance).toBe('150.00')
    expect(w.entries.data.map((e) => [e.kind, e.amount, e.balance_after, e.payment?.id, e.payment?.month])).toEqual([
      ['credit', '50.00', '150.00', p2, 2],
      ['credit', '100.00', '100.00', p1, 1],
    ])
    expect(w.entries.data[1]?.payment).toMatchObject({ net: '1000.00', percentage: 10, amount: '1150.00' })
    const item = z.parse(partnerSchema, (await server.request({ url: `${PARTNERS}/${partner.id}`, token })).json.result.item)
    expect(item).toMatchObject({ referral_consumed_months: 2, referred_count: 1, balance: '150.00' })
    const sellers = (await server.request({ url: `${PARTNERS}/${partner.id}/referral-sellers`, token })).json.result.vendors
    expect(sellers.data).toEqual([
      expect.objectContaining({
        id: vendor.id,
        paid_total: '2875.00',
        payments_count: 3,
        commission_total: '150.00',
        months_consumed: 2,
        months_left: 0,
        first_paid_on: '2025-10-05',
      }),
    ])
    // the third payment is recorded with no commission; each payment once
    const rows = await server.db.select().from(referralPayments).where(eq(referralPayments.vendorId, vendor.id))
    expect(rows.map((r) => [r.month, r.commission]).sort()).toEqual(
      [
        [1, 10_000],
        [2, 5_000],
        [3, 0],
      ].sort(),
    )
    expect(await ledgerOf(server, partner.id)).toEqual({ sum: 15_000, lowest: 10_000, balance: 15_000 })
  })

  it("a vendor registering with a partner code through the wizard is the partner's; its card payment credits the wallet at once", async () => {
    const token = await primary()
    const partner = await createPartner(server, token, 1, { referral_code: 'AMAL2026', referral_percentage: 12.5 })
    const api = (path: string) => `/api/${path}`
    const draft = (await server.request({ url: api(registrationPaths.drafts), body: {} })).json.result.draft.token as string
    const store = await server.request({
      method: 'PUT',
      url: api(registrationPaths.store(draft)),
      lang: 'en',
      body: {
        store_name: 'متجر الشريك',
        company_name: 'Partner Co',
        commercial_registration: '2000000001',
        commercial_registration_expiry: '2027-06-30',
        phone: '+966512345678',
        email: 'referred@example.com',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        subdomain: 'partner-store',
        tax_no: '310000000000003',
        referral_code: 'amal2026',
      },
    })
    expect(store.status, store.text).toBe(200)
    expect(store.json.result.draft.store.referrer).toEqual({ kind: 'partner', name: 'شريك 1' })
    expect((await server.request({ method: 'PUT', url: api(registrationPaths.package(draft)), body: { package_id: 2 } })).status).toBe(200)
    const paid = await server.request({ url: api(registrationPaths.payment(draft)), body: cardPayment('4242 4242 4242 4242') })
    expect(paid.status, paid.text).toBe(200)
    const done = await server.request({ url: api(registrationPaths.complete(draft)), body: {} })
    expect(done.status, done.text).toBe(201)
    const sellers = (await server.request({ url: `${PARTNERS}/${partner.id}/referral-sellers`, token })).json.result.vendors
    expect(sellers.data.map((v: { id: number }) => v.id)).toEqual([done.json.result.vendor.id])
    // package 2 costs 200.00 before VAT: 12.5 % is 25.00
    const w = await wallet(server, token, partner.id)
    expect(w.balance).toBe('25.00')
    expect(w.entries.data[0]?.vendor).toEqual({ id: done.json.result.vendor.id, store_name: 'متجر الشريك' })
  })

  it('the same payment approved twice at once credits once', async () => {
    const token = await primary()
    const partner = await createPartner(server, token, 1)
    const vendor = await createVendor(server, token, 1)
    await recordPartnerReferral(server.db, vendor.id, partner.id, server.clock.now())
    const recorded = await recordPayment(server, token, vendor.id, { fields: paymentFields({ amount: '1150.00' }) })
    const id = recorded.json.result.item.id
    const approvals = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.request({ url: `${VENDORS}/changeTransactionStatus/${vendor.id}/${id}`, token, body: { status: 'Success' } }),
      ),
    )
    expect(approvals.map((r) => r.status).sort()).toEqual([200, 409, 409, 409])
    const rows = await server.db.select().from(referralPayments).where(eq(referralPayments.paymentId, id))
    expect(rows).toHaveLength(1)
    expect(await ledgerOf(server, partner.id)).toEqual({ sum: 10_000, lowest: 10_000, balance: 10_000 })
  })

  it('a vendor referrer earns by its group, or the default group; moving it to another group leaves past credits as they were', async () => {
    const token = await primary()
    const standard = (await server.request({ url: GROUPS, token, body: groupBody(1, { percentage: 5, number_of_months: 12 }) })).json.result
      .item
    const gold = (await server.request({ url: GROUPS, token, body: groupBody(2, { percentage: 20, number_of_months: 12 }) })).json.result
      .item
    expect(standard.is_default).toBe(true)
    const referrer = await createVendor(server, token, 1)
    const referred = await createVendor(server, token, 2)
    await server.db.update(vendors).set({ referredByVendorId: referrer.id }).where(eq(vendors.id, referred.id))
    // in no group: the default group's 5 %
    const p1 = await paidPayment(server, token, referred.id, '1150.00', '2026-01-10')
    const moved = await server.request({ method: 'PUT', url: `${GROUPS}/${gold.id}/vendors`, token, body: { vendor_ids: [referrer.id] } })
    expect(moved.status).toBe(200)
    const members = (await server.request({ url: `${GROUPS}/${gold.id}/vendors`, token })).json.result.vendors
    expect(members.data).toEqual([expect.objectContaining({ id: referrer.id, referred_count: 1 })])
    const p2 = await paidPayment(server, token, referred.id, '1150.00', '2026-02-10')
    // taken out again: the default once more
    expect((await server.request({ method: 'DELETE', url: `${GROUPS}/${gold.id}/vendors/${referrer.id}`, token })).status).toBe(200)
    const p3 = await paidPayment(server, token, referred.id, '1150.00', '2026-02-20')
    const rows = await server.db.select().from(referralPayments).where(eq(referralPayments.vendorId, referred.id))
    const byPayment = new Map(rows.map((r) => [r.paymentId, r]))
    expect([p1, p2, p3].map((p) => [byPayment.get(p)?.groupId, byPayment.get(p)?.percentage, byPayment.get(p)?.commission])).toEqual([
      [standard.id, 5, 5_000],
      [gold.id, 20, 20_000],
      [standard.id, 5, 5_000],
    ])
    // a vendor referrer has no wallet: no ledger entry, the partner is not involved
    expect(rows.every((r) => r.referrerVendorId === referrer.id && r.partnerId === null)).toBe(true)
    expect(await server.db.select().from(walletEntries)).toEqual([])
    // a group with vendors cannot be deleted; a vendor placed in an unknown group or an unknown vendor is refused
    await server.request({ method: 'PUT', url: `${GROUPS}/${gold.id}/vendors`, token, body: { vendor_ids: [referrer.id] } })
    expect((await server.request({ method: 'DELETE', url: `${GROUPS}/${gold.id}`, token })).status).toBe(409)
    expect((await server.request({ method: 'PUT', url: `${GROUPS}/999/vendors`, token, body: { vendor_ids: [referrer.id] } })).status).toBe(
      404,
    )
    expect((await server.request({ method: 'PUT', url: `${GROUPS}/${gold.id}/vendors`, token, body: { vendor_ids: [9999] } })).status).toBe(
      422,
    )
  })

  it('pays a partner out: never more than the balance (422 in ar and en), the same Idempotency-Key gives the first payout, audited', async () => {
    const token = await primary()
    const partner = await createPartner(server, token, 1)
    await server.db.execute(sql`update partners set balance = 10000 where id = ${partner.id}`)
    const tooMuch = await payOut(server, token, partner.id, '100.01')
    expect(tooMuch.status).toBe(422)
    expect(tooMuch.json.errors.payment_amount).toEqual(['must not be more than the balance (100.00 SR)'])
    const tooMuchAr = await payOut(server, token, partner.id, '100.01', { lang: 'ar' })
    expect(tooMuchAr.json.errors.payment_amount[0]).toMatch(/100\.00 ر\.س/)
    const key = newKey()
    const first = await payOut(server, token, partner.id, '40.00', { key, file: { type: 'application/pdf', bytes: PDF } })
    expect(first.status).toBe(201)
    const payout = z.parse(payoutSchema, first.json.result.item)
    expect(payout).toMatchObject({ payment_amount: '40.00', balance_after: '60.00', has_file: true })
    const replay = await payOut(server, token, partner.id, '40.00', { key })
    expect(replay.status).toBe(200)
    expect(replay.json.result.item).toEqual(first.json.result.item)
    const other = await createPartner(server, token, 2)
    expect((await payOut(server, token, other.id, '1.00', { key })).status).toBe(409)
    const file = await server.request({ url: `${PARTNERS}/${partner.id}/payments/${payout.id}/file`, token })
    expect(file.status).toBe(200)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.headers['content-security-policy']).toContain('sandbox')
    const w = await wallet(server, token, partner.id)
    expect(w.balance).toBe('60.00')
    expect(w.entries.data[0]).toMatchObject({
      kind: 'payout',
      amount: '-40.00',
      payout: { id: payout.id, payment_no: 'TRF-1', has_file: true },
    })
    // refusals: future date, missing or disguised file, no key, a clerk without partners:pay
    expect((await payOut(server, token, partner.id, '1.00', { date: '2026-03-05' })).json.errors.payment_date).toEqual([
      'The payment date cannot be in the future.',
    ])
    expect((await payOut(server, token, partner.id, '1.00', { file: null })).json.errors.payment_file).toEqual(['Required Field'])
    const fake = await payOut(server, token, partner.id, '1.00', { file: { type: 'image/png', bytes: Buffer.from('MZ not an image') } })
    expect(fake.json.errors.payment_file).toEqual(['Allowed files: png, jpg, jpeg, webp or pdf.'])
    const noKey = await server.request({ url: `${PARTNERS}/createPayment/${partner.id}`, token, body: {} })
    expect(noKey.status).toBe(422)
    const clerk = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, clerk.id, ['partners:view'])
    expect((await payOut(server, await server.loginAdmin(clerk.email), partner.id, '1.00')).status).toBe(403)
    const audit = await server.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'createPayment' and resource = 'partners'`,
    )
    const rows = (Array.isArray(audit) ? audit : (audit as { rows: unknown[] }).rows) as { n: number }[]
    expect(rows[0]?.n).toBe(1)
    expect(await ledgerOf(server, partner.id)).toMatchObject({ sum: -4_000 + 0, balance: 6_000 })
  })

  it('lists the ledger newest first by the moment written, then by id, each entry with the running balance', async () => {
    const token = await primary()
    const partner = await createPartner(server, token, 1)
    await server.db.execute(sql`update partners set balance = 10000 where id = ${partner.id}`)
    // three payouts at the same moment, then one a minute later
    for (const amount of ['10.00', '20.00', '30.00']) expect((await payOut(server, token, partner.id, amount)).status).toBe(201)
    server.clock.advance(60_000)
    expect((await payOut(server, token, partner.id, '5.00')).status).toBe(201)
    const [same] = await server.db
      .select({ n: sql<number>`count(distinct ${walletEntries.createdAt})::int` })
      .from(walletEntries)
      .where(eq(walletEntries.partnerId, partner.id))
    expect(same?.n).toBe(2)
    const ids = (await server.db.select({ id: walletEntries.id }).from(walletEntries).where(eq(walletEntries.partnerId, partner.id))).map(
      (r) => r.id,
    )
    const w = await wallet(server, token, partner.id)
    expect(w.entries.data.map((e) => [e.amount, e.balance_after])).toEqual([
      ['-5.00', '35.00'],
      ['-30.00', '40.00'],
      ['-20.00', '70.00'],
      ['-10.00', '90.00'],
    ])
    const [newest, ...same3] = w.entries.data.map((e) => e.id)
    expect(same3).toEqual([...same3].sort((a, b) => b - a))
    expect(newest).toBe(Math.max(...ids))
    // each balance is the next older one plus its amount
    const entries = w.entries.data
    for (let i = 0; i + 1 < entries.length; i++)
      expect(Number(entries[i]!.balance_after)).toBeCloseTo(Number(entries[i + 1]!.balance_after) + Number(entries[i]!.amount), 2)
  })

  it('20 simultaneous payouts against a balance that covers 5: exactly 5 are paid and the balance never goes below 0', async () => {
    const token = await primary()
    const partner = await createPartner(server, token, 1)
    const vendor = await createVendor(server, token, 1)
    await recordPartnerReferral(server.db, vendor.id, partner.id, server.clock.now())
    await paidPayment(server, token, vendor.id, '1150.00', '2026-02-01')
    // the wallet holds 100.00: five payouts of 20.00
    const answers = await Promise.all(Array.from({ length: 20 }, () => payOut(server, token, partner.id, '20.00')))
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(5)
    expect(statuses.filter((s) => s === 422)).toHaveLength(15)
    const refused = answers.find((r) => r.status === 422)
    expect(refused?.json.errors.payment_amount).toHaveLength(1)
    const ledger = await ledgerOf(server, partner.id)
    expect(ledger).toEqual({ sum: 0, lowest: 0, balance: 0 })
    const balances = answers.filter((r) => r.status === 201).map((r) => r.json.result.item.balance_after)
    expect(balances.sort()).toEqual(['0.00', '20.00', '40.00', '60.00', '80.00'])
    // and the database itself refuses a negative balance, whatever the code does
    await expect(server.db.execute(sql`update partners set balance = -1 where id = ${partner.id}`)).rejects.toThrow()
  })

  it('refuses deleting a partner with history; answers hostile multipart and ids with 4xx', async () => {
    const token = await primary()
    const partner = await createPartner(server, token, 1)
    const vendor = await createVendor(server, token, 1)
    await recordPartnerReferral(server.db, vendor.id, partner.id, server.clock.now())
    const refused = await server.request({ method: 'DELETE', url: `${PARTNERS}/${partner.id}`, token, lang: 'en' })
    expect(refused.status).toBe(409)
    const lonely = await createPartner(server, token, 2)
    expect((await server.request({ method: 'DELETE', url: `${PARTNERS}/${lonely.id}`, token })).status).toBe(200)
    const hostile = [
      payoutForm({ payment_no: 'a\u0000b', payment_amount: '1', payment_date: '2026-02-01' }),
      payoutForm({ payment_no: 'x', payment_amount: '1.001', payment_date: '2026-02-30' }),
      payoutForm({ payment_no: 'x', payment_amount: '99999999999', payment_date: 'yesterday', toString: 'x' }),
    ]
    for (const form of hostile) {
      const res = await server.request({
        url: `${PARTNERS}/createPayment/${partner.id}`,
        token,
        payload: form.payload,
        contentType: form.contentType,
        headers: { 'idempotency-key': newKey() },
      })
      expect(res.status, res.text).toBeGreaterThanOrEqual(400)
      expect(res.status, res.text).toBeLessThan(500)
      expect(Object.keys(res.json.errors ?? {}).length).toBeGreaterThan(0)
    }
    const truncated = payoutForm({ payment_no: 'x', payment_amount: '1', payment_date: '2026-02-01' })
    const cut = await server.request({
      url: `${PARTNERS}/createPayment/${partner.id}`,
      token,
      payload: truncated.payload.subarray(0, truncated.payload.length - 20),
      contentType: truncated.contentType,
      headers: { 'idempotency-key': newKey() },
    })
    expect(cut.status).toBeGreaterThanOrEqual(400)
    expect(cut.status).toBeLessThan(500)
    for (const url of [
      `${PARTNERS}/abc/wallet`,
      `${PARTNERS}/0/referral-sellers`,
      `${PARTNERS}/999/wallet`,
      `${PARTNERS}/1/payments/x/file`,
    ]) {
      const res = await server.request({ url, token })
      expect(res.status, url).toBeGreaterThanOrEqual(400)
      expect(res.status, url).toBeLessThan(500)
    }
  })
})
