import type { ServerModule } from '../lib/context'
import { authModule } from './auth'
import { categoriesModule } from './categories'
import { coreModule } from './core'
import { healthModule } from './health'
import { rolesModule } from './roles'
import { usersModule } from './users'

/**
 * The server's modules, one folder each under `server/modules/`. Adding a module is adding its
 * folder and one line here; app.ts, the seed and the access checks pick it up from this list.
 */
export const modules: readonly ServerModule[] = [healthModule, authModule, usersModule, rolesModule, coreModule, categoriesModule]
