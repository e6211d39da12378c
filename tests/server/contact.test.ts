import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { contactPageSchema } from '../../src/contract/contact'
import { auditLog } from '../../server/db/tables'
import { contactMessages } from '../../server/modules/contact/schema'
import { backends, grantRole, routesOfModule, useTestServer, type TestServer } from './helpers'

const BASE = '/api/admin-panal/contact'
const PUBLIC = '/api/contact'
const message = { name: 'نورة', email: 'Noura@Example.com', phone: '0559876543', subject: 'استفسار', message: 'متى يتم تفعيل الاشتراك؟' }

async function insertMessages(server: TestServer) {
  const now = server.clock.now()
  const rows = await server.db
    .insert(contactMessages)
    .values([
      {
        name: 'Omar',
        email: 'omar@example.com',
        subject: 'Shipping',
        message: 'Which companies?',
        isRead: false,
        createdAt: now,
        updatedAt: now,
      },
      {
        name: 'Lina',
        email: 'lina@example.com',
        subject: 'Account',
        message: 'Cannot sign in',
        isRead: true,
        createdAt: now,
        updatedAt: now,
      },
    ])
    .returning({ id: contactMessages.id })
  return rows.map((r) => r.id)
}

describe.each(backends)('contact on $name', (backend) => {
  const server = useTestServer(backend)
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)

  it.each([
    ['en', 'Thank you for contacting us. We will get back to you soon.'],
    ['ar', 'شكرًا لتواصلك معنا، سنرد عليك قريبًا.'],
  ] as const)('takes a public message without a token: 201 with a thank-you (%s)', async (lang, thanks) => {
    const res = await server.request({ url: PUBLIC, body: message, lang })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({ status: true, message: thanks, result: null })
    const [row] = await server.db.select().from(contactMessages)
    expect(row).toMatchObject({ email: 'noura@example.com', isRead: false, phone: '0559876543' })
  })

  it.each([
    [
      'en',
      { name: 'N', email: 'not-an-email', phone: '12', message: '' },
      {
        name: ['must be at least 2 characters'],
        email: ['must be a valid email'],
        phone: ['must be a valid phone number'],
        subject: ['Required Field'],
        message: ['Required Field'],
      },
    ],
    [
      'ar',
      { name: 'N', email: 'not-an-email', phone: '12', message: '' },
      {
        name: ['يجب ألا يقل عن 2 أحرف'],
        email: null,
        phone: null,
        subject: ['حقل مطلوب'],
        message: ['حقل مطلوب'],
      },
    ],
  ] as const)('refuses an invalid public message with field messages (%s)', async (lang, body, errors) => {
    const res = await server.request({ url: PUBLIC, body, lang })
    expect(res.status).toBe(422)
    expect(Object.keys(res.json.errors).sort()).toEqual(Object.keys(errors).sort())
    for (const [field, messages] of Object.entries(errors)) {
      if (messages) expect(res.json.errors[field]).toEqual(messages)
      else expect(res.json.errors[field][0]).toMatch(/[\u0600-\u06FF]/)
    }
    const unknown = await server.request({ url: PUBLIC, body: { ...message, is_read: true }, lang: 'en' })
    expect(unknown.json.errors).toEqual({ is_read: ['is not an allowed field'] })
    expect(await server.db.select().from(contactMessages)).toHaveLength(0)
  })

  it('rate limits the public form per address (429 with a translated message)', async () => {
    await server.rebuild({ rateLimit: { contactMax: 2 } })
    expect((await server.request({ url: PUBLIC, body: message })).status).toBe(201)
    expect((await server.request({ url: PUBLIC, body: { ...message, name: 'x' } })).status).toBe(422)
    const limited = await server.request({ url: PUBLIC, body: message, lang: 'en' })
    expect(limited.status).toBe(429)
    expect(limited.json.status).toBe(false)
    expect(limited.json.message).toMatch(/\d+/)
    const other = await server.request({ url: PUBLIC, body: message, headers: { 'x-forwarded-for': '10.0.0.9' } })
    // Without trustProxy the forwarded header changes nothing: still the same address.
    expect(other.status).toBe(429)
    expect(await server.db.select().from(contactMessages)).toHaveLength(1)
  })

  it('lists with the is_read filter and search; refuses unknown sorts and filters', async () => {
    const token = await primary()
    await insertMessages(server)
    const names = async (query: string) =>
      z.parse(contactPageSchema, (await server.request({ url: `${BASE}?${query}`, token })).json.result.contact).data.map((m) => m.name)
    expect(await names('')).toEqual(['Lina', 'Omar'])
    expect(await names('is_read=0')).toEqual(['Omar'])
    expect(await names('is_read=1')).toEqual(['Lina'])
    expect(await names('search=shipp')).toEqual(['Omar'])
    expect(await names('sort_column=name&sort_direction=asc')).toEqual(['Lina', 'Omar'])
    for (const query of ['sort_column=email', 'is_read=2', 'email=x']) {
      expect((await server.request({ url: `${BASE}?${query}`, token })).status, query).toBe(422)
    }
  })

  it('filters by the days messages arrived (both days included) and refuses dates that are not days', async () => {
    const token = await primary()
    const at = (iso: string) => new Date(iso)
    await server.db.insert(contactMessages).values(
      [
        ['Early', '2026-03-01T23:59:59Z'],
        ['Middle', '2026-03-02T00:00:00Z'],
        ['Late', '2026-03-03T23:59:59Z'],
        ['After', '2026-03-04T00:00:00Z'],
      ].map(([name, iso]) => ({
        name: name!,
        email: 'a@example.com',
        subject: 'S',
        message: 'M',
        isRead: false,
        createdAt: at(iso!),
        updatedAt: at(iso!),
      })),
    )
    const names = async (query: string) =>
      z
        .parse(
          contactPageSchema,
          (await server.request({ url: `${BASE}?sort_column=created_at&sort_direction=asc&${query}`, token })).json.result.contact,
        )
        .data.map((m) => m.name)
    expect(await names('received_from=2026-03-02')).toEqual(['Middle', 'Late', 'After'])
    expect(await names('received_to=2026-03-03')).toEqual(['Early', 'Middle', 'Late'])
    expect(await names('received_from=2026-03-02&received_to=2026-03-03')).toEqual(['Middle', 'Late'])
    expect(await names('received_from=2026-03-04&received_to=2026-03-02')).toEqual([])
    for (const day of ['2026-02-30', 'yesterday', '2026-3-1']) {
      const res = await server.request({ url: `${BASE}?received_from=${day}`, token, lang: 'en' })
      expect(res.status, day).toBe(422)
      expect(res.json.errors.received_from).toEqual(['has an invalid format'])
    }
  })

  it('GET one marks the message read once (one audit row); DELETE removes it; no admin create or update', async () => {
    const token = await primary()
    const [unread] = await insertMessages(server)
    const first = await server.request({ url: `${BASE}/${unread}`, token })
    expect(first.status).toBe(200)
    expect(first.json.result.item).toMatchObject({ id: unread, name: 'Omar', is_read: true })
    expect((await server.request({ url: `${BASE}/${unread}`, token })).json.result.item.is_read).toBe(true)
    const audits = await server.db.select().from(auditLog)
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ action: 'read', resource: 'contact', recordId: unread })
    expect((await server.request({ url: `${BASE}?is_read=0`, token })).json.result.contact.total).toBe(0)
    expect((await server.request({ url: BASE, token, body: message })).status).toBe(404)
    expect((await server.request({ method: 'PUT', url: `${BASE}/${unread}`, token, body: message })).status).toBe(404)
    expect((await server.request({ method: 'DELETE', url: `${BASE}/${unread}`, token })).status).toBe(200)
    expect((await server.request({ url: `${BASE}/${unread}`, token })).status).toBe(404)
    expect((await server.request({ method: 'DELETE', url: `${BASE}/${unread}`, token })).status).toBe(404)
  })

  it('a sub admin without the permission gets 403 on every route of the module', async () => {
    const [id] = await insertMessages(server)
    const sub = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, sub.id, ['blogs:view', 'support:view'])
    const token = await server.loginAdmin(sub.email)
    const routes = routesOfModule(server, 'contact', id!)
    expect(routes.map((r) => r.method).sort()).toEqual(['DELETE', 'GET', 'GET'])
    for (const route of routes) {
      const res = await server.request({ ...route, token, lang: 'en' })
      expect(res.status, `${route.method} ${route.url}`).toBe(403)
    }
    const rows = await server.db.select().from(contactMessages)
    expect(rows.filter((r) => r.isRead)).toHaveLength(1)
    expect(rows).toHaveLength(2)
  })
})
