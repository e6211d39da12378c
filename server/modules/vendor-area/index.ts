import { defineServerModule } from '../../lib/modules'
import { renewalRoutes } from './renewal-routes'
import { vendorAreaRoutes } from './routes'
import { vendorAccountsSeeder } from './seed'

export default defineServerModule({
  name: 'vendor-area',
  description:
    "The signed-in vendor's own area: its store, package and limits, payments, subscriptions and their tax invoices, and renewing or changing its package.",
  after: ['users', 'vendors', 'subscriptions', 'registration'],
  routes: async (app) => {
    await app.register(vendorAreaRoutes)
    await app.register(renewalRoutes())
  },
  seed: vendorAccountsSeeder,
})
