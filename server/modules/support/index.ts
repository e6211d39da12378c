import { permissionOf, supportActionNames, supportModule as supportPermissionModule } from '../../../src/contract'
import type { ServerModule } from '../../lib/context'
import { supportRoutes } from './routes'
import { supportSeeder } from './seed'

/** Support: shipping issues (resolve) and shipping company requests (activate), through the supportItem chart. */
export const supportModule: ServerModule = {
  name: 'support',
  routes: supportRoutes,
  permissions: [permissionOf(supportPermissionModule, 'view'), ...supportActionNames.map((a) => permissionOf(supportPermissionModule, a))],
  seed: supportSeeder,
}
