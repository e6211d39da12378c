import { defineModule } from './screen-module'

/**
 * What every screen shares: the app's own charts (navigation, language, select lists) and those of
 * the shared tables, forms, image fields and modals. No screen of its own.
 */
export default defineModule({
  name: 'shared',
  routes: [],
  charts: {
    dock: () => import('../../machines/dock').then((m) => m.dockMachine),
    navigation: () => import('../../machines/navigation').then((m) => m.navigationMachine),
    locale: () => import('../../machines/locale').then((m) => m.localeMachine),
    lists: () => import('../../machines/lists').then((m) => m.listsMachine),
    modalStack: () => import('../../machines/modal-stack').then((m) => m.modalStackMachine),
    dataTable: () => import('../../machines/data-table').then((m) => m.dataTableMachine),
    crudForm: () => import('../../machines/crud-form').then((m) => m.crudFormMachine),
    imageUpload: () => import('../../machines/image-upload').then((m) => m.imageUploadMachine),
  },
})
