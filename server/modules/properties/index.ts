import { propertiesResource } from '../../../src/contract'
import type { ServerModule } from '../../lib/context'
import { resourcePermissions } from '../../lib/resource'
import { propertiesRoutes } from './routes'
import { propertiesSeeder } from './seed'

/** Properties: product attributes with their values (list, view, create, edit, toggle, delete). */
export const propertiesModule: ServerModule = {
  name: 'properties',
  routes: propertiesRoutes,
  permissions: resourcePermissions(propertiesResource.module),
  seed: propertiesSeeder,
}
