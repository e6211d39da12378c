import { propertiesAccess } from '../../../src/contract/properties'
import { defineServerModule } from '../../lib/modules'
import { propertiesRoutes } from './routes'
import { propertiesSeeder } from './seed'

export default defineServerModule({
  name: 'properties',
  description: 'Product properties with their values: list, view, create, edit, toggle, delete.',
  routes: propertiesRoutes,
  permissions: propertiesAccess.all,
  seed: propertiesSeeder,
})
