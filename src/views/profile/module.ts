import { screens } from '../../contract/screens'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/profile.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

/** The admin's own account: its profile and password; reached from the account menu. */
export default defineModule({
  name: 'profile',
  routes: [{ path: screens.profile, title: 'actions.profile', screen: () => import('./profile').then((m) => m.ProfileScreen) }],
  charts: { profile: () => import('../../machines/profile').then((m) => m.profileMachine) },
})
