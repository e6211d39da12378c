import { paths } from './paths'

type MenuItem = { path: string; label: 'nav.dashboard'; permission: string | null }

/** Admin modules shown in the header; an entry appears only when the admin holds its permission (null: every admin). */
export const adminMenu: readonly MenuItem[] = [{ path: paths.dashboard, label: 'nav.dashboard', permission: null }]

export const canSee = (item: MenuItem, permissions: readonly string[]) =>
  item.permission === null || permissions.includes('*') || permissions.includes(item.permission)
