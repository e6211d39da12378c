import { contentsResource } from '../../../src/contract'
import type { ServerModule } from '../../lib/context'
import { resourcePermissions } from '../../lib/resource'
import { contentsRoutes } from './routes'
import { contentsSeeder } from './seed'

/** Contents: list, view, create, edit, toggle, delete; rich bodies sanitised on save. */
export const contentsModule: ServerModule = {
  name: 'contents',
  routes: contentsRoutes,
  permissions: resourcePermissions(contentsResource.module),
  seed: contentsSeeder,
}
