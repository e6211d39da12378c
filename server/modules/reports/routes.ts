import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import {
  couponsReportExportQuery,
  couponsReportQuery,
  couponsReportSchema,
  partnersReportExportQuery,
  partnersReportQuery,
  partnersReportSchema,
  reportsAccess,
  reportsPaths,
  type CouponsReportQuery,
  type PartnersReportQuery,
} from '../../../src/contract/reports'
import { csvHeaders } from '../../lib/csv'
import { errorResponses, ok } from '../../lib/http'
import { couponsReport, couponsReportCsv, partnersReport, partnersReportCsv } from './service'

/** Reports routes (under `/api`): the partners and coupons reports over a period, and their CSV exports. */
export const reportsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  const tags = ['reports']
  const security = [{ bearer: [] }]
  const config = { permission: reportsAccess.can.view }
  const csv = { produces: ['text/csv'], response: { 200: z.any().describe('CSV'), ...errorResponses(401, 403, 422) } }

  app.get(
    `/${reportsPaths.partners}`,
    {
      schema: {
        tags,
        security,
        summary:
          'Per partner over a period (from, to; package, partner, coupon): vendors referred, paid, commission, paid out, balance; totals and the chart',
        querystring: partnersReportQuery,
        response: { 200: envelope(z.object({ partners: partnersReportSchema as unknown as z.ZodType })), ...errorResponses(401, 403, 422) },
      },
      config,
    },
    async (request) => ok(request, 'messages.ok', { partners: await partnersReport(deps.db, request.query as PartnersReportQuery) }),
  )

  app.get(
    `/${reportsPaths.partnersExport}`,
    {
      schema: { tags, security, summary: 'The partners report as CSV (UTF-8 with BOM, headers in the Lang language), streamed', querystring: partnersReportExportQuery, ...csv },
      config,
    },
    async (request, reply) => {
      const query = request.query as PartnersReportQuery
      return reply.headers(csvHeaders('partners-report', `${query.from}_${query.to}`)).send(partnersReportCsv(deps.db, query, request.lang))
    },
  )

  app.get(
    `/${reportsPaths.coupons}`,
    {
      schema: {
        tags,
        security,
        summary: 'Per coupon and package over a period (from, to; package, partner, coupon): uses, discount, revenue net and with VAT; totals and the chart',
        querystring: couponsReportQuery,
        response: { 200: envelope(z.object({ coupons: couponsReportSchema as unknown as z.ZodType })), ...errorResponses(401, 403, 422) },
      },
      config,
    },
    async (request) => ok(request, 'messages.ok', { coupons: await couponsReport(deps.db, request.query as CouponsReportQuery, request.lang) }),
  )

  app.get(
    `/${reportsPaths.couponsExport}`,
    {
      schema: { tags, security, summary: 'The coupons report as CSV (UTF-8 with BOM, headers in the Lang language), streamed', querystring: couponsReportExportQuery, ...csv },
      config,
    },
    async (request, reply) => {
      const query = request.query as CouponsReportQuery
      return reply.headers(csvHeaders('coupons-report', `${query.from}_${query.to}`)).send(couponsReportCsv(deps.db, query, request.lang))
    },
  )
}
