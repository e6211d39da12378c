import { z } from 'zod'
import { auditAccess, auditLists } from '../../../src/contract/audit'
import { defineServerModule } from '../../lib/modules'
import { auditRoutes } from './routes'
import { adminOptions, resourceOptions } from './service'

const noFilters = z.strictObject({})

export default defineServerModule({
  name: 'audit',
  description:
    'The audit trail: every write with who made it, when, on which record and what changed (secrets masked); filters and CSV export.',
  after: ['auth'],
  routes: auditRoutes,
  permissions: auditAccess.all,
  lists: {
    [auditLists.admins]: { permissions: auditAccess.all, query: noFilters, load: (deps, lang) => adminOptions(deps.db, lang) },
    [auditLists.resources]: { permissions: auditAccess.all, query: noFilters, load: (deps, lang) => resourceOptions(deps.db, lang) },
  },
})
