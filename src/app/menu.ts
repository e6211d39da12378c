import { hasPermission } from '../contract/access'
import type { MenuGroup, MenuItem, ScreenModule } from '../views/shared/screen-module'
import { screenModules } from './modules'

export type MenuGroupEntry = MenuGroup & { items: readonly MenuItem[] }
export type MenuEntry = MenuItem | MenuGroupEntry

export const isGroup = (entry: MenuEntry): entry is MenuGroupEntry => 'items' in entry

/**
 * The admin header from the modules' menu entries: entries of a group gathered under it, groups
 * and lone entries side by side, each in its `order`.
 */
function buildMenu(modules: readonly ScreenModule[]): MenuEntry[] {
  const groups = new Map<string, MenuGroupEntry>()
  const entries: MenuEntry[] = []
  for (const item of modules.flatMap((m) => m.menu ?? [])) {
    if (!item.group) {
      entries.push(item)
      continue
    }
    const existing = groups.get(item.group.key)
    if (existing) groups.set(item.group.key, { ...existing, items: [...existing.items, item] })
    else groups.set(item.group.key, { ...item.group, items: [item] })
  }
  const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order
  return [...entries, ...[...groups.values()].map((g) => ({ ...g, items: [...g.items].sort(byOrder) }))].sort(byOrder)
}

export const adminMenu: readonly MenuEntry[] = buildMenu(screenModules)

const canSee = (item: MenuItem, permissions: readonly string[]) => item.permission === null || hasPermission(permissions, item.permission)

/** The menu as this admin sees it: items without permission dropped, groups left empty dropped. */
export const visibleMenu = (permissions: readonly string[], menu: readonly MenuEntry[] = adminMenu): MenuEntry[] =>
  menu.flatMap((entry): MenuEntry[] => {
    if (!isGroup(entry)) return canSee(entry, permissions) ? [entry] : []
    const items = entry.items.filter((item) => canSee(item, permissions))
    return items.length ? [{ ...entry, items }] : []
  })

const under = (pathname: string, section: string) => pathname === section || pathname.startsWith(`${section}/`)

/** The item is the current page or one of its screens. */
export const isCurrent = (item: MenuItem, pathname: string) => under(pathname, item.section)

export const isGroupCurrent = (group: MenuGroupEntry, pathname: string) =>
  group.items.some((item) => isCurrent(item, pathname) || (item.area !== undefined && under(pathname, item.area)))
