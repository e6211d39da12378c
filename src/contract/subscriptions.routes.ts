import { defineAccess } from './access'
import { defineScreens } from './screens'

// The subscriptions module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
export const subscriptionsResource = { name: 'subscriptions', path: 'admin-panal/subscriptions', module: 'subscriptions' } as const
export const subscriptionsAccess = defineAccess(subscriptionsResource.module, ['view'])
export const subscriptionsScreens = defineScreens('subscriptions', { list: 'list', view: 'view/:id', invoice: 'invoice/:id' })
export const subscriptionsPaths = {
  invoice: (id: number | string) => `${subscriptionsResource.path}/${id}/invoice`,
} as const
