import { paymentsAccess, vendorsAccess } from '../../../src/contract/vendors'
import { defineServerModule } from '../../lib/modules'
import { vendorsRoutes } from './routes'
import { vendorsSeeder } from './seed'

export default defineServerModule({
  name: 'vendors',
  description: 'Vendors (venders): list with filters and CSV export, create, edit, view; their payments and the paymentStatus rules.',
  after: ['auth', 'users', 'subscription-packages', 'marketplaces'],
  routes: vendorsRoutes,
  permissions: [...vendorsAccess.all, ...paymentsAccess.all],
  seed: vendorsSeeder,
})
