import { mappingScreens as screens } from '../../contract/mapping.routes'
import { marketplacesAccess } from '../../contract/marketplaces.routes'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/property-mapping.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

/** Property mapping (under marketplaces): a mapped category's properties, and one property's mapping with its values. */
export default defineModule({
  name: 'property-mapping',
  routes: [
    {
      path: screens.patterns.properties,
      title: 'propertyMapping.title',
      permission: marketplacesAccess.can.view,
      screen: () => import('./properties').then((m) => m.PropertiesScreen),
    },
    {
      path: screens.patterns.property,
      title: 'propertyMapping.editor.title',
      permission: marketplacesAccess.can.view,
      screen: () => import('./property').then((m) => m.PropertyMappingScreen),
    },
  ],
  charts: { propertyMapping: () => import('../../machines/property-mapping').then((m) => m.propertyMappingMachine) },
})
