import { roleOptionsQuery, rolesAccess } from '../../../src/contract/roles'
import { adminUsersAccess } from '../../../src/contract/admin-users.routes'
import { defineServerModule } from '../../lib/modules'
import { rolesRoutes } from './routes'
import { rolesSeeder } from './seed'
import { declaredPermissions, roleOptions } from './service'

/** Roles and which admins hold them; `auth/service.ts` reads an admin's permissions from these tables. */
export default defineServerModule({
  name: 'roles',
  description: 'Roles: `module:action` permissions granted to sub admins; the list of every permission the modules declare.',
  after: ['auth'],
  routes: rolesRoutes,
  permissions: rolesAccess.all,
  lists: {
    roles: {
      permissions: [...rolesAccess.all, ...adminUsersAccess.all],
      query: roleOptionsQuery,
      load: (deps, lang) => roleOptions(deps, lang),
    },
    /** Every `module:action` a role may grant (the roles screen's matrix is built from it). */
    permissions: {
      permissions: rolesAccess.all,
      query: roleOptionsQuery,
      load: async () =>
        (await declaredPermissions()).flatMap((m) => m.actions.map((a) => ({ id: `${m.module}:${a}`, name: `${m.module}:${a}` }))),
    },
  },
  seed: rolesSeeder,
})
