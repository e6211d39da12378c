import type { ServerModule } from '../../lib/context'
import { coreRoutes } from './routes'

/** Shared lists: `core/list/{name}` from the modules' list providers, and the `core/common` constants. */
export const coreModule: ServerModule = {
  name: 'core',
  routes: coreRoutes,
}
