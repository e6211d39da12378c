/** Every route of the SPA, built in one place (no string URLs scattered in views). */
export const paths = {
  root: '/',
  admin: '/admin-panel',
  signIn: '/admin-panel/sign-in',
  forgetPassword: '/admin-panel/forget-password',
  resetPassword: '/admin-panel/reset-password',
  dashboard: '/admin-panel/dashboard',
  profile: '/admin-panel/profile',
  notFound: '/404',
  categories: {
    list: '/admin-panel/categories/list',
    create: '/admin-panel/categories/create',
    edit: '/admin-panel/categories/edit',
    view: '/admin-panel/categories/view',
  },
  properties: {
    list: '/admin-panel/properties/list',
    create: '/admin-panel/properties/create',
    edit: '/admin-panel/properties/edit',
    view: '/admin-panel/properties/view',
  },
  blogs: {
    list: '/admin-panel/blogs/list',
    create: '/admin-panel/blogs/create',
    edit: '/admin-panel/blogs/edit',
  },
  contents: {
    list: '/admin-panel/contents/list',
    create: '/admin-panel/contents/create',
    edit: '/admin-panel/contents/edit',
  },
  contact: {
    list: '/admin-panel/contact/list',
    view: '/admin-panel/contact/view',
  },
  termsConditions: '/admin-panel/terms-conditions',
  support: {
    shippingList: '/admin-panel/support/shipping-list',
    companyRequestsList: '/admin-panel/support/shipping-company-requests-list',
    view: '/admin-panel/support/view',
  },
} as const

/** Where a guest is sent to sign in, remembering where they were going. */
export function signInWithRedirect(from: string): string {
  if (!from || from === paths.signIn || !from.startsWith(paths.admin)) return paths.signIn
  return `${paths.signIn}?redirect=${encodeURIComponent(from)}`
}

/** Only same-app admin paths are honoured as a redirect target (no open redirect). */
export function safeRedirect(target: string | null): string {
  if (target && target.startsWith(`${paths.admin}/`) && !target.startsWith('//')) return target
  return paths.dashboard
}
