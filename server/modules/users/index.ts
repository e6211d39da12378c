import type { ServerModule } from '../../lib/context'
import { userAuthRoutes } from './routes'
import { usersSeeder } from './seed'
import { authenticateUser, housekeeping } from './service'

/** End-user (vendor account) identity: register, sign-in, sessions, forgot password. */
export const usersModule: ServerModule = {
  name: 'users',
  routes: userAuthRoutes,
  authenticators: { user: authenticateUser },
  seed: usersSeeder,
  housekeeping,
}
