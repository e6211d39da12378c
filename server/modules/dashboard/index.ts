import { dashboardAccess } from '../../../src/contract/dashboard'
import { defineServerModule } from '../../lib/modules'
import { dashboardRoutes } from './routes'

export default defineServerModule({
  name: 'dashboard',
  description:
    'The statistics dashboard: what needs attention now (vendors by status, payments awaiting approval, subscriptions ending, unread requests, open issues), revenue, registrations and subscriptions by package.',
  after: ['vendors', 'subscriptions', 'contact', 'support'],
  routes: dashboardRoutes,
  permissions: dashboardAccess.all,
})
