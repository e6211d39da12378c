import { randomUUID } from 'node:crypto'
import { get, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { notificationsPaths, type StreamMessage } from '../../src/contract/notifications'
import { registrationPaths } from '../../src/contract/registration'
import { auditLog } from '../../server/db/tables'
import { connectRedis } from '../../server/lib/redis'
import { marketplaces } from '../../server/modules/marketplaces/schema'
import { busOf } from '../../server/modules/notifications/bus'
import { notifications } from '../../server/modules/notifications/schema'
import { notify, notifyExpiringSubscriptions, notifyNewSupportIssues } from '../../server/modules/notifications/service'
import { shippingIssues } from '../../server/modules/support/schema'
import { backends, grantRole, PASSWORD, useTestServer } from './helpers'
import { BASE, createVendor, PDF, paymentForm, recordPayment, seedPackages } from './vendors-fixtures'

/**
 * Notifications (issue 14): each kind made by its real cause, seen only by the admins allowed to see
 * its record, read one by one or all at once, and streamed live once the write has committed.
 */

const API = (path: string) => `/api${path}`
const DAY = 86_400_000

type Stream = { next: (test?: (message: StreamMessage) => boolean) => Promise<StreamMessage>; close: () => void }

/** The address of the suite's app, listening on loopback. */
async function urlOf(app: FastifyInstance): Promise<string> {
  const address = app.server.address() as AddressInfo | null
  if (address) return `http://127.0.0.1:${address.port}`
  return app.listen({ port: 0, host: '127.0.0.1' })
}

/**
 * Opens the live stream of the app at `url` with the bearer header, as the SPA does, on a connection
 * of its own (no pool: closing it closes the connection).
 */
async function openStream(url: string, token: string): Promise<Stream> {
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = get(
      `${url}${API(notificationsPaths.stream)}`,
      { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      resolve,
    )
    request.on('error', reject)
  })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toMatch(/^text\/event-stream/)
  res.setEncoding('utf8')
  const queue: StreamMessage[] = []
  const waiting: (() => void)[] = []
  let ended = false
  let buffer = ''
  res.on('data', (chunk: string) => {
    buffer += chunk
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n')
      if (data) queue.push(JSON.parse(data) as StreamMessage)
    }
    for (const wake of waiting.splice(0)) wake()
  })
  res.on('close', () => {
    ended = true
    for (const wake of waiting.splice(0)) wake()
  })
  const next = async (test: (message: StreamMessage) => boolean = () => true): Promise<StreamMessage> => {
    for (;;) {
      const index = queue.findIndex(test)
      if (index >= 0) return queue.splice(0, index + 1).at(-1)!
      if (ended) throw new Error('stream ended')
      await new Promise<void>((resolve) => waiting.push(resolve))
    }
  }
  return { next, close: () => res.destroy() }
}

describe.each(backends)('notifications on $name', (backend) => {
  const server = useTestServer(backend)
  beforeEach(async () => {
    await seedPackages(server)
    await server.db.insert(marketplaces).values([{ nameAr: 'سلة', nameEn: 'Salla', website: 'https://salla.sa' }])
  })

  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
  const subWith = async (permissions: string[]) => {
    const admin = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, admin.id, permissions)
    return server.loginAdmin(admin.email)
  }
  const list = (token: string, query = '', lang: 'ar' | 'en' = 'en') =>
    server.request({ url: `${API(notificationsPaths.list)}${query}`, token, lang })

  /** Registers a vendor through the public wizard, paying by bank transfer (a pending payment). */
  async function register(n: number) {
    const api = (path: string) => `/api/${path}`
    const draft = await server.request({ url: api(registrationPaths.drafts), body: {}, lang: 'en' })
    const token = draft.json.result.draft.token as string
    const store = await server.request({
      method: 'PUT',
      url: api(registrationPaths.store(token)),
      lang: 'en',
      body: {
        store_name: `متجر النور ${n}`,
        company_name: `Company ${n}`,
        commercial_registration: String(2_000_000_000 + n),
        commercial_registration_expiry: '2027-06-30',
        phone: '+966512345678',
        email: `new-vendor${n}@example.com`,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        subdomain: `new-store-${n}`,
        tax_no: '310000000000003',
        marketplaces: [1],
      },
    })
    expect(store.status, store.text).toBe(200)
    const pkg = await server.request({ method: 'PUT', url: api(registrationPaths.package(token)), body: { package_id: 2 }, lang: 'en' })
    expect(pkg.status, pkg.text).toBe(200)
    const form = paymentForm(
      { method: 'BANK_TRANSFER', payment_number: `TRX-${n}` },
      { name: 'r.pdf', type: 'application/pdf', bytes: PDF },
    )
    const sent = await server.request({ url: api(registrationPaths.transfer(token)), payload: form.payload, contentType: form.contentType })
    expect(sent.status, sent.text).toBe(200)
    const done = await server.request({ url: api(registrationPaths.complete(token)), body: {}, lang: 'en' })
    expect(done.status, done.text).toBe(201)
    return { vendorId: done.json.result.vendor.id as number, paymentId: done.json.result.payment.id as number }
  }

  it('a registration tells of the new vendor and of its payment awaiting approval, in both languages, linking to the vendor', async () => {
    const token = await primary()
    const { vendorId } = await register(1)
    const res = await list(token)
    expect(res.status, res.text).toBe(200)
    const page = res.json.result.notifications
    expect(page.total).toBe(2)
    expect(res.json.result.unread).toBe(2)
    expect(page.data.map((n: { kind: string }) => n.kind)).toEqual(['vendor_registered', 'payment_pending'])
    expect(page.data[0]).toMatchObject({
      values: { name: 'متجر النور 1' },
      link: `/admin-panel/venders/view/${vendorId}`,
      is_read: false,
    })
    expect(page.data[1].link).toBe(`/admin-panel/venders/view/${vendorId}?tab=payments`)
    const ar = await list(token, '', 'ar')
    expect(ar.json.result.notifications.total).toBe(2)
  })

  it('a payment recorded by an admin awaits approval; rejected then resubmitted, it says so', async () => {
    const token = await primary()
    const vendor = await createVendor(server, token, 1)
    const payment = (await recordPayment(server, token, vendor.id)).json.result.item
    const change = (body: object) =>
      server.request({ url: `${BASE}/changeTransactionStatus/${vendor.id}/${payment.id}`, token, body, lang: 'en' })
    expect((await change({ status: 'Rejected', reason: 'unreadable' })).status).toBe(200)
    expect((await change({ status: 'Pending' })).status).toBe(200)
    const kinds = (await list(token)).json.result.notifications.data.map((n: { kind: string }) => n.kind)
    expect(kinds).toEqual(['payment_resubmitted', 'payment_pending'])
    const pending = await list(token, '?kind=payment_resubmitted')
    expect(pending.json.result.notifications.data).toHaveLength(1)
    expect(pending.json.result.notifications.data[0].values).toEqual({ name: 'متجر 1' })
  })

  it('a contact message tells of the contact request, linking to it', async () => {
    const token = await primary()
    const sent = await server.request({
      url: '/api/contact',
      body: { name: 'نورة', email: 'noura@example.com', subject: 'استفسار', message: 'متى يتم التفعيل؟' },
    })
    expect(sent.status).toBe(201)
    const data = (await list(token)).json.result.notifications.data
    expect(data).toHaveLength(1)
    expect(data[0]).toMatchObject({ kind: 'contact_request', values: { name: 'نورة' } })
    expect(data[0].link).toMatch(/^\/admin-panel\/contact\/view\/\d+$/)
  })

  it('the periodic checks tell of a subscription expiring within 7 days and of a new support issue, once each', async () => {
    const token = await primary()
    const vendor = await createVendor(server, token, 1)
    const payment = (await recordPayment(server, token, vendor.id)).json.result.item
    const approved = await server.request({
      url: `${BASE}/changeTransactionStatus/${vendor.id}/${payment.id}`,
      token,
      body: { status: 'Success' },
    })
    expect(approved.status, approved.text).toBe(200)
    const deps = server.app.deps
    expect(await notifyExpiringSubscriptions(deps)).toBe(0)
    server.clock.advance(26 * DAY)
    expect(await notifyExpiringSubscriptions(deps)).toBe(1)
    expect(await notifyExpiringSubscriptions(deps)).toBe(0)

    const now = server.clock.now()
    await server.db.insert(shippingIssues).values({
      shipmentId: 'SHP-1',
      orderId: 11,
      orderNumber: 'ORD-11',
      tenantId: 7,
      tenantName: 'متجر الأناقة',
      issue: 'Late',
      createdAt: now,
      updatedAt: now,
    })
    expect(await notifyNewSupportIssues(deps)).toBe(1)
    expect(await notifyNewSupportIssues(deps)).toBe(0)
    // the session of 26 days ago has expired meanwhile
    const data = (await list(await primary())).json.result.notifications.data
    expect(data.map((n: { kind: string }) => n.kind)).toEqual(['support_issue', 'subscription_expiring', 'payment_pending'])
    expect(data[0]).toMatchObject({ values: { name: 'متجر الأناقة', order: 'ORD-11' } })
    expect(data[0].link).toMatch(/^\/admin-panel\/support\/view\/\d+$/)
    expect(data[1].link).toMatch(/^\/admin-panel\/subscriptions\/view\/\d+$/)
    expect(Number(data[1].values.days)).toBeGreaterThanOrEqual(1)
    expect(Number(data[1].values.days)).toBeLessThanOrEqual(7)
  })

  it('an admin hears only of the records it may view; a primary of all', async () => {
    const token = await primary()
    await register(1)
    await server.request({
      url: '/api/contact',
      body: { name: 'Omar', email: 'omar@example.com', subject: 'Hi there', message: 'A question' },
    })
    const contactOnly = await subWith(['contact:view'])
    const nothing = await subWith([])
    const payments = await subWith(['payments:view'])
    expect((await list(token)).json.result.unread).toBe(3)
    const mine = await list(contactOnly)
    expect(mine.json.result.notifications.data.map((n: { kind: string }) => n.kind)).toEqual(['contact_request'])
    expect(mine.json.result.unread).toBe(1)
    expect((await list(payments)).json.result.notifications.data.map((n: { kind: string }) => n.kind)).toEqual(['payment_pending'])
    expect((await list(nothing)).json.result).toMatchObject({ unread: 0, notifications: { total: 0 } })
    // a notification it may not see cannot be marked read either
    const [vendorNotice] = await server.db.select().from(notifications).where(eq(notifications.kind, 'vendor_registered'))
    const refused = await server.request({ method: 'PUT', url: API(notificationsPaths.read(vendorNotice!.id)), token: contactOnly })
    expect(refused.status).toBe(404)
  })

  it('marks one read, then all read, per admin, audited; the filters follow', async () => {
    const token = await primary()
    const other = await primary()
    await register(1)
    const first = (await list(token)).json.result.notifications.data[0]
    const read = await server.request({ method: 'PUT', url: API(notificationsPaths.read(first.id)), token })
    expect(read.status).toBe(200)
    expect(read.json.result.unread).toBe(1)
    // again: nothing more
    expect((await server.request({ method: 'PUT', url: API(notificationsPaths.read(first.id)), token })).json.result.unread).toBe(1)
    expect((await list(token, '?is_read=1')).json.result.notifications.data.map((n: { id: number }) => n.id)).toEqual([first.id])
    expect((await list(token, '?is_read=0')).json.result.notifications.total).toBe(1)
    expect((await list(other)).json.result.unread).toBe(2)

    const all = await server.request({ method: 'PUT', url: API(notificationsPaths.readAll), token, lang: 'en' })
    expect(all.status).toBe(200)
    expect(all.json).toMatchObject({ message: 'Every notification is marked read.', result: { unread: 0 } })
    expect((await list(token, '?is_read=0')).json.result.notifications.total).toBe(0)
    expect((await server.request({ url: API(notificationsPaths.unread), token })).json.result.unread).toBe(0)
    expect((await list(other)).json.result.unread).toBe(2)
    // a later one is unread again
    await server.request({
      url: '/api/contact',
      body: { name: 'Omar', email: 'omar@example.com', subject: 'Hi there', message: 'A question' },
    })
    expect((await server.request({ url: API(notificationsPaths.unread), token })).json.result.unread).toBe(1)
    // the search finds the names the sentences tell of: the sender, the vendor (its two notifications); a % is itself
    const found = async (term: string) =>
      ((await list(token, `?search=${encodeURIComponent(term)}`)).json.result.notifications.data as { kind: string }[])
        .map((n) => n.kind)
        .sort()
    expect(await found('omar')).toEqual(['contact_request'])
    expect(await found('النور 1')).toEqual(['payment_pending', 'vendor_registered'])
    expect(await found('%%')).toEqual([])
    const audited = await server.db.select().from(auditLog).where(eq(auditLog.resource, 'notifications'))
    expect(audited.map((row) => row.action).sort()).toEqual(['read', 'readAll'])
  })

  it('streams a notification once its write commits, to the admins allowed, and nothing of a rolled-back write', async () => {
    const token = await primary()
    const contactOnly = await subWith(['contact:view'])
    const url = await urlOf(server.app)
    const stream = await openStream(url, token)
    const narrow = await openStream(url, contactOnly)
    expect(await stream.next()).toEqual({ type: 'ready', unread: 0 })
    expect(await narrow.next()).toEqual({ type: 'ready', unread: 0 })

    // written then rolled back: told to nobody
    const deps = server.app.deps
    await expect(
      deps.db.transaction(async (tx) => {
        await notify(deps, tx, { kind: 'vendor_registered', ref: { id: 999 }, names: { name: 'Ghost' }, at: server.clock.now() })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await server.db.select().from(notifications)).toHaveLength(0)

    await register(1)
    const told = await stream.next()
    expect(told).toMatchObject({ type: 'notification', item: { kind: 'payment_pending', values: { name: 'متجر النور 1' } } })
    expect(await stream.next()).toMatchObject({
      type: 'notification',
      item: { kind: 'vendor_registered', values: { name: 'متجر النور 1' } },
    })

    await server.request({
      url: '/api/contact',
      body: { name: 'Omar', email: 'omar@example.com', subject: 'Hi there', message: 'A question' },
    })
    // the narrow admin's first event is the contact request: neither the ghost nor the vendor's
    expect(await narrow.next()).toMatchObject({ type: 'notification', item: { kind: 'contact_request' } })
    const contact = await stream.next()
    expect(contact).toMatchObject({ type: 'notification', item: { kind: 'contact_request' } })

    // a read mark made elsewhere (another tab) reaches this admin's stream with the new count
    const id = contact.type === 'notification' ? contact.item.id : 0
    await server.request({ method: 'PUT', url: API(notificationsPaths.read(id)), token })
    expect(await stream.next()).toEqual({ type: 'read', ids: [id], all: false, unread: 2 })
    // a reader that goes away stops being served
    expect(busOf(deps)?.listening()).toBe(2)
    stream.close()
    narrow.close()
    await vi.waitFor(() => expect(busOf(deps)?.listening()).toBe(0))
  })

  it('refuses hostile input with 4xx, and strangers with 401', async () => {
    const token = await primary()
    for (const query of [
      '?kind=bogus',
      '?is_read=2',
      '?page=0',
      '?pageSize=100000',
      '?unknown=1',
      '?kind[]=x',
      `?kind=${'x'.repeat(5000)}`,
    ]) {
      const res = await list(token, query)
      expect(res.status, query).toBe(422)
    }
    for (const id of ['abc', '0', '-1', '99999999999', '1.5', "1'--"]) {
      const res = await server.request({ method: 'PUT', url: API(`/admin-panal/notifications/${encodeURIComponent(id)}/read`), token })
      expect(res.status, id).toBeGreaterThanOrEqual(400)
      expect(res.status, id).toBeLessThan(500)
    }
    expect((await server.request({ method: 'PUT', url: API(notificationsPaths.read(12345)), token })).status).toBe(404)
    expect((await list('')).status).toBe(401)
    expect((await server.request({ url: API(notificationsPaths.stream) })).status).toBe(401)
    expect((await server.request({ url: API(notificationsPaths.stream), token: 'not-a-token' })).status).toBe(401)
    expect((await server.request({ method: 'PUT', url: API(notificationsPaths.readAll) })).status).toBe(401)
    // a plain request (not a stream reader) is refused rather than left waiting
    const plain = await server.request({ url: API(notificationsPaths.stream), token, lang: 'en' })
    expect(plain.status).toBe(406)
    expect(plain.json).toMatchObject({ status: false, message: 'This address sends a live stream: ask for text/event-stream.' })
  })
})

const redisUrl = process.env.TEST_REDIS_URL

/** Several instances behind one load balancer (REDIS_URL): a write on one reaches the streams held by another. */
describe.each(redisUrl ? backends : [])('notifications across two instances on one Redis ($name)', (backend) => {
  const server = useTestServer(backend)

  it('a contact message sent to one instance is streamed by the other', async () => {
    const keyPrefix = `test-${randomUUID()}:`
    const clients: Redis[] = [await connectRedis(redisUrl!, { keyPrefix }), await connectRedis(redisUrl!, { keyPrefix })]
    const instances = await Promise.all(clients.map((redis) => server.sibling({ redis })))
    try {
      const [a, b] = await Promise.all(instances.map((app) => app.listen({ port: 0, host: '127.0.0.1' })))
      const token = await server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
      const stream = await openStream(a!, token)
      expect(await stream.next()).toEqual({ type: 'ready', unread: 0 })
      const sent = await fetch(`${b}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Omar', email: 'omar@example.com', subject: 'Hi there', message: 'A question' }),
      })
      expect(sent.status).toBe(201)
      expect(await stream.next()).toMatchObject({ type: 'notification', item: { kind: 'contact_request', values: { name: 'Omar' } } })
      stream.close()
    } finally {
      await Promise.all(instances.map((app) => app.close()))
      await Promise.all(clients.map((redis) => redis.quit()))
    }
  })
})
