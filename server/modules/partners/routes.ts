import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import {
  partnerExportQuery,
  partnerPageQuery,
  partnersAccess,
  partnersPaths,
  payoutSchema,
  referralSellerSchema,
  walletSchema,
  type PartnerListQuery,
} from '../../../src/contract/partners'
import { pageSchema } from '../../../src/contract/resource'
import { IDEMPOTENCY_HEADER } from '../../../src/contract/vendors'
import { businessDayOf } from '../../../src/domain/money'
import { csvHeaders } from '../../lib/csv'
import { errorResponses, ok } from '../../lib/http'
import { idempotencyKeyOf, readPaymentForm, receiptHeaders } from '../../lib/receipts'
import { registerResource } from '../../lib/resource'
import { adminOf } from '../../plugins/access'
import { exportPartnersCsv, listReferralSellers, partnersDefinition } from './service'
import { createPayout, readPayoutFile, readWallet } from './wallet'

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
const fileParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  paymentId: z.coerce.number().int().min(1).max(2_147_483_647),
})

/**
 * Partners routes (under `/api`): the generic resource at `admin-panal/partners` (list with filters,
 * one, create, update, toggle, delete), its CSV export, a partner's referred vendors and wallet, the
 * payout `createPayment` (multipart, `Idempotency-Key`) and a payout's file.
 */
export const partnersRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  const tags = ['partners']
  const security = [{ bearer: [] }]
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id
  const page = (request: FastifyRequest) => {
    const q = request.query as z.infer<typeof partnerPageQuery>
    return { page: q.page ?? 1, pageSize: q.pageSize ?? 15 }
  }

  app.get(
    `/${partnersPaths.export}`,
    {
      schema: {
        tags,
        security,
        summary: 'Every partner the filters and search match, as CSV (UTF-8 with BOM, headers in the Lang language), streamed',
        querystring: partnerExportQuery,
        produces: ['text/csv'],
        response: { 200: z.any().describe('CSV'), ...errorResponses(401, 403, 422) },
      },
      config: { permission: partnersAccess.can.export },
    },
    async (request, reply) =>
      reply
        .headers(csvHeaders('partners', businessDayOf(deps.clock())))
        .send(exportPartnersCsv(deps, request.query as Partial<PartnerListQuery>, request.lang)),
  )

  registerResource(app, partnersDefinition())

  app.get(
    `/${partnersPaths.referralSellers(':id')}`,
    {
      schema: {
        tags,
        security,
        summary: "Vendors registered with the partner's code: package, paid so far, commission earned, months left",
        params: idParams,
        querystring: partnerPageQuery,
        response: { 200: envelope(z.object({ vendors: pageSchema(referralSellerSchema) })), ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: partnersAccess.can.view },
    },
    async (request) => {
      const { page: p, pageSize } = page(request)
      return ok(request, 'messages.ok', { vendors: await listReferralSellers(deps, idOf(request), p, pageSize, request.lang) })
    },
  )

  app.get(
    `/${partnersPaths.wallet(':id')}`,
    {
      schema: {
        tags,
        security,
        summary: "The partner's wallet: its balance and the ledger newest first (`entries`) with the running balance",
        params: idParams,
        querystring: partnerPageQuery,
        response: { 200: envelope(walletSchema), ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: partnersAccess.can.view },
    },
    async (request) => {
      const { page: p, pageSize } = page(request)
      return ok(request, 'messages.ok', await readWallet(deps, idOf(request), p, pageSize))
    },
  )

  const onePayout = envelope(z.object({ item: payoutSchema as unknown as z.ZodType }))
  app.post(
    `/${partnersPaths.createPayment(':id')}`,
    {
      schema: {
        tags,
        security,
        summary: `Pay a partner out of its wallet (multipart: payment_file, payment_no, payment_amount, payment_date), never more than the balance; the ${IDEMPOTENCY_HEADER} header makes a retry return the first payout`,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: onePayout, 201: onePayout, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
      },
      config: { permission: partnersAccess.can.pay },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request, 'partners.errors.idempotencyKey')
      const { fields, file } = await readPaymentForm(request)
      const { item, created } = await createPayout({ deps, admin: adminOf(request) }, idOf(request), key, fields, file)
      return reply
        .code(created ? 201 : 200)
        .send(ok(request, created ? 'partners.messages.paid' : 'partners.messages.paymentReplayed', { item }))
    },
  )

  app.get(
    `/${partnersPaths.paymentFile(':id', ':paymentId')}`,
    {
      schema: {
        tags,
        security,
        summary: "A payout's file (admins only), sandboxed",
        params: fileParams,
        produces: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'],
        response: { 200: z.any().describe('the file'), ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: partnersAccess.can.view },
    },
    async (request, reply) => {
      const { id, paymentId } = request.params as z.infer<typeof fileParams>
      const file = await readPayoutFile(deps, id, paymentId)
      return reply.type(file.type).headers(receiptHeaders(file.filename)).send(file.bytes)
    },
  )
}
