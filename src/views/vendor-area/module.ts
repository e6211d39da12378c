import { screens } from '../../contract/screens'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/vendor-area.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

/**
 * The vendor's own area (issue 11; the spec's second root route set, `/` leading to `/dashboard`):
 * its sign-in and way back in (the admin's screens and charts on the end-user identity), and its
 * read-only dashboard with the invoices to print, and the renewal (the registration chart's steps 2 and 3).
 */
export default defineModule({
  name: 'vendor-area',
  routes: [
    {
      path: screens.userSignIn,
      access: 'vendorGuest',
      startMessages: true,
      screen: () => import('../auth/sign-in').then((m) => m.UserSignInScreen),
    },
    {
      path: screens.userForgetPassword,
      access: 'vendorGuest',
      startMessages: true,
      screen: () => import('../auth/forget-password').then((m) => m.UserForgetPasswordScreen),
    },
    {
      path: screens.userResetPassword,
      access: 'vendorGuest',
      startMessages: true,
      screen: () => import('../auth/reset-password').then((m) => m.UserResetPasswordScreen),
    },
    { path: screens.userDashboard, access: 'vendor', screen: () => import('./dashboard').then((m) => m.VendorDashboardScreen) },
    { path: screens.userRenewal, access: 'vendor', screen: () => import('./renew').then((m) => m.VendorRenewalScreen) },
    { path: screens.userInvoicePattern, access: 'vendor', screen: () => import('./invoice').then((m) => m.VendorInvoiceScreen) },
  ],
  charts: { vendorDashboard: () => import('../../machines/vendor-dashboard').then((m) => m.vendorDashboardMachine) },
})
