import { categoriesAccess, categoryOptionsQuery } from '../../../src/contract/categories'
import { adminUsersAccess } from '../../../src/contract/admin-users.routes'
import { defineServerModule } from '../../lib/modules'
import { categoriesRoutes } from './routes'
import { categoriesSeeder } from './seed'
import { categoryOptions } from './service'

export default defineServerModule({
  name: 'categories',
  description: "The platform's category tree: list, view, create, edit, toggle, delete; `core/list/categories`.",
  routes: categoriesRoutes,
  permissions: categoriesAccess.all,
  demoGrants: [categoriesAccess.can.view, categoriesAccess.can.create, categoriesAccess.can.update],
  lists: {
    categories: {
      // and the admin users screen that picks an admin's categories
      permissions: [...categoriesAccess.all, adminUsersAccess.can.update],
      query: categoryOptionsQuery,
      load: (deps, lang, filters, admin) => categoryOptions(deps, lang, filters, admin),
    },
  },
  seed: categoriesSeeder,
})
