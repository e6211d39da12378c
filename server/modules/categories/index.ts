import { categoriesAccess, categoryOptionsQuery } from '../../../src/contract/categories'
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
      permissions: categoriesAccess.all,
      query: categoryOptionsQuery,
      load: (deps, lang, filters) => categoryOptions(deps, lang, filters),
    },
  },
  seed: categoriesSeeder,
})
