import { contactAccess } from '../../../src/contract/contact'
import { defineServerModule } from '../../lib/modules'
import { contactRoutes } from './routes'
import { contactSeeder } from './seed'

export default defineServerModule({
  name: 'contact',
  description: 'Messages of the public contact form: the public POST; list, view (marks read) and delete for admins.',
  routes: contactRoutes,
  permissions: contactAccess.all,
  seed: contactSeeder,
})
