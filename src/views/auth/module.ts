import { screens } from '../../contract/screens'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/auth.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

/** Signing in and getting back in to the admin panel: for guests only (the vendor's own are the vendor-area module's). */
export default defineModule({
  name: 'auth',
  routes: [
    { path: screens.signIn, access: 'guest', startMessages: true, screen: () => import('./sign-in').then((m) => m.SignInScreen) },
    {
      path: screens.forgetPassword,
      access: 'guest',
      startMessages: true,
      screen: () => import('./forget-password').then((m) => m.ForgetPasswordScreen),
    },
    {
      path: screens.resetPassword,
      access: 'guest',
      startMessages: true,
      screen: () => import('./reset-password').then((m) => m.ResetPasswordScreen),
    },
  ],
  charts: {
    session: () => import('../../machines/session').then((m) => m.sessionMachine),
    forgotPassword: () => import('../../machines/forgot-password').then((m) => m.forgotPasswordMachine),
    resetPassword: () => import('../../machines/reset-password').then((m) => m.resetPasswordMachine),
  },
})
