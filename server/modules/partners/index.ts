import { partnersAccess } from '../../../src/contract/partners'
import { defineServerModule } from '../../lib/modules'
import { paymentApproved } from '../vendors/events'
import { partnersRoutes } from './routes'
import { partnersSeeder } from './seed'
import { creditReferrer } from './wallet'

export default defineServerModule({
  name: 'partners',
  description:
    'Referral partners: list with filters and CSV export, create, edit, view; the vendors they referred, their wallet (credits from referred payments, payouts) and payouts.',
  after: ['vendors', 'subscriptions', 'referral-code-groups'],
  routes: partnersRoutes,
  permissions: partnersAccess.all,
  seed: partnersSeeder,
  demoGrants: [partnersAccess.can.view, partnersAccess.can.export],
  reactions: [paymentApproved.on((tx, approved) => creditReferrer(tx, approved))],
})
