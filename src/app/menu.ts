import { paths } from './paths'

export type MenuItem = {
  path: string
  /** Every path under it marks the entry as current. */
  section: string
  label: 'nav.dashboard' | 'nav.categories'
  icon: 'home' | 'folders'
  permission: string | null
}

/** Admin modules shown in the header; an entry appears only when the admin holds its permission (null: every admin). */
export const adminMenu: readonly MenuItem[] = [
  { path: paths.dashboard, section: paths.dashboard, label: 'nav.dashboard', icon: 'home', permission: null },
  { path: paths.categories.list, section: '/admin-panel/categories', label: 'nav.categories', icon: 'folders', permission: 'categories:view' },
]

export const canSee = (item: MenuItem, permissions: readonly string[]) =>
  item.permission === null || permissions.includes('*') || permissions.includes(item.permission)
