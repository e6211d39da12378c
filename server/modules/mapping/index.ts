import { categoriesResource } from '../../../src/contract/categories'
import { propertiesResource } from '../../../src/contract/properties'
import { defineServerModule } from '../../lib/modules'
import { mappingRoutes } from './routes'
import { mappingSeeder } from './seed'
import { refuseDeletingMappedCategory, refuseDeletingMappedProperty } from './service'

export default defineServerModule({
  name: 'mapping',
  description:
    "Mapping marketplaces' taxonomies onto the platform's: `core/mapping/{name}/{id}` (the tree, suggestions, properties) and the category and property mapping writes (permissions of marketplaces: view to read, update to map).",
  after: ['marketplaces', 'categories', 'properties'],
  routes: mappingRoutes,
  seed: mappingSeeder,
  deletionGuards: {
    [categoriesResource.name]: refuseDeletingMappedCategory,
    [propertiesResource.name]: refuseDeletingMappedProperty,
  },
})
