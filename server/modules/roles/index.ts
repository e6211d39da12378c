import type { ServerModule } from '../../lib/context'
import { rolesSeeder } from './seed'

/**
 * Roles: `module:action` permissions granted to sub admins (the tables and the demo role; the
 * screens for managing roles come later). The permissions are read by the auth module.
 */
export const rolesModule: ServerModule = {
  name: 'roles',
  seed: rolesSeeder,
}
