import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { paymentSchema, vendorPageSchema, vendorSchema } from '../../src/contract/vendors'
import { vendorPayments, vendors } from '../../server/modules/vendors/schema'
import { backends, grantRole, useTestServer } from './helpers'
import { BASE, createVendor, newKey, paymentFields, PDF, PNG, recordPayment, seedPackages, vendorBody } from './vendors-fixtures'

describe.each(backends)('vendors on $name', (backend) => {
  const server = useTestServer(backend)
  beforeEach(() => seedPackages(server))
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)

  it('creates a vendor with its own referral code and mails it a link to set its password', async () => {
    const token = await primary()
    const res = await server.request({ url: BASE, token, body: vendorBody(1), lang: 'en' })
    expect(res.status).toBe(201)
    const item = z.parse(vendorSchema, res.json.result.item)
    expect(item).toMatchObject({
      store_name: 'متجر 1',
      status: 'pending',
      package_id: 2,
      subdomain: 'store-1',
      version: 1,
      referred_by: null,
    })
    expect(item.referral_code).toMatch(/^[A-Z0-9]{8}$/)
    // its package by its title in the admin's language
    expect(item.package_name).toBe('Package 2')
    const inArabic = await server.request({ url: `${BASE}/${item.id}`, token, lang: 'ar' })
    expect(inArabic.json.result.item.package_name).toBe('باقة 2')
    const other = await createVendor(server, token, 2)
    expect(other.referral_code).not.toBe(item.referral_code)
    const mails = await server.mails()
    const mail = mails.find((m) => m.to === 'vendor1@example.com')
    expect(mail?.text).toContain('https://admin.example.test/reset-password?token=')
  })

  it('refuses a used email ("email already taken") and bad fields with field errors, in ar and en', async () => {
    const token = await primary()
    await createVendor(server, token, 1)
    const taken = await server.request({ url: BASE, token, body: vendorBody(2, { email: 'VENDOR1@example.com' }), lang: 'en' })
    expect(taken.status).toBe(422)
    expect(taken.json.errors.email).toEqual(['email already taken'])
    const takenAr = await server.request({ url: BASE, token, body: vendorBody(2, { email: 'vendor1@example.com' }), lang: 'ar' })
    expect(takenAr.json.errors.email).toHaveLength(1)
    expect(takenAr.json.errors.email[0]).not.toBe('email already taken')
    const bad = await server.request({
      url: BASE,
      token,
      lang: 'en',
      body: vendorBody(3, { commercial_registration: '12345', tax_no: '123', phone: 'x', status: 'deleted', package_id: -1 }),
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.json.errors).sort()).toEqual(['commercial_registration', 'package_id', 'phone', 'status', 'tax_no'])
  })

  it('applies the subdomain rules: format, length, reserved, unique; the check answers while typing', async () => {
    const token = await primary()
    await createVendor(server, token, 1)
    const check = async (subdomain: string, except?: number) =>
      (
        await server.request({
          url: `${BASE}/subdomain-availability?subdomain=${encodeURIComponent(subdomain)}${except ? `&except_id=${except}` : ''}`,
          token,
          lang: 'en',
        })
      ).json.result
    expect(await check('fresh-shop')).toEqual({ available: true, reason: null })
    expect(await check('store-1')).toEqual({ available: false, reason: 'This subdomain is already taken.' })
    expect((await check('www')).reason).toBe('This subdomain is reserved.')
    expect((await check('admin')).available).toBe(false)
    for (const bad of ['ab', 'a'.repeat(31), 'Bad_Name', '-shop', 'shop-', 'متجر']) expect((await check(bad)).available, bad).toBe(false)
    for (const subdomain of ['ab', 'www', 'api', 'Shop_1', 'a'.repeat(31), '-shop']) {
      const res = await server.request({ url: BASE, token, body: vendorBody(9, { subdomain }), lang: 'en' })
      expect(res.status, subdomain).toBe(422)
      expect(res.json.errors.subdomain, subdomain).toHaveLength(1)
    }
    const dup = await server.request({ url: BASE, token, body: vendorBody(9, { subdomain: 'store-1' }), lang: 'en' })
    expect(dup.json.errors.subdomain).toEqual(['This subdomain is already taken.'])
  })

  it('updates with the current version, refuses a stale one (409), keeps its own subdomain and email', async () => {
    const token = await primary()
    const v = await createVendor(server, token, 1)
    const res = await server.request({
      method: 'PUT',
      url: `${BASE}/${v.id}`,
      token,
      body: { ...vendorBody(1, { store_name: 'Renamed' }), version: 1 },
    })
    expect(res.status).toBe(200)
    expect(res.json.result.item).toMatchObject({ store_name: 'Renamed', version: 2 })
    const stale = await server.request({ method: 'PUT', url: `${BASE}/${v.id}`, token, body: { ...vendorBody(1), version: 1 } })
    expect(stale.status).toBe(409)
  })

  it('lists with the generic envelope, filters, searches and sorts', async () => {
    const token = await primary()
    const a = await createVendor(server, token, 1, { store_name: 'Alpha Store', status: 'active', utm_source: 'instagram' })
    server.clock.advance(3 * 86_400_000)
    await createVendor(server, token, 2, { store_name: 'Beta Store', company_name: 'Gamma Co', status: 'inactive', package_id: 3 })
    await createVendor(server, token, 3, { store_name: 'Delta', phone: '+966511112222', status: 'pending', utm_source: null })
    await server.db
      .update(vendors)
      .set({ subscriptionExpiresAt: new Date(server.clock.now().getTime() + 5 * 86_400_000) })
      .where(eq(vendors.id, a.id))
    const names = async (query: string) =>
      (await server.request({ url: `${BASE}?${query}`, token, lang: 'en' })).json.result.vendors.data.map(
        (v: { store_name: string }) => v.store_name,
      )
    const page = z.parse(vendorPageSchema, (await server.request({ url: BASE, token })).json.result.vendors)
    expect(page).toMatchObject({ total: 3, page: 1, rowsPerPage: 15, pagesCount: 1 })
    expect(await names('status=active')).toEqual(['Alpha Store'])
    expect(await names('status=active,inactive&sort_column=store_name&sort_direction=asc')).toEqual(['Alpha Store', 'Beta Store'])
    expect(await names('package_id=3')).toEqual(['Beta Store'])
    expect(await names('utm_source=instagram')).toEqual(['Alpha Store'])
    expect(await names('registered_to=2026-03-01')).toEqual(['Alpha Store'])
    expect(await names('registered_from=2026-03-02&sort_column=store_name')).toEqual(['Beta Store', 'Delta'])
    expect(await names('expiring_within=7')).toEqual(['Alpha Store'])
    expect(await names('expiring_within=2')).toEqual([])
    expect(await names('search=gamma')).toEqual(['Beta Store'])
    expect(await names('search=511112222')).toEqual(['Delta'])
    expect(await names('search=store-2')).toEqual(['Beta Store'])
    expect(await names('search=vendor3@')).toEqual(['Delta'])
    expect(await names('sort_column=created_at&sort_direction=desc')).toHaveLength(3)
    for (const bad of [
      'status=deleted',
      'expiring_within=0',
      'expiring_within=x',
      'registered_from=2026-02-30',
      'sort_column=password',
      'unknown=1',
    ]) {
      const res = await server.request({ url: `${BASE}?${bad}`, token, lang: 'en' })
      expect(res.status, bad).toBe(422)
    }
  })

  it('exports every matching vendor as CSV: BOM, headers in the admin language, streamed past one batch', async () => {
    const token = await primary()
    const now = server.clock.now()
    await server.db.insert(vendors).values(
      Array.from({ length: 1205 }, (_, i) => ({
        storeName: i === 0 ? 'متجر "الأول", =cmd' : `Store ${i}`,
        companyName: 'Co',
        commercialRegistration: String(1_000_000_000 + i),
        phone: '+966500000000',
        email: `bulk${i}@example.com`,
        status: i % 2 === 0 ? ('active' as const) : ('pending' as const),
        subdomain: `bulk-${i}`,
        referralCode: `BULK${i}`,
        createdAt: now,
        updatedAt: now,
      })),
    )
    const ar = await server.request({ url: `${BASE}/export`, token, lang: 'ar' })
    expect(ar.status).toBe(200)
    expect(ar.headers['content-type']).toContain('text/csv')
    expect(ar.headers['content-disposition']).toContain('attachment')
    expect(ar.text.startsWith('\uFEFF')).toBe(true)
    const lines = ar.text.slice(1).trim().split('\r\n')
    expect(lines[0]?.startsWith('المتجر,الشركة,الجوال')).toBe(true)
    expect(lines).toHaveLength(1206)
    expect(ar.text).toContain(`"متجر ""الأول"", =cmd"`)
    expect(ar.text).toContain(',نشط,')
    const en = await server.request({ url: `${BASE}/export?status=pending`, token, lang: 'en' })
    const enLines = en.text.slice(1).trim().split('\r\n')
    expect(enLines[0]?.startsWith('Store,Company,Phone')).toBe(true)
    expect(enLines).toHaveLength(603)
    const searched = await server.request({ url: `${BASE}/export?search=Store 12`, token, lang: 'en' })
    expect(searched.text.slice(1).trim().split('\r\n').length).toBeGreaterThan(1)
    const refused = await server.request({ url: `${BASE}/export?status=x`, token })
    expect(refused.status).toBe(422)
  })

  it('lists referral vendors: those whose referred_by is this vendor', async () => {
    const token = await primary()
    const a = await createVendor(server, token, 1)
    const b = await createVendor(server, token, 2)
    await createVendor(server, token, 3)
    await server.db.update(vendors).set({ referredByVendorId: a.id }).where(eq(vendors.id, b.id))
    const res = await server.request({ url: `${BASE}/${a.id}/referral-vendors`, token })
    expect(res.status).toBe(200)
    expect(res.json.result.vendors.data.map((v: { id: number }) => v.id)).toEqual([b.id])
    const one = await server.request({ url: `${BASE}/${b.id}`, token })
    expect(one.json.result.item.referred_by).toEqual({ id: a.id, store_name: 'متجر 1' })
    expect((await server.request({ url: `${BASE}/999999/referral-vendors`, token })).status).toBe(404)
  })

  it('records a payment from a multipart form; the same Idempotency-Key returns the first payment', async () => {
    const token = await primary()
    const v = await createVendor(server, token, 1)
    const key = newKey()
    const first = await recordPayment(server, token, v.id, { key })
    expect(first.status).toBe(201)
    const payment = z.parse(paymentSchema, first.json.result.item)
    expect(payment).toMatchObject({
      amount: '1150.50',
      amount_halalas: 115_050,
      status: 'Pending',
      method: 'BANK_TRANSFER',
      has_receipt: true,
      package_id: 2,
    })
    const again = await recordPayment(server, token, v.id, { key, fields: paymentFields({ amount: '1' }) })
    expect(again.status).toBe(200)
    expect(again.json.result.item.id).toBe(payment.id)
    expect(await server.db.select().from(vendorPayments)).toHaveLength(1)
    const list = await server.request({ url: `${BASE}/${v.id}/payments`, token })
    expect(list.json.result.payments.data.map((p: { id: number }) => p.id)).toEqual([payment.id])
  })

  it('refuses a bad payment with field errors: amount, method, future date, file type and size, missing key', async () => {
    const token = await primary()
    const v = await createVendor(server, token, 1)
    const fieldsOf = async (options: Parameters<typeof recordPayment>[3]) => {
      const res = await recordPayment(server, token, v.id, options)
      expect(res.status, res.text).toBeGreaterThanOrEqual(400)
      expect(res.status, res.text).toBeLessThan(500)
      return Object.keys(res.json.errors ?? {})
    }
    expect(await fieldsOf({ fields: paymentFields({ amount: '10.005' }) })).toEqual(['amount'])
    expect(await fieldsOf({ fields: paymentFields({ amount: '-5' }) })).toEqual(['amount'])
    expect(await fieldsOf({ fields: paymentFields({ amount: '0' }) })).toEqual(['amount'])
    expect(await fieldsOf({ fields: paymentFields({ amount: '99999999999' }) })).toEqual(['amount'])
    expect(await fieldsOf({ fields: paymentFields({ method: 'CACHE' }) })).toEqual(['method'])
    expect(await fieldsOf({ fields: paymentFields({ payment_date: '2026-03-05' }) })).toEqual(['payment_date'])
    expect(await fieldsOf({ fields: paymentFields({ payment_date: '2026-02-30' }) })).toEqual(['payment_date'])
    expect(await fieldsOf({ fields: { ...paymentFields(), is_admin: 'true' } })).toEqual(['is_admin'])
    expect(await fieldsOf({ file: null })).toEqual(['payment_file'])
    expect(await fieldsOf({ file: { name: 'r.png', type: 'image/png', bytes: Buffer.from('<html>not a png</html>') } })).toEqual([
      'payment_file',
    ])
    expect(
      await fieldsOf({ file: { name: 'big.pdf', type: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) } }),
    ).toEqual(['payment_file'])
    const noKey = await server.request({ url: `${BASE}/createPayment/${v.id}`, token, body: {} })
    expect(noKey.status).toBe(422)
    expect(noKey.json.errors.idempotency_key).toHaveLength(1)
    const json = await server.request({ url: `${BASE}/createPayment/${v.id}`, token, body: {}, headers: { 'idempotency-key': newKey() } })
    expect(json.status).toBe(415)
    expect((await recordPayment(server, token, 999_999)).status).toBe(404)
    expect(await server.db.select().from(vendorPayments)).toHaveLength(0)
  })

  it('serves a receipt to admins only, with Content-Disposition, nosniff and the sandbox CSP', async () => {
    const token = await primary()
    const v = await createVendor(server, token, 1)
    const png = (await recordPayment(server, token, v.id)).json.result.item
    const pdf = (await recordPayment(server, token, v.id, { file: { name: 'x.pdf', type: 'application/pdf', bytes: PDF } })).json.result
      .item
    const res = await server.request({ url: `${BASE}/${v.id}/payments/${png.id}/receipt`, token })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['content-disposition']).toBe('inline; filename="receipt-PAY-1.png"')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain('sandbox')
    const raw = await server.app.inject({
      url: `${BASE}/${v.id}/payments/${png.id}/receipt`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(raw.rawPayload.equals(PNG)).toBe(true)
    const pdfRes = await server.request({ url: `${BASE}/${v.id}/payments/${pdf.id}/receipt`, token })
    expect(pdfRes.headers['content-type']).toBe('application/pdf')
    expect((await server.request({ url: `${BASE}/${v.id}/payments/${png.id}/receipt` })).status).toBe(401)
    expect((await server.request({ url: `${BASE}/${v.id + 1}/payments/${png.id}/receipt`, token })).status).toBe(404)
    const other = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, other.id, ['vendors:view'])
    const otherToken = await server.loginAdmin(other.email)
    expect((await server.request({ url: `${BASE}/${v.id}/payments/${png.id}/receipt`, token: otherToken })).status).toBe(403)
  })

  it('approves a payment: the vendor becomes active; a second approval changes nothing more (409)', async () => {
    const token = await primary()
    const v = await createVendor(server, token, 1)
    const p = (await recordPayment(server, token, v.id)).json.result.item
    const change = (body: object, lang: 'ar' | 'en' = 'en') =>
      server.request({ url: `${BASE}/changeTransactionStatus/${v.id}/${p.id}`, token, body, lang })
    const ok = await change({ status: 'Success' })
    expect(ok.status).toBe(200)
    expect(ok.json.result.item).toMatchObject({ status: 'Success' })
    expect(ok.json.result.item.changed_by).toBeTruthy()
    const vendor = (await server.request({ url: `${BASE}/${v.id}`, token })).json.result.item
    expect(vendor.status).toBe('active')
    const twice = await change({ status: 'Success' })
    expect(twice.status).toBe(409)
    expect(twice.json.message).toBe('This payment cannot change from Success to Success.')
    const ar = await change({ status: 'Rejected', reason: 'x' }, 'ar')
    expect(ar.status).toBe(409)
    expect(ar.json.message).toMatch(/[\u0600-\u06FF]/)
    expect((await server.request({ url: `${BASE}/${v.id}`, token })).json.result.item.version).toBe(vendor.version)
  })

  it('rejecting needs a reason; approving and rejecting need payments:approve', async () => {
    const token = await primary()
    const v = await createVendor(server, token, 1)
    const p = (await recordPayment(server, token, v.id)).json.result.item
    const url = `${BASE}/changeTransactionStatus/${v.id}/${p.id}`
    const noReason = await server.request({ url, token, body: { status: 'Rejected' }, lang: 'en' })
    expect(noReason.status).toBe(422)
    expect(noReason.json.errors.reason).toEqual(['A reason is required to reject a payment.'])
    expect((await server.request({ url, token, body: { status: 'Rejected', reason: '   ' } })).status).toBe(422)
    const clerk = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, clerk.id, ['payments:view', 'payments:create'])
    const clerkToken = await server.loginAdmin(clerk.email)
    expect((await server.request({ url, token: clerkToken, body: { status: 'Success' } })).status).toBe(403)
    const rejected = await server.request({ url, token, body: { status: 'Rejected', reason: 'Unreadable receipt' } })
    expect(rejected.json.result.item).toMatchObject({ status: 'Rejected', reason: 'Unreadable receipt' })
    const resubmitted = await server.request({ url, token: clerkToken, body: { status: 'Pending' } })
    expect(resubmitted.status).toBe(200)
    expect(resubmitted.json.result.item.status).toBe('Pending')
  })

  it('deleting a vendor with payments is refused (409); without, it is deleted', async () => {
    const token = await primary()
    const a = await createVendor(server, token, 1)
    const b = await createVendor(server, token, 2)
    await recordPayment(server, token, a.id)
    const refused = await server.request({ method: 'DELETE', url: `${BASE}/${a.id}`, token, lang: 'en' })
    expect(refused.status).toBe(409)
    expect(refused.json.message).toBe('A vendor with payments cannot be deleted; make it inactive instead.')
    expect((await server.request({ method: 'DELETE', url: `${BASE}/${b.id}`, token })).status).toBe(200)
  })
})

describe.each(backends)('vendors: hostile input on $name', (backend) => {
  const server = useTestServer(backend)
  beforeEach(() => seedPackages(server))
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
  const clientError = (res: { status: number; json: { status?: unknown; message?: unknown } }) => {
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(res.json.status).toBe(false)
    expect(typeof res.json.message).toBe('string')
  }

  it('answers odd text, prototype keys, mass assignment, huge and fractional values with 4xx and field errors', async () => {
    const token = await primary()
    for (const body of [
      vendorBody(1, { store_name: 'a\u0000b' }),
      vendorBody(1, { company_name: 'name \ud800' }),
      vendorBody(1, { description: 'x'.repeat(10_000) }),
      vendorBody(1, { package_id: 1.5 }),
      vendorBody(1, { package_id: 2 ** 40 }),
      vendorBody(1, { commercial_registration_expiry: '2026-02-30' }),
      vendorBody(1, { referral_code: 'MINE0001' }),
      vendorBody(1, { status: 'active', version: 3, id: 9 }),
      JSON.parse('{"__proto__":{"is_primary":true},"store_name":"x"}') as object,
      [],
      'text',
    ]) {
      const res = await server.request({ url: BASE, token, body, lang: 'en' })
      clientError(res)
      if (res.status === 422) expect(Object.keys(res.json.errors ?? {}).length).toBeGreaterThan(0)
    }
    expect((await server.request({ url: BASE, token })).json.result.vendors.total).toBe(0)
  })

  it('refuses odd multipart fields, keys, statuses and ids on the payment routes', async () => {
    const token = await primary()
    const v = await createVendor(server, token, 1)
    for (const fields of [
      paymentFields({ payment_number: 'a\u0000b' }),
      paymentFields({ amount: '1e3' }),
      paymentFields({ amount: '12.3.4' }),
      paymentFields({ payment_date: '0000-01-01' }),
      { ...paymentFields(), constructor: 'x' },
    ]) {
      const res = await recordPayment(server, token, v.id, { fields })
      clientError(res)
      expect(Object.keys(res.json.errors ?? {}).length, JSON.stringify(fields)).toBeGreaterThan(0)
    }
    for (const key of ['short', 'x'.repeat(101), 'spaces are bad', '../../etc']) {
      clientError(await recordPayment(server, token, v.id, { key }))
    }
    const p = (await recordPayment(server, token, v.id)).json.result.item as { id: number }
    for (const body of [{ status: 'Approved' }, { status: 'Success', reason: 'x'.repeat(501) }, { status: 'Success', extra: 1 }, {}]) {
      clientError(await server.request({ url: `${BASE}/changeTransactionStatus/${v.id}/${p.id}`, token, body }))
    }
    for (const path of [`${v.id}/0`, `0/${p.id}`, `${v.id}/1.5`, `${v.id}/99999999999`, `abc/${p.id}`]) {
      clientError(await server.request({ url: `${BASE}/changeTransactionStatus/${path}`, token, body: { status: 'Success' } }))
    }
    expect((await server.request({ url: `${BASE}/${v.id}/payments/abc/receipt`, token })).status).toBe(422)
    clientError(await server.request({ url: `${BASE}/subdomain-availability?subdomain=${'x'.repeat(200)}`, token }))
    clientError(await server.request({ url: `${BASE}/subdomain-availability`, token }))
  })
})
