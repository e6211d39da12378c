import { supportAccess } from '../../../src/contract/support'
import { defineServerModule } from '../../lib/modules'
import { supportRoutes } from './routes'
import { supportSeeder } from './seed'

export default defineServerModule({
  name: 'support',
  description: 'Shipping issues (resolve) and shipping company requests (activate), by the shared rule of domain/support.',
  after: ['auth'],
  routes: supportRoutes,
  permissions: supportAccess.all,
  seed: supportSeeder,
})
