import { contentsAccess } from '../../../src/contract/contents'
import { defineServerModule } from '../../lib/modules'
import { contentsRoutes } from './routes'
import { contentsSeeder } from './seed'

export default defineServerModule({
  name: 'contents',
  description: 'Content pages: list, view, create, edit, toggle, delete; rich bodies sanitised on save.',
  routes: contentsRoutes,
  permissions: contentsAccess.all,
  demoGrants: [contentsAccess.can.view, contentsAccess.can.create, contentsAccess.can.update],
  seed: contentsSeeder,
})
