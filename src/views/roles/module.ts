import { rolesAccess, rolesScreens as screens } from '../../contract/roles.routes'
import { UserIcon } from '../../ui/icons'
import { defineModule, type MenuGroup } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/roles.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

/** The team's header group (the users module declares the same key). */
const teamGroup: MenuGroup = { key: 'team', label: 'users.group', icon: UserIcon, order: 60 }

export default defineModule({
  name: 'roles',
  routes: [
    {
      path: screens.patterns.list,
      title: 'roles.title',
      permission: rolesAccess.can.view,
      screen: () => import('./list').then((m) => m.RolesListScreen),
    },
    {
      path: screens.patterns.create,
      title: 'roles.createTitle',
      permission: rolesAccess.can.create,
      screen: () => import('./form').then((m) => m.RoleFormScreen),
    },
    {
      path: screens.patterns.edit,
      title: 'roles.editTitle',
      permission: rolesAccess.can.update,
      screen: () => import('./form').then((m) => m.RoleFormScreen),
    },
  ],
  redirects: [{ from: screens.section, to: screens.list }],
  menu: [
    {
      path: screens.list,
      section: screens.section,
      label: 'roles.menu',
      icon: UserIcon,
      permission: rolesAccess.can.view,
      group: teamGroup,
      order: 20,
    },
  ],
})
