import { settingsAccess } from '../../../src/contract/settings'
import { defineServerModule } from '../../lib/modules'
import { settingsRoutes } from './routes'

export default defineServerModule({
  name: 'settings',
  description:
    "The platform's settings: site names and logo, contact addresses and hours, social links, the default language of new admins, the mail sender and the public contact form.",
  routes: settingsRoutes,
  permissions: settingsAccess.all,
})
