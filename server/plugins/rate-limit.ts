import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { AppError } from '../lib/errors'

/** Failed sign-ins counted per client address, whatever the email (password spraying). */
type FailedSignIns = {
  /** `onRequest` of a sign-in route: 429 once the address has failed `max` times in the window. */
  check: (request: FastifyRequest) => Promise<void>
  /** `onResponse` of a sign-in route: a refused attempt (4xx but 429) counts against the address. */
  count: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    failedSignIns: FailedSignIns
  }
}

/** Beyond this many addresses, expired entries are swept before a new one is added. */
const SWEEP_AT = 10_000

const refused = (seconds: number) => new AppError(429, 'errors.rateLimited', { values: { seconds: Math.max(1, Math.ceil(seconds)) } })
/** A refused attempt (4xx but 429) counts against the address. */
const isFailure = (reply: FastifyReply) => reply.statusCode >= 400 && reply.statusCode < 500 && reply.statusCode !== 429

/** The counter in this process (one instance). */
function failedSignInsInMemory(max: number, windowMs: number, now: () => Date): FailedSignIns {
  const byAddress = new Map<string, { failures: number; resetAt: number }>()
  const current = (ip: string) => {
    const entry = byAddress.get(ip)
    if (entry && entry.resetAt <= now().getTime()) {
      byAddress.delete(ip)
      return undefined
    }
    return entry
  }
  return {
    check: async (request) => {
      const entry = current(request.ip)
      if (entry && entry.failures >= max) throw refused((entry.resetAt - now().getTime()) / 1000)
    },
    count: async (request, reply) => {
      if (!isFailure(reply)) return
      const entry = current(request.ip)
      if (entry) {
        entry.failures += 1
        return
      }
      if (byAddress.size >= SWEEP_AT) for (const ip of [...byAddress.keys()]) current(ip)
      byAddress.set(request.ip, { failures: 1, resetAt: now().getTime() + windowMs })
    },
  }
}

/** The counter in Redis, shared by every instance (its window runs on Redis's clock). */
function failedSignInsInRedis(redis: Redis, max: number, windowMs: number): FailedSignIns {
  const key = (request: FastifyRequest) => `failed-sign-in:${request.ip}`
  return {
    check: async (request) => {
      const [[, failures], [, ttl]] = (await redis.multi().get(key(request)).pttl(key(request)).exec()) as [
        [unknown, string | null],
        [unknown, number],
      ]
      if (Number(failures ?? 0) >= max) throw refused((ttl > 0 ? ttl : windowMs) / 1000)
    },
    count: async (request, reply) => {
      if (!isFailure(reply)) return
      // the window starts with the first failure: the expiry is set only when there is none
      await redis.multi().incr(key(request)).pexpire(key(request), windowMs, 'NX').exec()
    },
  }
}

/**
 * Registers @fastify/rate-limit with no global limit (routes opt in with `config.rateLimit`) and the
 * failed sign-in counter per address that sign-in routes share; both in Redis when given one (several
 * instances behind one load balancer), else in this process.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  failed: { max: number; windowMs: number; now: () => Date },
  redis: Redis | null,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // with Redis every instance counts in one place, so a limit reached through one holds on all
    ...(redis ? { redis, nameSpace: 'rate-limit:', skipOnError: false } : {}),
    errorResponseBuilder: (_request, context) => refused(context.ttl / 1000),
  })
  app.decorate(
    'failedSignIns',
    redis ? failedSignInsInRedis(redis, failed.max, failed.windowMs) : failedSignInsInMemory(failed.max, failed.windowMs, failed.now),
  )
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
