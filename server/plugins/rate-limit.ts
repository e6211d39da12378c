import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../lib/errors'

/** Registers @fastify/rate-limit with no global limit: routes opt in with `config.rateLimit`. */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'errors.rateLimited', { values: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) } }),
  })
}

const emailOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | null | undefined
  return body && typeof body === 'object' && typeof body.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : ''
}

/**
 * Per-route limits. They run on `preValidation` (the body is parsed, not yet validated), so invalid
 * attempts count too; by-email limits key on the client IP plus the lowercased email.
 */
export const limits = {
  byIp: (max: number, windowMs: number): RateLimitOptions => ({ max, timeWindow: windowMs, hook: 'preValidation' }),
  byIpAndEmail: (max: number, windowMs: number): RateLimitOptions => ({
    max,
    timeWindow: windowMs,
    hook: 'preValidation',
    keyGenerator: (request) => `${request.ip}|${emailOf(request)}`,
  }),
}
