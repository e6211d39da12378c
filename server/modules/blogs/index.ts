import { blogsAccess } from '../../../src/contract/blogs'
import { defineServerModule } from '../../lib/modules'
import { blogsRoutes } from './routes'
import { blogsSeeder } from './seed'

export default defineServerModule({
  name: 'blogs',
  description: 'Blog posts: list, view, create, edit, toggle, delete; rich bodies sanitised on save.',
  routes: blogsRoutes,
  permissions: blogsAccess.all,
  demoGrants: [blogsAccess.can.view, blogsAccess.can.create, blogsAccess.can.update],
  seed: blogsSeeder,
})
