import { marketplacesAccess, marketplacesScreens as screens } from '../../contract/marketplaces.routes'
import { GlobeIcon } from '../../ui/icons'
import { menuGroups } from '../shared/menu-groups'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/marketplaces.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

export default defineModule({
  name: 'marketplaces',
  routes: [
    {
      path: screens.patterns.list,
      title: 'marketplaces.title',
      permission: marketplacesAccess.can.view,
      screen: () => import('./list').then((m) => m.MarketplacesListScreen),
    },
    {
      path: screens.patterns.create,
      title: 'marketplaces.createTitle',
      permission: marketplacesAccess.can.create,
      screen: () => import('./form').then((m) => m.MarketplaceFormScreen),
    },
    {
      path: screens.patterns.edit,
      title: 'marketplaces.editTitle',
      permission: marketplacesAccess.can.update,
      screen: () => import('./form').then((m) => m.MarketplaceFormScreen),
    },
  ],
  redirects: [{ from: screens.section, to: screens.list }],
  charts: { taxonomyImport: () => import('../../machines/taxonomy-import').then((m) => m.taxonomyImportMachine) },
  menu: [
    {
      path: screens.list,
      section: screens.section,
      label: 'marketplaces.menu',
      icon: GlobeIcon,
      permission: marketplacesAccess.can.view,
      group: menuGroups.catalog,
      order: 30,
    },
  ],
})
