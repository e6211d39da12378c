import { beforeEach, describe, expect, it } from 'vitest'
import { auditAccess, SECRET_MASK } from '../../src/contract/audit'
import { auditLog } from '../../server/db/tables'
import { recordDraftPayment } from '../../server/modules/registration/service'
import { backends, grantRole, useTestServer, type TestServer } from './helpers'
import { BASE as VENDORS, createVendor, paymentFields, recordPayment, seedPackages } from './vendors-fixtures'

const AUDIT = '/api/admin-panal/audit'
const EXPORT = `${AUDIT}/export`
const CATEGORIES = '/api/admin-panal/categories'
const DAY = 86_400_000

type Entry = {
  id: number
  at: string
  admin: { id: number; name: string } | null
  action: string
  resource: string
  record_id: number | null
  changes: Record<string, { from: unknown; to: unknown }>
  screen: string | null
}

const category = (n: number) => ({ name_ar: `تصنيف ${n}`, name_en: `Category ${n}`, parent_id: null })

async function list(server: TestServer, token: string, query = ''): Promise<Entry[]> {
  const res = await server.request({ url: `${AUDIT}${query ? `?${query}` : ''}`, token, lang: 'en' })
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`)
  return res.json.result.audit.data as Entry[]
}

/** A log row written as a module would, with secrets in its changes (top level and nested). */
async function secretRow(server: TestServer, adminId: number | null) {
  await server.db.insert(auditLog).values({
    adminId,
    action: 'update',
    resource: 'admins',
    recordId: adminId ?? 1,
    changes: {
      password: { from: 'Old-Secret-1', to: 'New-Secret-2' },
      password_hash: { from: '$argon2id$old', to: '$argon2id$new' },
      API_Key: { from: null, to: 'sk_live_verysecret' },
      settings: { from: { mail: { smtpToken: 'tok-abc', host: 'smtp.example' } }, to: [{ clientSecret: 'cs-xyz' }] },
      name: { from: 'A', to: 'B' },
    },
    createdAt: server.clock.now(),
  })
}
const SECRETS = ['Old-Secret-1', 'New-Secret-2', '$argon2id$old', '$argon2id$new', 'sk_live_verysecret', 'tok-abc', 'cs-xyz']

describe.each(backends)('audit trail on $name', (backend) => {
  const server = useTestServer(backend)
  beforeEach(() => seedPackages(server))
  const primary = async () => {
    const admin = await server.createAdmin({ userType: 'primary', name: 'Primary One' })
    return { ...admin, token: await server.loginAdmin(admin.email) }
  }
  const subUser = async (permissions: string[]) => {
    const admin = await server.createAdmin({ userType: 'sub', name: 'Sub One' })
    if (permissions.length > 0) await grantRole(server, admin.id, permissions)
    return { ...admin, token: await server.loginAdmin(admin.email) }
  }

  it('lists every write newest first with who, when, what record and the changed fields; each filter narrows it', async () => {
    const admin = await primary()
    const created = await server.request({ url: CATEGORIES, token: admin.token, body: category(1) })
    expect(created.status).toBe(201)
    const item = created.json.result.item
    server.clock.advance(DAY)
    const updated = await server.request({
      method: 'PUT',
      url: `${CATEGORIES}/${item.id}`,
      token: admin.token,
      body: { ...category(1), name_en: 'Renamed', version: item.version },
    })
    expect(updated.status).toBe(200)
    server.clock.advance(DAY)
    await server.db
      .insert(auditLog)
      .values({ adminId: null, action: 'register', resource: 'vendors', recordId: 77, changes: {}, createdAt: server.clock.now() })

    const all = await list(server, admin.token)
    expect(all.map((e) => [e.action, e.resource])).toEqual([
      ['register', 'vendors'],
      ['update', 'categories'],
      ['create', 'categories'],
    ])
    const [register, update] = all as [Entry, Entry]
    expect(register.admin).toBeNull()
    expect(register.screen).toBe('/admin-panel/venders/view/77')
    expect(update).toMatchObject({
      admin: { id: admin.id, name: 'Primary One' },
      record_id: item.id,
      changes: { name_en: { from: 'Category 1', to: 'Renamed' } },
      screen: `/admin-panel/categories/view/${item.id}`,
    })
    expect(Date.parse(update.at)).toBe(server.clock.now().getTime() - DAY)

    expect((await list(server, admin.token, `resource=categories&record_id=${item.id}`)).map((e) => e.action)).toEqual(['update', 'create'])
    expect((await list(server, admin.token, 'action=create')).map((e) => e.resource)).toEqual(['categories'])
    expect((await list(server, admin.token, `admin_id=${admin.id}`)).length).toBe(2)
    expect((await list(server, admin.token, 'admin_id=0')).map((e) => e.action)).toEqual(['register'])
    expect((await list(server, admin.token, 'sort_column=created_at&sort_direction=asc')).map((e) => e.action)).toEqual([
      'create',
      'update',
      'register',
    ])
    expect((await list(server, admin.token, 'search=Primary')).length).toBe(2)
    // the period in Riyadh days: START and the two days after it
    const day = (offset: number) => new Date(server.clock.now().getTime() - offset * DAY + 3 * 3_600_000).toISOString().slice(0, 10)
    expect((await list(server, admin.token, `from=${day(0)}&to=${day(0)}`)).map((e) => e.action)).toEqual(['register'])
    expect((await list(server, admin.token, `from=${day(2)}&to=${day(1)}`)).map((e) => e.action)).toEqual(['update', 'create'])
    expect(await list(server, admin.token, `to=${day(3)}`)).toEqual([])
  })

  it('never returns a secret: keys like password, token, secret, hash or key read as masked, nested ones too, in the list and the CSV', async () => {
    const admin = await primary()
    await secretRow(server, admin.id)
    const res = await server.request({ url: AUDIT, token: admin.token })
    expect(res.status).toBe(200)
    for (const secret of SECRETS) expect(res.text).not.toContain(secret)
    const [entry] = res.json.result.audit.data as Entry[]
    expect(entry!.changes).toEqual({
      password: { from: SECRET_MASK, to: SECRET_MASK },
      password_hash: { from: SECRET_MASK, to: SECRET_MASK },
      API_Key: { from: null, to: SECRET_MASK },
      settings: { from: { mail: { smtpToken: SECRET_MASK, host: 'smtp.example' } }, to: [{ clientSecret: SECRET_MASK }] },
      name: { from: 'A', to: 'B' },
    })
    const csv = await server.request({ url: EXPORT, token: admin.token })
    expect(csv.status).toBe(200)
    for (const secret of SECRETS) expect(csv.text).not.toContain(secret)
    expect(csv.text).toContain(SECRET_MASK)
    expect(csv.text).toContain('smtp.example')
  })

  it('is for primary admins, and sub users granted audit:view: guest 401, sub user without it 403, with it 200 (list, export, select lists)', async () => {
    const admin = await primary()
    const without = await subUser(['categories:view'])
    const granted = await subUser([auditAccess.can.view])
    for (const url of [AUDIT, EXPORT, '/api/core/list/audit-admins', '/api/core/list/audit-resources']) {
      expect((await server.request({ url })).status, url).toBe(401)
      expect((await server.request({ url, token: without.token })).status, url).toBe(403)
      expect((await server.request({ url, token: granted.token })).status, url).toBe(200)
      expect((await server.request({ url, token: admin.token })).status, url).toBe(200)
    }
  })

  it('answers hostile query values with 422, never 500', async () => {
    const { token } = await primary()
    const bad = [
      'admin_id=abc',
      'admin_id=-1',
      'record_id=0',
      'record_id=99999999999',
      'from=2026-02-30',
      'to=2026-13-01',
      'from=yesterday',
      'action=up%00date',
      'resource=%ED%A0%80',
      'resource=a%20b',
      'resource=' + 'x'.repeat(101),
      'sort_column=changes',
      'sort_direction=sideways',
      'page=0',
      'pageSize=1000',
      'search=a',
      'unknown=1',
      '__proto__=1',
      'constructor=1',
      'resource[]=x',
    ]
    for (const query of bad) {
      const res = await server.request({ url: `${AUDIT}?${query}`, token })
      expect(res.status, query).toBe(422)
      const csv = await server.request({
        url: `${EXPORT}?${query.startsWith('page') || query.startsWith('sort') ? 'from=x' : query}`,
        token,
      })
      expect(csv.status, `export ${query}`).toBe(422)
    }
    // names that are only odd still filter (nothing matches)
    for (const query of ['resource=__proto__', 'action=constructor', 'resource=toString']) {
      const res = await server.request({ url: `${AUDIT}?${query}`, token })
      expect(res.status, query).toBe(200)
      expect(res.json.result.audit.data).toEqual([])
    }
  })

  it('exports the filtered rows as CSV: UTF-8 with a BOM, headers in the admin language, one line per changed field', async () => {
    const admin = await primary()
    const created = await server.request({ url: CATEGORIES, token: admin.token, body: category(2) })
    const id = created.json.result.item.id as number
    const en = await server.request({ url: `${EXPORT}?resource=categories&record_id=${id}`, token: admin.token, lang: 'en' })
    expect(en.status).toBe(200)
    expect(en.headers['content-type']).toContain('text/csv')
    expect(en.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(en.text.startsWith('\uFEFF')).toBe(true)
    const lines = en.text.slice(1).trim().split('\r\n')
    expect(lines[0]).toBe('Time,By,Action,Module,Record,Field,Before,After')
    expect(lines.some((line) => line.includes(',Primary One,create,Categories,') && line.endsWith(',name_en,,Category 2'))).toBe(true)
    expect(lines.slice(1).every((line) => line.includes(`,${id},`))).toBe(true)
    const ar = await server.request({ url: EXPORT, token: admin.token, lang: 'ar' })
    expect(ar.text.startsWith('\uFEFF')).toBe(true)
    expect(ar.text.slice(1).split('\r\n')[0]).toBe('الوقت,بواسطة,الإجراء,القسم,السجل,الحقل,قبل,بعد')
    expect(ar.text).toContain('التصنيفات')
  })

  it('offers the admins (and the platform) and the modules the log holds as select lists, in the Lang language', async () => {
    const admin = await primary()
    await server.request({ url: CATEGORIES, token: admin.token, body: category(3) })
    await server.db
      .insert(auditLog)
      .values({ adminId: null, action: 'import', resource: 'some_new_thing', recordId: 1, changes: {}, createdAt: server.clock.now() })
    const admins = await server.request({ url: '/api/core/list/audit-admins', token: admin.token, lang: 'en' })
    expect(admins.json.result.list[0]).toEqual({ id: 0, name: 'The platform or a vendor' })
    expect(admins.json.result.list).toContainEqual({ id: admin.id, name: 'Primary One' })
    const modules = await server.request({ url: '/api/core/list/audit-resources', token: admin.token, lang: 'ar' })
    expect(modules.json.result.list).toEqual([
      { id: 'categories', name: 'التصنيفات' },
      { id: 'some_new_thing', name: 'some_new_thing' },
    ])
    expect((await server.request({ url: '/api/core/list/audit-resources?x=1', token: admin.token })).status).toBe(422)
  })

  describe('writes that were not audited before', () => {
    it("an admin's language change is audited (and a change to the same language writes nothing)", async () => {
      const admin = await primary()
      const url = '/api/admin-panal/setting/change-language'
      expect((await server.request({ url: `${url}?locale=en`, token: admin.token })).status).toBe(200)
      expect((await server.request({ url: `${url}?locale=en`, token: admin.token })).status).toBe(200)
      const rows = await list(server, admin.token, 'resource=admins')
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        action: 'update',
        record_id: admin.id,
        admin: { id: admin.id },
        changes: { locale: { from: 'ar', to: 'en' } },
      })
    })

    it("a payment's approval audits the subscription it makes and the one it replaces, by the approving admin", async () => {
      const admin = await primary()
      const vendor = await createVendor(server, admin.token, 1)
      const approve = async (day: string) => {
        const recorded = await recordPayment(server, admin.token, vendor.id, { fields: paymentFields({ payment_date: day }) })
        expect(recorded.status).toBe(201)
        const res = await server.request({
          url: `${VENDORS}/changeTransactionStatus/${vendor.id}/${recorded.json.result.item.id}`,
          token: admin.token,
          body: { status: 'Success' },
        })
        expect(res.status).toBe(200)
      }
      await approve('2026-01-15')
      await approve('2026-01-20')
      const rows = await list(server, admin.token, 'resource=subscriptions')
      expect(rows.map((r) => [r.action, Object.keys(r.changes).sort().join(',')])).toEqual([
        ['create', 'expires_at,invoice_number,package_id,payment_id,starts_at,vendor_id'],
        ['update', 'status'],
        ['create', 'expires_at,invoice_number,package_id,payment_id,starts_at,vendor_id'],
      ])
      expect(rows.every((r) => r.admin?.id === admin.id)).toBe(true)
      expect(rows[0]!.screen).toBe(`/admin-panel/subscriptions/view/${rows[0]!.record_id}`)
    })

    it('a payment a vendor makes (registration or renewal) is audited with no admin', async () => {
      const admin = await primary()
      const vendor = await createVendor(server, admin.token, 2)
      const pkg = {
        package_id: 2,
        package_type: 'STANDARD',
        coupon_id: null,
        coupon_code: null,
        price: 20_000,
        discount: 0,
        net: 20_000,
        vat: 3_000,
        total: 23_000,
        vat_percent: 15,
      } as const
      const payment = {
        state: 'receipt_received',
        method: 'BANK_TRANSFER',
        gateway: null,
        sandbox: false,
        transaction_id: null,
        challenge_id: null,
        last4: null,
        brand: null,
        reason_key: null,
        payment_number: 'TR-1',
        receipt_name: null,
        receipt_type: null,
        amount: 23_000,
      } as const
      const id = await server.db.transaction((tx) =>
        recordDraftPayment(
          server.app.deps,
          tx,
          { kind: 'renewal', draftId: 1, vendorId: vendor.id, pkg, payment, lang: 'en' },
          server.clock.now(),
        ),
      )
      const rows = await list(server, admin.token, `resource=payments&record_id=${id}`)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        admin: null,
        action: 'createPayment',
        changes: { vendor_id: { to: vendor.id }, amount: { to: 23_000 }, status: { to: 'Pending' } },
      })
    })
  })
})
