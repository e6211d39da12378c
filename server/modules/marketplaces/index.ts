import { marketplacesAccess } from '../../../src/contract/marketplaces'
import { defineServerModule } from '../../lib/modules'
import { marketplacesRoutes } from './routes'
import { marketplacesSeeder } from './seed'

export default defineServerModule({
  name: 'marketplaces',
  description: 'Marketplaces the platform links vendors to: list, view, create, edit, toggle, delete.',
  routes: marketplacesRoutes,
  permissions: marketplacesAccess.all,
  demoGrants: [marketplacesAccess.can.view, marketplacesAccess.can.create, marketplacesAccess.can.update],
  seed: marketplacesSeeder,
})
