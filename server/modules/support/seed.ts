import { asc, eq } from 'drizzle-orm'
import { admins } from '../auth/schema'
import { shippingCompanyRequests, shippingIssues } from './schema'
import type { Seeder } from '../../lib/context'

const STORES = [
  { id: 101, name: 'متجر الأناقة' },
  { id: 102, name: 'Oud House' },
  { id: 103, name: 'بيت القهوة' },
  { id: 104, name: 'Tech Corner' },
]

const ISSUES = [
  'الشحنة متأخرة أكثر من 5 أيام',
  'Package arrived damaged',
  'رقم التتبع لا يعمل',
  'Customer not reachable at delivery address',
  'تم تسليم الشحنة لعنوان خاطئ',
  'Courier did not pick up the shipment',
  'الشحنة مفقودة',
  'Wrong item weight declared',
]

const COMPANIES = [
  { company: 'أرامكس', phone: '920011111' },
  { company: 'SMSA Express', phone: '920009999' },
  { company: 'سبل', phone: '920005005' },
  { company: 'DHL Express', phone: '800124000' },
  { company: 'J&T Express', phone: '920022345' },
]

/** Demo shipping issues (half resolved) and company requests (two activated); only when there are none. */
export const supportSeeder: Seeder = {
  name: 'support',
  async run({ db, clock, log }) {
    const [anyIssue] = await db.select({ id: shippingIssues.id }).from(shippingIssues).limit(1)
    const [anyRequest] = await db.select({ id: shippingCompanyRequests.id }).from(shippingCompanyRequests).limit(1)
    if (anyIssue && anyRequest) return 0
    const [admin] = await db.select({ id: admins.id }).from(admins).where(eq(admins.userType, 'primary')).orderBy(asc(admins.id)).limit(1)
    const now = clock().getTime()
    const hours = (n: number) => new Date(now - n * 3_600_000)
    let created = 0
    if (!anyIssue) {
      await db.insert(shippingIssues).values(
        ISSUES.map((issue, index) => {
          const store = STORES[index % STORES.length] as (typeof STORES)[number]
          const resolved = index % 2 === 1
          const at = hours(96 - index * 10)
          return {
            shipmentId: `SHP-${20260 + index}`,
            orderId: 5000 + index,
            orderNumber: `ORD-${10450 + index}`,
            trackingNumber: index === 2 ? null : `TRK${7730000 + index * 17}`,
            tenantId: store.id,
            tenantName: store.name,
            issue,
            resolveAt: resolved ? hours(90 - index * 10) : null,
            resolvedBy: resolved ? (admin?.id ?? null) : null,
            createdAt: at,
            updatedAt: at,
          }
        }),
      )
      created += ISSUES.length
    }
    if (!anyRequest) {
      await db.insert(shippingCompanyRequests).values(
        COMPANIES.map((c, index) => {
          const store = STORES[index % STORES.length] as (typeof STORES)[number]
          const activated = index < 2
          const at = hours(72 - index * 12)
          return {
            tenantId: store.id,
            tenantName: store.name,
            companyName: c.company,
            contactPhone: c.phone,
            activatedAt: activated ? hours(70 - index * 12) : null,
            activatedBy: activated ? (admin?.id ?? null) : null,
            createdAt: at,
            updatedAt: at,
          }
        }),
      )
      created += COMPANIES.length
    }
    log.info({ created }, 'demo support items created')
    return created
  },
}
