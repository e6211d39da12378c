import { screens } from '../../contract/screens'
import { defineModule } from '../shared/screen-module'

/** The admin's own account; reached from the account menu. */
export default defineModule({
  name: 'profile',
  routes: [{ path: screens.profile, title: 'actions.profile', screen: () => import('./profile').then((m) => m.ProfileScreen) }],
})
