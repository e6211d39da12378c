import type { ServerModule } from '../../lib/context'
import { adminAuthRoutes } from './routes'
import { adminsSeeder } from './seed'
import { authenticateAdmin, housekeeping } from './service'

/** Admin authentication: sign-in, sessions, password reset, language. */
export const authModule: ServerModule = {
  name: 'auth',
  routes: adminAuthRoutes,
  authenticators: { admin: authenticateAdmin },
  seed: adminsSeeder,
  housekeeping,
}
