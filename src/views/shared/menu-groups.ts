import { FileTextIcon, FolderTreeIcon, LifebuoyIcon, ScaleIcon, UserIcon } from '../../ui/icons'
import type { MenuGroup } from './screen-module'

/** Header groups modules share; a module may declare a group of its own the same way. */
export const menuGroups = {
  catalog: { key: 'catalog', label: 'nav.groups.catalog', icon: FolderTreeIcon, order: 30 },
  content: { key: 'content', label: 'nav.groups.content', icon: FileTextIcon, order: 40 },
  support: { key: 'support', label: 'nav.groups.support', icon: LifebuoyIcon, order: 50 },
} as const satisfies Record<string, MenuGroup>

/** Referral partners and the referral code groups. */
export const partnersGroup: MenuGroup = { key: 'partners', label: 'partners.group', icon: UserIcon, order: 25 }
/** The reports (partners, coupons). */
export const reportsGroup: MenuGroup = { key: 'reports', label: 'reports.group', icon: ScaleIcon, order: 45 }
