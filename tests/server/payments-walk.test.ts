import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { paymentStatuses, type PaymentStatus } from '../../src/contract/payments'
import { canChangePayment } from '../../src/domain/payments'
import { auditLog } from '../../server/db/tables'
import { vendorPayments, vendors } from '../../server/modules/vendors/schema'
import { backends, useTestServer } from './helpers'
import { BASE, createVendor, newKey, recordPayment, seedPackages } from './vendors-fixtures'

/**
 * The paymentStatus table walked through the real server: from every status to every status, exactly
 * the table's changes succeed and every other one is refused with 409; then the races (on PostgreSQL
 * when TEST_DATABASE_URL is set): two approvals of one payment, one key sent twice at once.
 */
describe.each(backends)('payment status changes on $name', (backend) => {
  const server = useTestServer(backend)
  beforeEach(() => seedPackages(server))
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)

  it('succeed for exactly the pairs of the shared table', async () => {
    const token = await primary()
    const vendor = await createVendor(server, token, 1)
    const payment = (await recordPayment(server, token, vendor.id)).json.result.item as { id: number }
    const outcomes: string[] = []
    const expected: string[] = []
    for (const from of paymentStatuses) {
      for (const to of paymentStatuses) {
        await server.db
          .update(vendorPayments)
          .set({ status: from, reason: from === 'Rejected' ? 'earlier reason' : null })
          .where(eq(vendorPayments.id, payment.id))
        await server.db.update(vendors).set({ status: 'pending' }).where(eq(vendors.id, vendor.id))
        const res = await server.request({
          url: `${BASE}/changeTransactionStatus/${vendor.id}/${payment.id}`,
          token,
          lang: 'en',
          body: to === 'Rejected' ? { status: to, reason: 'Unreadable receipt' } : { status: to },
        })
        expect([200, 409], `${from} -> ${to}: ${res.text}`).toContain(res.status)
        const [row] = await server.db.select().from(vendorPayments).where(eq(vendorPayments.id, payment.id))
        const [owner] = await server.db.select().from(vendors).where(eq(vendors.id, vendor.id))
        if (res.status === 200) {
          outcomes.push(`${from} -> ${to}`)
          expect(row?.status).toBe(to)
          expect(owner?.status, `${from} -> ${to}`).toBe(to === 'Success' ? 'active' : 'pending')
        } else {
          expect(row?.status).toBe(from)
          expect(owner?.status).toBe('pending')
          expect(res.json.message).toBe(`This payment cannot change from ${statusName(from)} to ${statusName(to)}.`)
        }
        if (canChangePayment(from, to)) expected.push(`${from} -> ${to}`)
      }
    }
    expect(outcomes).toEqual(expected)
    expect(outcomes).toEqual(['DUE_PAYMENT -> Pending', 'Pending -> Success', 'Pending -> Rejected', 'Rejected -> Pending'])
  })

  it('two admins approving the same payment at once: one approval, one audit row', async () => {
    const first = await primary()
    const second = await server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
    const vendor = await createVendor(server, first, 1)
    const payment = (await recordPayment(server, first, vendor.id)).json.result.item as { id: number }
    const url = `${BASE}/changeTransactionStatus/${vendor.id}/${payment.id}`
    const answers = await Promise.all(
      [first, second, first, second].map((token) => server.request({ url, token, body: { status: 'Success' } })),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409])
    const audits = await server.db.select().from(auditLog).where(eq(auditLog.action, 'changeStatus'))
    expect(audits).toHaveLength(1)
    const [owner] = await server.db.select().from(vendors).where(eq(vendors.id, vendor.id))
    expect(owner?.status).toBe('active')
  })

  it('the same Idempotency-Key sent twice at once: one payment, both answers name it', async () => {
    const token = await primary()
    const vendor = await createVendor(server, token, 1)
    const key = newKey()
    const answers = await Promise.all([1, 2, 3].map(() => recordPayment(server, token, vendor.id, { key })))
    for (const answer of answers) expect([200, 201]).toContain(answer.status)
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    const ids = new Set(answers.map((a) => (a.json.result.item as { id: number }).id))
    expect(ids.size).toBe(1)
    expect(await server.db.select().from(vendorPayments)).toHaveLength(1)
  })
})

const names: Record<PaymentStatus, string> = { DUE_PAYMENT: 'Due payment', Pending: 'Pending', Success: 'Success', Rejected: 'Rejected' }
const statusName = (status: PaymentStatus) => names[status]
