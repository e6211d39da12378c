import { packagesResource } from '../../../src/contract/packages'
import { subscriptionsAccess } from '../../../src/contract/subscriptions'
import { defineServerModule } from '../../lib/modules'
import { paymentApproved } from '../vendors/events'
import { subscriptionsRoutes } from './routes'
import { subscriptionsSeeder } from './seed'
import { activateSubscription, refuseDeletingSubscribedPackage } from './service'

export default defineServerModule({
  name: 'subscriptions',
  description: "Vendors' subscriptions to packages, made when a payment succeeds, and their tax invoices.",
  after: ['vendors', 'subscription-packages', 'coupons'],
  routes: subscriptionsRoutes,
  seed: subscriptionsSeeder,
  permissions: subscriptionsAccess.all,
  deletionGuards: { [packagesResource.name]: refuseDeletingSubscribedPackage },
  reactions: [paymentApproved.on((tx, approved) => activateSubscription(tx, approved))],
})
