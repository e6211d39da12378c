import { defineServerModule } from '../../lib/modules'
import { rolesSeeder } from './seed'

/** The screens for managing roles come later; the auth module reads an admin's permissions from these tables. */
export default defineServerModule({
  name: 'roles',
  description: 'Roles: `module:action` permissions granted to sub admins.',
  after: ['auth'],
  seed: rolesSeeder,
})
