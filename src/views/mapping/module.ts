import { mappingScreens as screens } from '../../contract/mapping.routes'
import { marketplacesAccess } from '../../contract/marketplaces.routes'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/mapping.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

/** Mapping a marketplace's taxonomy onto the platform's (issue 12); reached from the marketplaces list. */
export default defineModule({
  name: 'mapping',
  routes: [
    {
      path: screens.patterns.categories,
      title: 'mapping.categories.title',
      permission: marketplacesAccess.can.view,
      screen: () => import('./categories').then((m) => m.CategoryMappingScreen),
    },
  ],
  charts: {
    mapping: () => import('../../machines/mapping').then((m) => m.mappingMachine),
    mappingTree: () => import('../../machines/mapping-tree').then((m) => m.mappingTreeMachine),
  },
})
