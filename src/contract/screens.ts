/**
 * Addresses of the SPA's screens (spec section 2), built here so no view writes a URL by hand and
 * the server builds its mail links from the same place. A module declares its own screens with
 * `defineScreens` in its contract's `.routes.ts` file (no schemas there: the menus and routes load at start).
 */

const ADMIN_ROOT = '/admin-panel'

export const screens = {
  root: '/',
  admin: ADMIN_ROOT,
  signIn: `${ADMIN_ROOT}/sign-in`,
  forgetPassword: `${ADMIN_ROOT}/forget-password`,
  resetPassword: `${ADMIN_ROOT}/reset-password`,
  /** An end user's (a vendor's) forgot-password screen, and where their reset link leads. */
  userForgetPassword: '/forget-password',
  userResetPassword: '/reset-password',
  /** The vendor's own area (the second root route set: `/` leads to its dashboard). */
  userSignIn: '/sign-in',
  userDashboard: '/dashboard',
  /** Renewing or changing the package (the registration's steps 2 and 3). */
  userRenewal: '/dashboard/renew',
  userInvoice: (id: number | string) => `/dashboard/invoice/${encodeURIComponent(String(id))}`,
  userInvoicePattern: '/dashboard/invoice/:id',
  dashboard: `${ADMIN_ROOT}/dashboard`,
  profile: `${ADMIN_ROOT}/profile`,
  notFound: '/404',
} as const

type Id = number | string
/** A screen with a `:id` in its pattern is addressed with the record's id. */
type Address<P extends string> = P extends `${string}:id${string}` ? (id: Id) => string : string

export type ModuleScreens<S extends Record<string, string>> = {
  /** `/admin-panel/<segment>`: every screen of the module lies under it. */
  section: string
  /** Route patterns (`/admin-panel/categories/edit/:id`). */
  patterns: { readonly [K in keyof S]: string }
} & { readonly [K in keyof S]: Address<S[K]> }

/**
 * The screens of a module under `/admin-panel/<segment>`: `defineScreens('categories', { list:
 * 'list', edit: 'edit/:id' })` gives `.list` (`/admin-panel/categories/list`), `.edit(7)` and the
 * route patterns. An empty screen path is the section itself.
 */
export function defineScreens<const S extends Record<string, string>>(segment: string, screenPaths: S): ModuleScreens<S> {
  const section = `${ADMIN_ROOT}/${segment}`
  const patterns = {} as Record<string, string>
  const out: Record<string, unknown> = { section, patterns }
  for (const [key, path] of Object.entries(screenPaths)) {
    const pattern = path ? `${section}/${path}` : section
    patterns[key] = pattern
    out[key] = pattern.includes(':id') ? (id: Id) => pattern.replace(':id', encodeURIComponent(String(id))) : pattern
  }
  return out as ModuleScreens<S>
}

/** Where a guest is sent to sign in, remembering where they were going. */
export function signInWithRedirect(from: string): string {
  if (!from || from === screens.signIn || !from.startsWith(ADMIN_ROOT)) return screens.signIn
  return `${screens.signIn}?redirect=${encodeURIComponent(from)}`
}

/** Only same-app admin paths are honoured as a redirect target (no open redirect). */
export function safeRedirect(target: string | null): string {
  if (target && target.startsWith(`${ADMIN_ROOT}/`) && !target.startsWith('//')) return target
  return screens.dashboard
}
