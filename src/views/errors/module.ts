import { screens } from '../../contract/screens'
import { defineModule } from '../shared/screen-module'

/** The 404 page, for anyone; every unknown address leads here. */
export default defineModule({
  name: 'errors',
  routes: [
    { path: screens.notFound, access: 'public', startMessages: true, screen: () => import('./not-found').then((m) => m.NotFoundScreen) },
  ],
})
