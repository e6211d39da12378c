import type { ServerModule } from '../lib/context'
import { authModule } from './auth'
import { categoriesModule } from './categories'
import { coreModule } from './core'
import { healthModule } from './health'
import { rolesModule } from './roles'
import { usersModule } from './users'
import { propertiesModule } from './properties'
import { blogsModule } from './blogs'
import { contentsModule } from './contents'
import { contactModule } from './contact'
import { termsConditionsModule } from './terms'
import { supportModule } from './support'
import { uploadsModule } from './uploads'

/**
 * The server's modules, one folder each under `server/modules/`. Adding a module is adding its
 * folder and one line here; app.ts, the seed and the access checks pick it up from this list.
 */
export const modules: readonly ServerModule[] = [
  healthModule,
  authModule,
  usersModule,
  rolesModule,
  coreModule,
  categoriesModule,
  propertiesModule,
  blogsModule,
  contentsModule,
  contactModule,
  termsConditionsModule,
  supportModule,
  uploadsModule,
]
