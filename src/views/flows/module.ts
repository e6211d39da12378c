import { flowsAccess, flowsScreens as screens } from '../../contract/flows'
import { LayersIcon } from '../../ui/icons'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/flows.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

/** QA's Flows screen: every declared chart, laid out, followed live, with a path player. */
export default defineModule({
  name: 'flows',
  routes: [
    {
      path: screens.patterns.page,
      title: 'flows.title',
      permission: flowsAccess.can.view,
      screen: () => import('./flows').then((m) => m.FlowsScreen),
    },
  ],
  menu: [
    { path: screens.page, section: screens.section, label: 'flows.menu', icon: LayersIcon, permission: flowsAccess.can.view, order: 90 },
  ],
  tools: [
    {
      key: 'flows',
      label: 'flows.panel',
      icon: LayersIcon,
      permission: flowsAccess.can.view,
      panel: () => import('./flows').then((m) => m.FlowsPanel),
    },
  ],
  charts: { flows: () => import('../../machines/flows').then((m) => m.flowsMachine) },
})
