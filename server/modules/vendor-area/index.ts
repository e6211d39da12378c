import { defineServerModule } from '../../lib/modules'
import { vendorAreaRoutes } from './routes'
import { vendorAccountsSeeder } from './seed'

export default defineServerModule({
  name: 'vendor-area',
  description: "The signed-in vendor's own area: its store, package and limits, payments, subscriptions and their tax invoices.",
  after: ['users', 'vendors', 'subscriptions'],
  routes: vendorAreaRoutes,
  seed: vendorAccountsSeeder,
})
