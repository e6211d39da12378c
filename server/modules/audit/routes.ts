import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { auditAccess, auditExportQuery, auditPaths, type AuditExportQuery } from '../../../src/contract/audit'
import { envelope } from '../../../src/contract/common'
import { pageSchema, resourcePaths } from '../../../src/contract/resource'
import { businessDayOf } from '../../../src/domain/money'
import { csvHeaders } from '../../lib/csv'
import { errorResponses, ok } from '../../lib/http'
import { listRecords, type AnyResourceDefinition, type BaseListQuery } from '../../lib/resource'
import { auditDefinition, exportAuditCsv } from './service'

/**
 * Audit trail routes (under `/api`, `audit:view`): the log with its filters, newest first, and the
 * same rows as CSV. Nothing writes through here: rows come from the writes they record.
 */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  const def = auditDefinition as unknown as AnyResourceDefinition
  const tags = [auditAccess.module]
  const security = [{ bearer: [] }]
  const config = { permission: auditAccess.can.view }

  app.get(
    resourcePaths(`/${def.path}`).list,
    {
      schema: {
        tags,
        security,
        summary:
          'The audit trail (admin, module, record, action and period filters; search by admin, action or module), newest first; secrets masked',
        querystring: def.listQuery,
        response: { 200: envelope(z.object({ [def.name]: pageSchema(def.item) })), ...errorResponses(401, 403, 422) },
      },
      config,
    },
    async (request) =>
      ok(request, 'messages.ok', { [def.name]: await listRecords(deps.db, def, request.query as BaseListQuery, request.lang) }),
  )

  app.get(
    `/${auditPaths.export}`,
    {
      schema: {
        tags,
        security,
        summary:
          'The audit rows the filters and search match as CSV, one line per changed field (UTF-8 with BOM, headers in the Lang language), streamed',
        querystring: auditExportQuery,
        produces: ['text/csv'],
        response: { 200: z.any().describe('CSV'), ...errorResponses(401, 403, 422) },
      },
      config,
    },
    async (request, reply) =>
      reply
        .headers(csvHeaders('audit', businessDayOf(deps.clock())))
        .send(exportAuditCsv(deps, request.query as AuditExportQuery, request.lang)),
  )
}
