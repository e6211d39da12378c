import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { envelope, pageSchema, permissionOf, resourcePaths, supportModule, type SupportActionName } from '../../../src/contract'
import { errorResponses, ok } from '../../lib/http'
import { getRecord, listRecords, type AnyResourceDefinition, type BaseListQuery } from '../../lib/resource'
import { adminOf } from '../../plugins/access'
import { applySupportAction, companyRequestsDefinition, shippingIssuesDefinition } from './service'

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
    const tags = ['support', def.name]
    const one = envelope(z.object({ item: def.detail as z.ZodType }))
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
        config: { permission: permissionOf(supportModule, 'view') },
      },
      async (request) => ok(request, 'messages.ok', { [def.name]: await listRecords(deps.db, def, request.query as BaseListQuery, request.lang) }),
    )
    app.get(
      paths.one(':id'),
      {
        schema: { tags, security, summary: `One of ${def.name}`, params: idParams, response: { 200: one, ...errorResponses(401, 403, 404, 422) } },
        config: { permission: permissionOf(supportModule, 'view') },
      },
      async (request) => ok(request, 'messages.ok', { item: await getRecord(deps.db, def, idOf(request), request.lang) }),
    )
    app.put(
      action === 'resolve' ? paths.resolve(':id') : paths.activate(':id'),
      {
        schema: {
          tags,
          security,
          summary: `${action} one of ${def.name} (a repeat is a no-op answering 200)`,
          params: idParams,
          response: { 200: one, ...errorResponses(401, 403, 404, 409, 422) },
        },
        config: { permission: permissionOf(supportModule, action) },
      },
      async (request) =>
        ok(request, action === 'resolve' ? 'support.messages.resolved' : 'support.messages.activated', {
          item: await applySupportAction(deps, adminOf(request), action, idOf(request), request.lang),
        }),
    )
  }

  register(shippingIssuesDefinition, 'resolve')
  register(companyRequestsDefinition, 'activate')
}
