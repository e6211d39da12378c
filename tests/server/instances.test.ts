import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { connectRedis } from '../../server/lib/redis'
import { subscriptions } from '../../server/modules/subscriptions/schema'
import { vendorPayments } from '../../server/modules/vendors/schema'
import { backends, PASSWORD, useTestServer } from './helpers'
import { BASE, createVendor, recordPayment, seedPackages } from './vendors-fixtures'

/**
 * Several API instances behind one load balancer, on one PostgreSQL and one Redis (REDIS_URL): what
 * one instance counts, the others see. Run when TEST_REDIS_URL and TEST_DATABASE_URL are set (as
 * `.ci/run` does when both servers answer); each run keeps its keys under a prefix of its own.
 */

const redisUrl = process.env.TEST_REDIS_URL
const postgres = backends.find((b) => b.name === 'postgres')

describe('a Redis for shared state', () => {
  it('that does not answer stops the start with a clear message', async () => {
    await expect(connectRedis('redis://127.0.0.1:1')).rejects.toThrow(/Redis at 127\.0\.0\.1:1 does not answer/)
  })
})

describe.each(redisUrl && postgres ? [postgres] : [])('two instances on one $name and one Redis', (backend) => {
  const server = useTestServer(backend)
  let clients: Redis[] = []
  let instances: FastifyInstance[] = []
  let urls: string[] = []

  beforeEach(async () => {
    const keyPrefix = `test-${randomUUID()}:`
    clients = [await connectRedis(redisUrl!, { keyPrefix }), await connectRedis(redisUrl!, { keyPrefix })]
    const rateLimit = { loginMax: 3, failedLoginMax: 5, windowMs: 60_000 }
    instances = await Promise.all(clients.map((redis) => server.sibling({ redis, rateLimit })))
    urls = await Promise.all(instances.map((app) => app.listen({ port: 0, host: '127.0.0.1' })))
  })
  afterEach(async () => {
    await Promise.all(instances.map((app) => app.close()))
    const [first] = clients
    const keys = first ? await first.keys('*') : []
    // the keys come back with the prefix, which the client adds again
    const prefix = (first?.options.keyPrefix as string | undefined) ?? ''
    if (first && keys.length) await first.del(...keys.map((key) => key.slice(prefix.length)))
    await Promise.all(clients.map((redis) => redis.quit()))
  })

  const signIn = (url: string, email: string, password: string) =>
    fetch(`${url}/api/admin-panal/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en' },
      body: JSON.stringify({ email, password }),
    })

  it('a sign-in limit reached through one instance holds on the other', async () => {
    const admin = await server.createAdmin({ userType: 'primary' })
    const [a, b] = urls as [string, string]
    for (const url of [a, b, a]) expect((await signIn(url, admin.email, 'wrong-password-1')).status).toBe(422)
    const refused = await signIn(b, admin.email, PASSWORD)
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many attempts/)
  })

  it('a payment approved through both instances at once is approved once: one subscription, one invoice number', async () => {
    await seedPackages(server)
    const admin = await server.createAdmin({ userType: 'primary' })
    const token = await server.loginAdmin(admin.email)
    const vendor = await createVendor(server, token, 1)
    const payment = (await recordPayment(server, token, vendor.id)).json.result.item as { id: number }
    const approve = (url: string) =>
      fetch(`${url}${BASE}/changeTransactionStatus/${vendor.id}/${payment.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, lang: 'en' },
        body: JSON.stringify({ status: 'Success' }),
      })
    const answers = await Promise.all([...urls, ...urls].map(approve))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409])
    const bought = await server.db.select().from(subscriptions).where(eq(subscriptions.paymentId, payment.id))
    expect(bought).toHaveLength(1)
    expect(bought[0]!.invoiceNumber).toMatch(/-000001$/)
    const [row] = await server.db.select().from(vendorPayments).where(eq(vendorPayments.id, payment.id))
    expect(row!.status).toBe('Success')
  })

  it('failed sign-ins of one address add up across instances, whatever the email (password spraying)', async () => {
    const [a, b] = urls as [string, string]
    for (let i = 0; i < 5; i++) expect((await signIn(i % 2 ? b : a, `nobody${i}@example.com`, 'wrong-password-1')).status).toBe(422)
    expect((await signIn(a, 'someone-else@example.com', 'wrong-password-1')).status).toBe(429)
    expect((await signIn(b, 'another@example.com', 'wrong-password-1')).status).toBe(429)
  })
})
