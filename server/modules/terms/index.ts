import { termsAccess } from '../../../src/contract/terms'
import { defineServerModule } from '../../lib/modules'
import { termsRoutes } from './routes'
import { termsSeeder } from './seed'

export default defineServerModule({
  name: 'terms',
  description: 'Terms and conditions: one record in Arabic and English.',
  routes: termsRoutes,
  permissions: termsAccess.all,
  seed: termsSeeder,
})
