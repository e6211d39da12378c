import { paths } from './paths'

export type MenuIcon = 'home' | 'folders' | 'tag' | 'file' | 'layers' | 'mail' | 'scale' | 'support'

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
  icon: MenuIcon
  permission: string | null
}

/** Modules that belong together share one header entry (a menu of their screens). */
export type MenuGroup = {
  group: 'catalog' | 'content' | 'support'
  label: 'nav.groups.catalog' | 'nav.groups.content' | 'nav.groups.support'
  icon: MenuIcon
  items: readonly MenuItem[]
  /** Screens under it that no item names (e.g. a record's view) also mark the group as current. */
  section?: string
}

export type MenuEntry = MenuItem | MenuGroup

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'group' in entry

/** The admin header: an entry appears only when the admin holds its permission (null: every admin). */
export const adminMenu: readonly MenuEntry[] = [
  { path: paths.dashboard, section: paths.dashboard, label: 'nav.dashboard', icon: 'home', permission: null },
  {
    group: 'catalog',
    label: 'nav.groups.catalog',
    icon: 'folders',
    items: [
      { path: paths.categories.list, section: '/admin-panel/categories', label: 'nav.categories', icon: 'folders', permission: 'categories:view' },
      { path: paths.properties.list, section: '/admin-panel/properties', label: 'nav.properties', icon: 'tag', permission: 'properties:view' },
    ],
  },
  {
    group: 'content',
    label: 'nav.groups.content',
    icon: 'file',
    items: [
      { path: paths.blogs.list, section: '/admin-panel/blogs', label: 'nav.blogs', icon: 'file', permission: 'blogs:view' },
      { path: paths.contents.list, section: '/admin-panel/contents', label: 'nav.contents', icon: 'layers', permission: 'contents:view' },
      { path: paths.termsConditions, section: paths.termsConditions, label: 'nav.terms', icon: 'scale', permission: 'terms:view' },
    ],
  },
  {
    group: 'support',
    label: 'nav.groups.support',
    icon: 'support',
    section: '/admin-panel/support',
    items: [
      { path: paths.support.shippingList, section: paths.support.shippingList, label: 'nav.shippingIssues', icon: 'support', permission: 'support:view' },
      {
        path: paths.support.companyRequestsList,
        section: paths.support.companyRequestsList,
        label: 'nav.companyRequests',
        icon: 'support',
        permission: 'support:view',
      },
      { path: paths.contact.list, section: '/admin-panel/contact', label: 'nav.contact', icon: 'mail', permission: 'contact:view' },
    ],
  },
]

export const canSee = (item: MenuItem, permissions: readonly string[]) =>
  item.permission === null || permissions.includes('*') || permissions.includes(item.permission)

/** The menu as this admin sees it: items without permission dropped, groups left empty dropped. */
export const visibleMenu = (permissions: readonly string[], menu: readonly MenuEntry[] = adminMenu): MenuEntry[] =>
  menu.flatMap((entry): MenuEntry[] => {
    if (!isGroup(entry)) return canSee(entry, permissions) ? [entry] : []
    const items = entry.items.filter((item) => canSee(item, permissions))
    return items.length ? [{ ...entry, items }] : []
  })

/** The item is the current page or one of its screens. */
export const isCurrent = (item: MenuItem, pathname: string) => pathname === item.section || pathname.startsWith(`${item.section}/`)

export const isGroupCurrent = (group: MenuGroup, pathname: string) =>
  group.items.some((item) => isCurrent(item, pathname)) || Boolean(group.section && pathname.startsWith(`${group.section}/`))
