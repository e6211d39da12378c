import { paths } from './paths'

export type MenuItem = {
  path: string
  /** Every path under it marks the entry as current. */
  section: string
  label:
    | 'nav.dashboard'
    | 'nav.categories'
    | 'nav.properties'
    | 'nav.blogs'
    | 'nav.contents'
    | 'nav.contact'
    | 'nav.terms'
    | 'nav.shippingIssues'
    | 'nav.companyRequests'
  icon: 'home' | 'folders' | 'tag' | 'file' | 'layers' | 'mail' | 'scale' | 'support'
  permission: string | null
}

/** Admin modules shown in the header; an entry appears only when the admin holds its permission (null: every admin). */
export const adminMenu: readonly MenuItem[] = [
  { path: paths.dashboard, section: paths.dashboard, label: 'nav.dashboard', icon: 'home', permission: null },
  { path: paths.categories.list, section: '/admin-panel/categories', label: 'nav.categories', icon: 'folders', permission: 'categories:view' },
  { path: paths.properties.list, section: '/admin-panel/properties', label: 'nav.properties', icon: 'tag', permission: 'properties:view' },
  { path: paths.blogs.list, section: '/admin-panel/blogs', label: 'nav.blogs', icon: 'file', permission: 'blogs:view' },
  { path: paths.contents.list, section: '/admin-panel/contents', label: 'nav.contents', icon: 'layers', permission: 'contents:view' },
  { path: paths.contact.list, section: '/admin-panel/contact', label: 'nav.contact', icon: 'mail', permission: 'contact:view' },
  { path: paths.support.shippingList, section: paths.support.shippingList, label: 'nav.shippingIssues', icon: 'support', permission: 'support:view' },
  {
    path: paths.support.companyRequestsList,
    section: paths.support.companyRequestsList,
    label: 'nav.companyRequests',
    icon: 'support',
    permission: 'support:view',
  },
  { path: paths.termsConditions, section: paths.termsConditions, label: 'nav.terms', icon: 'scale', permission: 'terms:view' },
]

export const canSee = (item: MenuItem, permissions: readonly string[]) =>
  item.permission === null || permissions.includes('*') || permissions.includes(item.permission)
