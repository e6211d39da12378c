import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import { pageSchema, resourcePaths } from '../../../src/contract/resource'
import { supportAccess, type SupportActionName } from '../../../src/contract/support'
import { errorResponses, ok } from '../../lib/http'
import { getRecord, listRecords, type AnyResourceDefinition, type BaseListQuery } from '../../lib/resource'
import { adminOf } from '../../plugins/access'
import { applySupportAction, companyRequestsDefinition, shippingIssuesDefinition } from './service'

const messages = {
  resolve: { apply: 'support.messages.resolved', noop: 'support.messages.alreadyResolved' },
  activate: { apply: 'support.messages.activated', noop: 'support.messages.alreadyActivated' },
} as const

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

/**
 * Support routes (under `/api`): list and view (`support:view`) of shipping issues and company
 * requests, `PUT {path}/resolve/{id}` (`support:resolve`) and `PUT {path}/activate/{id}` (`support:activate`).
 */
export const supportRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  const security = [{ bearer: [] }]
  const idOf = (request: { params: unknown }) => (request.params as { id: number }).id

  const register = (def: AnyResourceDefinition, action: SupportActionName) => {
    const paths = resourcePaths(`/${def.path}`)
    const tags = ['support']
    const one = envelope(z.object({ item: def.detail as z.ZodType }))
    const acted = envelope(z.object({ item: def.detail as z.ZodType, outcome: z.enum(['apply', 'noop']) }))
    app.get(
      paths.list,
      {
        schema: {
          tags,
          security,
          summary: `List ${def.name}`,
          querystring: def.listQuery,
          response: { 200: envelope(z.object({ [def.name]: pageSchema(def.item) })), ...errorResponses(401, 403, 422) },
        },
        config: { permission: supportAccess.can.view },
      },
      async (request) =>
        ok(request, 'messages.ok', { [def.name]: await listRecords(deps.db, def, request.query as BaseListQuery, request.lang) }),
    )
    app.get(
      paths.one(':id'),
      {
        schema: {
          tags,
          security,
          summary: `One of ${def.name}`,
          params: idParams,
          response: { 200: one, ...errorResponses(401, 403, 404, 422) },
        },
        config: { permission: supportAccess.can.view },
      },
      async (request) => ok(request, 'messages.ok', { item: await getRecord(deps.db, def, idOf(request), request.lang) }),
    )
    app.put(
      action === 'resolve' ? paths.resolve(':id') : paths.activate(':id'),
      {
        schema: {
          tags,
          security,
          summary: `${action} one of ${def.name}; a repeat changes nothing and answers 200 with outcome "noop"`,
          params: idParams,
          response: { 200: acted, ...errorResponses(401, 403, 404, 409, 422) },
        },
        config: { permission: supportAccess.can[action] },
      },
      async (request) => {
        const result = await applySupportAction<Record<string, unknown>>(deps, adminOf(request), action, idOf(request), request.lang)
        const by = String((action === 'resolve' ? result.item.resolved_by : result.item.activated_by) ?? '')
        return ok(request, messages[action][result.outcome], result, { name: by })
      },
    )
  }

  register(shippingIssuesDefinition, 'resolve')
  register(companyRequestsDefinition, 'activate')
}
