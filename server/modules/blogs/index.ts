import { blogsResource } from '../../../src/contract'
import type { ServerModule } from '../../lib/context'
import { resourcePermissions } from '../../lib/resource'
import { blogsRoutes } from './routes'
import { blogsSeeder } from './seed'

/** Blogs: list, view, create, edit, toggle, delete; rich bodies sanitised on save. */
export const blogsModule: ServerModule = {
  name: 'blogs',
  routes: blogsRoutes,
  permissions: resourcePermissions(blogsResource.module),
  seed: blogsSeeder,
}
