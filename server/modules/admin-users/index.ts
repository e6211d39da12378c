import { adminUsersAccess } from '../../../src/contract/admin-users.routes'
import { defineServerModule } from '../../lib/modules'
import { adminUsersRoutes } from './routes'

export default defineServerModule({
  name: 'admin-users',
  description:
    "Admin users (`admin-panal/users`, permissions `users:*`): list, create, edit, toggle, delete under the rules on self and on the last primary user; the signed-in admin's profile and password (`admin-panal/setting`).",
  after: ['roles'],
  routes: adminUsersRoutes,
  permissions: adminUsersAccess.all,
})
