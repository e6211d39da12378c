import type messages from '../../i18n/locales/ar/registration.json'
import { defineModule } from '../shared/screen-module'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

/** Where a visitor registers as a vendor. */
export const registrationScreen = '/register/vender'

/** The public vendor self-registration wizard (issue 11): for guests, Arabic first. */
export default defineModule({
  name: 'registration',
  routes: [
    {
      path: registrationScreen,
      access: 'guest',
      wide: true,
      standalone: true,
      messages: ['registration'],
      screen: () => import('./wizard').then((m) => m.RegistrationScreen),
    },
  ],
  charts: {
    registration: () => import('../../machines/registration').then((m) => m.registrationMachine),
  },
})
