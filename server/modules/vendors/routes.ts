import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import { pageSchema, resourcePaths } from '../../../src/contract/resource'
import {
  IDEMPOTENCY_HEADER,
  paymentsAccess,
  paymentSchema,
  paymentStatusBody,
  subdomainQuery,
  subdomainResult,
  vendorExportQuery,
  vendorSchema,
  vendorsAccess,
  vendorsPaths,
  vendorsResource,
  type PaymentStatusBody,
  type VendorCreateBody,
  type VendorListQuery,
  type VendorUpdateBody,
} from '../../../src/contract/vendors'
import { csvHeaders } from '../../lib/csv'
import { idempotencyKeyOf, readPaymentForm, receiptHeaders } from '../../lib/receipts'
import { errorResponses, ok } from '../../lib/http'
import { deleteRecord, getRecord, listRecords, type AnyResourceDefinition, type BaseListQuery } from '../../lib/resource'
import { adminOf } from '../../plugins/access'
import * as service from './service'

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
const paymentParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  transaction_id: z.coerce.number().int().min(1).max(2_147_483_647),
})
const pageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
})

/**
 * Vendors routes (under `/api`): the vendor resource at `admin-panal/venders` (list with filters and
 * search, one, create, update, delete), its CSV export, the subdomain check while typing, the
 * vendor's payments and referred vendors, `createPayment` (multipart, `Idempotency-Key`),
 * `changeTransactionStatus` and the receipt download (admins only).
 */
export const vendorsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  const def = service.vendorsDefinition(deps.clock) as AnyResourceDefinition
  const paths = resourcePaths(`/${vendorsResource.path}`)
  const tags = ['vendors']
  const security = [{ bearer: [] }]
  const one = envelope(z.object({ item: vendorSchema as unknown as z.ZodType }))
  const onePayment = envelope(z.object({ item: paymentSchema as unknown as z.ZodType }))
  const context = (request: FastifyRequest) => ({ deps, admin: adminOf(request), lang: request.lang })
  const idOf = (request: { params: unknown }) => (request.params as { id: number }).id

  app.get(
    paths.list,
    {
      schema: {
        tags,
        security,
        summary: 'List vendors (filters: status, package, register dates, utm_source, expiring within N days; search)',
        querystring: def.listQuery,
        response: { 200: envelope(z.object({ vendors: pageSchema(vendorSchema) })), ...errorResponses(401, 403, 422) },
      },
      config: { permission: vendorsAccess.can.view },
    },
    async (request) =>
      ok(request, 'messages.ok', { vendors: await listRecords(deps.db, def, request.query as BaseListQuery, request.lang) }),
  )

  app.get(
    `/${vendorsPaths.export}`,
    {
      schema: {
        tags,
        security,
        summary: 'Every vendor the filters and search match, as CSV (UTF-8 with BOM, headers in the Lang language), streamed',
        querystring: vendorExportQuery,
        produces: ['text/csv'],
        response: { 200: z.any().describe('CSV'), ...errorResponses(401, 403, 422) },
      },
      config: { permission: vendorsAccess.can.export },
    },
    async (request, reply) => {
      const stamp = deps.clock().toISOString().slice(0, 10)
      return reply
        .headers(csvHeaders('vendors', stamp))
        .send(service.exportVendorsCsv(deps, request.query as Partial<VendorListQuery>, request.lang))
    },
  )

  app.get(
    `/${vendorsPaths.subdomain}`,
    {
      schema: {
        tags,
        security,
        summary: 'Whether a subdomain is free, well formed and not reserved (checked while typing)',
        querystring: subdomainQuery,
        response: { 200: envelope(subdomainResult), ...errorResponses(401, 403, 422) },
      },
      config: { permission: vendorsAccess.can.view },
    },
    async (request) => {
      const query = request.query as z.infer<typeof subdomainQuery>
      return ok(
        request,
        'messages.ok',
        await service.subdomainAvailability(deps.db, query.subdomain, query.except_id ?? null, request.lang),
      )
    },
  )

  app.get(
    paths.one(':id'),
    {
      schema: { tags, security, summary: 'One vendor', params: idParams, response: { 200: one, ...errorResponses(401, 403, 404, 422) } },
      config: { permission: vendorsAccess.can.view },
    },
    async (request) => ok(request, 'messages.ok', { item: await getRecord(deps.db, def, idOf(request), request.lang) }),
  )

  app.post(
    paths.list,
    {
      schema: {
        tags,
        security,
        summary: 'Create a vendor (own referral code; a mail with a link to set its password)',
        body: def.createBody,
        response: { 201: one, ...errorResponses(401, 403, 422) },
      },
      config: { permission: vendorsAccess.can.create },
    },
    async (request, reply) => {
      const item = await service.createVendor(context(request), request.body as VendorCreateBody)
      return reply.code(201).send(ok(request, 'messages.created', { item }))
    },
  )

  app.put(
    paths.one(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Update a vendor (version required; 409 when stale)',
        params: idParams,
        body: def.updateBody,
        response: { 200: one, ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: { permission: vendorsAccess.can.update },
    },
    async (request) =>
      ok(request, 'messages.updated', {
        item: await service.updateVendor(context(request), idOf(request), request.body as VendorUpdateBody),
      }),
  )

  app.delete(
    paths.one(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Delete a vendor (409 while it has payments)',
        params: idParams,
        response: { 200: envelope(z.null()), ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: { permission: vendorsAccess.can.delete },
    },
    async (request) => {
      await deleteRecord(context(request), def, idOf(request))
      return ok(request, 'messages.deleted', null)
    },
  )

  app.get(
    `/${vendorsPaths.referrals(':id')}`,
    {
      schema: {
        tags,
        security,
        summary: "Vendors registered with this vendor's referral code",
        params: idParams,
        querystring: pageQuery,
        response: { 200: envelope(z.object({ vendors: pageSchema(vendorSchema) })), ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: vendorsAccess.can.view },
    },
    async (request) => {
      const q = request.query as z.infer<typeof pageQuery>
      return ok(request, 'messages.ok', {
        vendors: await service.listReferrals(deps, idOf(request), q.page ?? 1, q.pageSize ?? 15, request.lang),
      })
    },
  )

  app.get(
    `/${vendorsPaths.payments(':id')}`,
    {
      schema: {
        tags,
        security,
        summary: "The vendor's payments, newest first",
        params: idParams,
        querystring: pageQuery,
        response: { 200: envelope(z.object({ payments: pageSchema(paymentSchema) })), ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: paymentsAccess.can.view },
    },
    async (request) => {
      const q = request.query as z.infer<typeof pageQuery>
      return ok(request, 'messages.ok', { payments: await service.listPayments(deps, idOf(request), q.page ?? 1, q.pageSize ?? 15) })
    },
  )

  app.post(
    `/${vendorsPaths.createPayment(':id')}`,
    {
      schema: {
        tags,
        security,
        summary: `Record a payment (multipart: payment_file, payment_number, amount, method, payment_date); the ${IDEMPOTENCY_HEADER} header makes a retry return the first payment`,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: onePayment, 201: onePayment, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
      },
      config: { permission: paymentsAccess.can.create },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request, 'vendors.errors.idempotencyKey')
      const { fields, file } = await readPaymentForm(request)
      const { item, created } = await service.createPayment(context(request), idOf(request), key, fields, file)
      return reply
        .code(created ? 201 : 200)
        .send(ok(request, created ? 'vendors.messages.paymentRecorded' : 'vendors.messages.paymentReplayed', { item }))
    },
  )

  app.post(
    `/${vendorsPaths.changeStatus(':id', ':transaction_id')}`,
    {
      schema: {
        tags,
        security,
        summary: 'Change a payment status as the paymentStatus table allows (409 otherwise); Success and Rejected need payments:approve',
        params: paymentParams,
        body: paymentStatusBody,
        response: { 200: onePayment, ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: { permission: paymentsAccess.can.view },
    },
    async (request) => {
      const { id, transaction_id } = request.params as z.infer<typeof paymentParams>
      const body = request.body as PaymentStatusBody
      const item = await service.changePaymentStatus(context(request), id, transaction_id, body.status, body.reason)
      return ok(request, `vendors.messages.status.${item.status}`, { item })
    },
  )

  app.get(
    `/${vendorsPaths.receipt(':id', ':transaction_id')}`,
    {
      schema: {
        tags,
        security,
        summary: "A payment's receipt (admins only), sandboxed",
        params: paymentParams,
        produces: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'],
        response: { 200: z.any().describe('the receipt'), ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: paymentsAccess.can.view },
    },
    async (request, reply) => {
      const { id, transaction_id } = request.params as z.infer<typeof paymentParams>
      const receipt = await service.readPaymentReceipt(deps, id, transaction_id)
      return reply.type(receipt.type).headers(receiptHeaders(receipt.filename)).send(receipt.bytes)
    },
  )
}
