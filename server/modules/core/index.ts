import { defineServerModule } from '../../lib/modules'
import { coreRoutes } from './routes'

export default defineServerModule({
  name: 'core',
  description: 'Shared lists: `core/list/{name}` from the modules that serve them, and the `core/common` constants.',
  routes: coreRoutes,
})
