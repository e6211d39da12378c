import { packageOptionsQuery, packagesAccess } from '../../../src/contract/packages'
import { defineServerModule } from '../../lib/modules'
import { packagesRoutes } from './routes'
import { packagesSeeder } from './seed'
import { packageOptions } from './service'

export default defineServerModule({
  name: 'subscription-packages',
  description:
    'Subscription packages: list, create, edit, toggle, reorder, delete; their general settings (VAT, trial days, invoices, seller, bank accounts); `core/list/subscription-packages`.',
  routes: packagesRoutes,
  permissions: packagesAccess.all,
  lists: {
    'subscription-packages': {
      permissions: [
        ...packagesAccess.all,
        'coupons:view',
        'coupons:create',
        'coupons:update',
        'vendors:view',
        'vendors:create',
        'vendors:update',
        'reports:view',
      ],
      query: packageOptionsQuery,
      load: (deps, lang, filters) => packageOptions(deps, lang, filters),
    },
  },
  seed: packagesSeeder,
})
