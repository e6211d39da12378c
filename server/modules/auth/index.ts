import { defineServerModule } from '../../lib/modules'
import { adminAuthRoutes } from './routes'
import { adminsSeeder } from './seed'
import { authenticateAdmin, housekeeping } from './service'

export default defineServerModule({
  name: 'auth',
  description: 'Admin authentication: sign in, sessions, password reset, language.',
  routes: adminAuthRoutes,
  authenticators: { admin: authenticateAdmin },
  seed: adminsSeeder,
  housekeeping,
})
