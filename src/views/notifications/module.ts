import { notificationsScreens as screens } from '../../contract/notifications.routes'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/notifications.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

export default defineModule({
  name: 'notifications',
  routes: [
    {
      // every admin has its own (the server lists only the kinds its permissions allow)
      path: screens.patterns.list,
      title: 'notifications.title',
      screen: () => import('./list').then((m) => m.NotificationsListScreen),
    },
  ],
  charts: { notifications: () => import('../../machines/notifications').then((m) => m.notificationsMachine) },
  headerItems: [{ key: 'notifications', permission: null, component: () => import('./bell').then((m) => m.NotificationsBell) }],
})
