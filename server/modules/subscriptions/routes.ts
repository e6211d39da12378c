import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import { pageSchema, resourcePaths } from '../../../src/contract/resource'
import { invoiceSchema, subscriptionsAccess, subscriptionsPaths } from '../../../src/contract/subscriptions'
import { errorResponses, ok } from '../../lib/http'
import { getRecord, listRecords, type AnyResourceDefinition, type BaseListQuery } from '../../lib/resource'
import { readInvoice, subscriptionsDefinition } from './service'

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

/**
 * Subscriptions routes (under `/api`, `subscriptions:view`): the list with its filters, one
 * subscription, and its tax invoice (`GET {path}/{id}/invoice`, with the ZATCA QR's Base64).
 */
export const subscriptionsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  const def = subscriptionsDefinition(deps.clock) as unknown as AnyResourceDefinition
  const paths = resourcePaths(`/${def.path}`)
  const tags = [subscriptionsAccess.module]
  const security = [{ bearer: [] }]
  const config = { permission: subscriptionsAccess.can.view }
  const idOf = (request: { params: unknown }) => (request.params as { id: number }).id

  app.get(
    paths.list,
    {
      schema: {
        tags,
        security,
        summary: 'List subscriptions (phase, package, vendor and type filters; search by store or invoice number)',
        querystring: def.listQuery,
        response: { 200: envelope(z.object({ [def.name]: pageSchema(def.item) })), ...errorResponses(401, 403, 422) },
      },
      config,
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
        summary: 'One subscription with its payment',
        params: idParams,
        response: { 200: envelope(z.object({ item: def.detail as z.ZodType })), ...errorResponses(401, 403, 404, 422) },
      },
      config,
    },
    async (request) => ok(request, 'messages.ok', { item: await getRecord(deps.db, def, idOf(request), request.lang) }),
  )
  app.get(
    `/${subscriptionsPaths.invoice(':id')}`,
    {
      schema: {
        tags,
        security,
        summary: "A subscription's tax invoice in the admin's language, with the ZATCA phase-1 QR (Base64 TLV)",
        params: idParams,
        response: { 200: envelope(z.object({ invoice: invoiceSchema as unknown as z.ZodType })), ...errorResponses(401, 403, 404, 422) },
      },
      config,
    },
    async (request) => ok(request, 'messages.ok', { invoice: await readInvoice(deps, idOf(request), request.lang) }),
  )
}
