import { defineServerModule } from '../../lib/modules'
import { userAuthRoutes } from './routes'
import { usersSeeder } from './seed'
import { authenticateUser, housekeeping } from './service'

export default defineServerModule({
  name: 'users',
  description: 'End-user (vendor account) identity: register, sign in, sessions, forgot password.',
  routes: userAuthRoutes,
  authenticators: { user: authenticateUser },
  seed: usersSeeder,
  housekeeping,
})
