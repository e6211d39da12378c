import { marketplaceOptionsQuery, marketplacesAccess } from '../../../src/contract/marketplaces'
import { vendorsAccess } from '../../../src/contract/vendors.routes'
import { defineServerModule } from '../../lib/modules'
import { marketplacesRoutes } from './routes'
import { marketplacesSeeder } from './seed'
import { marketplaceOptions } from './service'

export default defineServerModule({
  name: 'marketplaces',
  description:
    'Marketplaces the platform links vendors to: list, view, create, edit, toggle, delete (refused while vendors sell on it); `core/list/marketplaces`.',
  routes: marketplacesRoutes,
  permissions: marketplacesAccess.all,
  demoGrants: [marketplacesAccess.can.view, marketplacesAccess.can.create, marketplacesAccess.can.update],
  seed: marketplacesSeeder,
  lists: {
    // the vendors list's filter and the vendor form's choice
    marketplaces: {
      permissions: [...marketplacesAccess.all, vendorsAccess.can.view, vendorsAccess.can.create, vendorsAccess.can.update],
      query: marketplaceOptionsQuery,
      load: (deps, lang, filters) => marketplaceOptions(deps.db, lang, filters),
    },
  },
})
