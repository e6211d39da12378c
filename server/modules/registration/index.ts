import { defineServerModule } from '../../lib/modules'
import { registrationRoutes } from './routes'
import { housekeeping } from './service'

export default defineServerModule({
  name: 'registration',
  description:
    'The public vendor self-registration wizard: a draft per visitor, one validated step at a time (store, package, payment through the gateway or a bank transfer receipt), then one completion that creates the account, the vendor and its payment.',
  routes: registrationRoutes(),
  housekeeping,
})
