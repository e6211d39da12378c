import { auditAccess, auditScreens as screens } from '../../contract/audit.routes'
import { ListIcon } from '../../ui/icons'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/audit.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

/** The audit trail: every write, filtered and exported; a record's own history from its view page. */
export default defineModule({
  name: 'audit',
  routes: [
    {
      path: screens.patterns.list,
      title: 'audit.title',
      permission: auditAccess.can.view,
      screen: () => import('./list').then((m) => m.AuditListScreen),
    },
  ],
  // alone at the end of the header row (after Flows), so it never pushes a group under More
  menu: [
    { path: screens.list, section: screens.section, label: 'audit.menu', icon: ListIcon, permission: auditAccess.can.view, order: 95 },
  ],
})
