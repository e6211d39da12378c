import { permissionOf, termsModule } from '../../../src/contract'
import type { ServerModule } from '../../lib/context'
import { termsRoutes } from './routes'
import { termsSeeder } from './seed'

/** Terms and conditions: one record in ar and en (`terms:view`, `terms:update`). */
export const termsConditionsModule: ServerModule = {
  name: 'terms',
  routes: termsRoutes,
  permissions: [permissionOf(termsModule, 'view'), permissionOf(termsModule, 'update')],
  seed: termsSeeder,
}
