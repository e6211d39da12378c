import { contactResource, permissionOf } from '../../../src/contract'
import type { ServerModule } from '../../lib/context'
import { contactRoutes } from './routes'
import { contactSeeder } from './seed'

/** Contact: messages of the public contact form (admin list, view marks read, delete; public POST). */
export const contactModule: ServerModule = {
  name: 'contact',
  routes: contactRoutes,
  permissions: [permissionOf(contactResource.module, 'view'), permissionOf(contactResource.module, 'delete')],
  seed: contactSeeder,
}
