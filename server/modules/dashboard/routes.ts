import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import {
  dashboardAccess,
  dashboardCardsSchema,
  dashboardPaths,
  DEFAULT_DASHBOARD_PERIOD,
  STATISTICS_TTL_MS,
  statisticsQuery,
  statisticsSchema,
  type DashboardPeriod,
  type Statistics,
  type StatisticsQuery,
} from '../../../src/contract/dashboard'
import { errorResponses, ok } from '../../lib/http'
import { dashboardCards, statistics } from './service'

/** Dashboard routes (under `/api`): the cards of now, and the charts of a period. */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  const tags = ['dashboard']
  const security = [{ bearer: [] }]
  const config = { permission: dashboardAccess.can.view }
  // a period's charts are counted once a minute at most (over a million payments a count takes a while);
  // they say when they were counted. The cards of what needs attention are counted on every request.
  const kept = new Map<DashboardPeriod, Statistics>()
  const chartsOf = async (period: DashboardPeriod) => {
    const now = deps.clock()
    const hit = kept.get(period)
    const age = hit ? now.getTime() - Date.parse(hit.computed_at) : Number.POSITIVE_INFINITY
    if (hit && age >= 0 && age < STATISTICS_TTL_MS) return hit
    const counted = await statistics(deps.db, now, period)
    kept.set(period, counted)
    return counted
  }

  app.get(
    `/${dashboardPaths.cards}`,
    {
      schema: {
        tags,
        security,
        summary:
          'The cards: vendors by status, running subscriptions, revenue this month and last (net and VAT), payments awaiting approval, subscriptions ending within 7 and 30 days, unread contact requests, open support issues',
        response: { 200: envelope(z.object({ cards: dashboardCardsSchema as unknown as z.ZodType })), ...errorResponses(401, 403) },
      },
      config,
    },
    async (request) => ok(request, 'messages.ok', { cards: await dashboardCards(deps.db, deps.clock()) }),
  )

  app.get(
    `/${dashboardPaths.statistics}`,
    {
      schema: {
        tags,
        security,
        summary:
          'The charts of a period (30d, 90d or 12m, today included): revenue by month (12 months), registrations per day by utm_source, running subscriptions by package',
        querystring: statisticsQuery,
        response: { 200: envelope(z.object({ statistics: statisticsSchema as unknown as z.ZodType })), ...errorResponses(401, 403, 422) },
      },
      config,
    },
    async (request) => {
      const query = request.query as StatisticsQuery
      return ok(request, 'messages.ok', { statistics: await chartsOf(query.period ?? DEFAULT_DASHBOARD_PERIOD) })
    },
  )
}
