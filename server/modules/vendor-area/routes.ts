import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import { invoiceSchema } from '../../../src/contract/subscriptions'
import { vendorAreaPaths, vendorOverviewSchema, vendorPaymentSchema, vendorSubscriptionSchema } from '../../../src/contract/vendor-area'
import { errorResponses, ok } from '../../lib/http'
import { userOf } from '../../plugins/access'
import * as service from './service'

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
const tags = ['vendor-area']
const security = [{ bearer: [] }]
/** The end-user token only: an admin's is refused (401) before the handler. */
const config = { identity: 'user' as const }
const schemaOf = (s: unknown) => s as z.ZodType

/** The signed-in vendor's own area, under `/api/user/vendor`. */
export const vendorAreaRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  app.get(
    `/${vendorAreaPaths.overview}`,
    {
      schema: {
        tags,
        security,
        summary: "The signed-in vendor: its store, package with limits, and subscription's state",
        response: { 200: envelope(z.object({ overview: schemaOf(vendorOverviewSchema) })), ...errorResponses(401, 404) },
      },
      config,
    },
    async (request) => ok(request, 'messages.ok', { overview: await service.overview(deps, userOf(request), request.lang) }),
  )
  app.get(
    `/${vendorAreaPaths.payments}`,
    {
      schema: {
        tags,
        security,
        summary: "The signed-in vendor's payments, newest first",
        response: { 200: envelope(z.object({ payments: z.array(schemaOf(vendorPaymentSchema)) })), ...errorResponses(401, 404) },
      },
      config,
    },
    async (request) => ok(request, 'messages.ok', { payments: await service.payments(deps, userOf(request), request.lang) }),
  )
  app.get(
    `/${vendorAreaPaths.subscriptions}`,
    {
      schema: {
        tags,
        security,
        summary: "The signed-in vendor's subscriptions with their invoice numbers",
        response: {
          200: envelope(z.object({ subscriptions: z.array(schemaOf(vendorSubscriptionSchema)) })),
          ...errorResponses(401, 404),
        },
      },
      config,
    },
    async (request) =>
      ok(request, 'messages.ok', { subscriptions: await service.vendorSubscriptions(deps, userOf(request), request.lang) }),
  )
  app.get(
    `/${vendorAreaPaths.invoice(':id')}`,
    {
      schema: {
        tags,
        security,
        summary: "The tax invoice of one of the signed-in vendor's subscriptions (the admins' invoice, with its QR)",
        params: idParams,
        response: { 200: envelope(z.object({ invoice: schemaOf(invoiceSchema) })), ...errorResponses(401, 404, 422) },
      },
      config,
    },
    async (request) =>
      ok(request, 'messages.ok', {
        invoice: await service.invoice(deps, userOf(request), (request.params as { id: number }).id, request.lang),
      }),
  )
}
