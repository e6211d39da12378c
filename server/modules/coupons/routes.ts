import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import { couponCheckBody, couponCheckPath, couponCheckResult, type CouponCheckBody } from '../../../src/contract/coupons'
import { errorResponses, ok } from '../../lib/http'
import { registerResource } from '../../lib/resource'
import { limits } from '../../plugins/rate-limit'
import { checkCoupon, couponsDefinition } from './service'

/** Price checks per client address and window: generous for a person typing, tight for guessing codes. */
const CHECKS_PER_WINDOW = 30

/** Coupons routes (under `/api`): the generic resource at `admin-panal/coupons` and the public `POST coupons/check`. */
export const couponsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  registerResource(app, couponsDefinition(deps.clock))

  app.post(
    `/${couponCheckPath}`,
    {
      schema: {
        tags: ['coupons'],
        summary: 'Price a package with a coupon code: discount, net, VAT and total, or why it does not apply (public, rate limited per IP)',
        body: couponCheckBody,
        response: { 200: envelope(couponCheckResult as unknown as z.ZodType), ...errorResponses(422, 429) },
      },
      config: { public: true, rateLimit: limits.byIp(CHECKS_PER_WINDOW, deps.config.rateLimit.windowMs) },
    },
    async (request) => {
      const result = await checkCoupon(deps, request.body as CouponCheckBody)
      const body = request.body as CouponCheckBody
      const message = result.reason ? `coupons.check.${result.reason}` : body.code ? 'coupons.check.applies' : 'messages.ok'
      return ok(request, message, result)
    },
  )
}
