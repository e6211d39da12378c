import { FileTextIcon, FolderTreeIcon, LifebuoyIcon } from '../../ui/icons'
import type { MenuGroup } from './screen-module'

/** Header groups modules share; a module may declare a group of its own the same way. */
export const menuGroups = {
  catalog: { key: 'catalog', label: 'nav.groups.catalog', icon: FolderTreeIcon, order: 30 },
  content: { key: 'content', label: 'nav.groups.content', icon: FileTextIcon, order: 40 },
  support: { key: 'support', label: 'nav.groups.support', icon: LifebuoyIcon, order: 50 },
} as const satisfies Record<string, MenuGroup>
