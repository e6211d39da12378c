import { reportOptionsQuery, reportsAccess } from '../../../src/contract/reports'
import { defineServerModule } from '../../lib/modules'
import { reportsRoutes } from './routes'
import { reportsSeeder } from './seed'
import { couponOptions, partnerOptions } from './service'

export default defineServerModule({
  name: 'reports',
  description: 'Reports over a period: partners (referred vendors, their payments, commission, payouts, balances) and coupons (uses, discount, revenue).',
  after: ['partners', 'subscriptions', 'coupons'],
  routes: reportsRoutes,
  permissions: reportsAccess.all,
  seed: reportsSeeder,
  lists: {
    'report-partners': { permissions: reportsAccess.all, query: reportOptionsQuery, load: (deps) => partnerOptions(deps.db) },
    'report-coupons': { permissions: reportsAccess.all, query: reportOptionsQuery, load: (deps) => couponOptions(deps.db) },
  },
  demoGrants: [reportsAccess.can.view],
})
