import { categoriesResource, categoryOptionsQuery } from '../../../src/contract'
import type { ServerModule } from '../../lib/context'
import { resourcePermissions } from '../../lib/resource'
import { categoriesRoutes } from './routes'
import { categoriesSeeder } from './seed'
import { categoryOptions } from './service'

/** Categories: the platform's category tree (list, view, create, edit, toggle, delete; `core/list/categories`). */
export const categoriesModule: ServerModule = {
  name: 'categories',
  routes: categoriesRoutes,
  permissions: resourcePermissions(categoriesResource.module),
  lists: { categories: { query: categoryOptionsQuery, load: (deps, lang, filters) => categoryOptions(deps, lang, filters) } },
  seed: categoriesSeeder,
}
