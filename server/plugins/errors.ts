import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type ErrorEnvelope } from '../../src/contract/common'
import { issuesByField } from '../../src/contract/validation'
import { t, translateFieldErrors } from '../i18n'
import { isAppError } from '../lib/errors'
import { RequestValidationError } from '../lib/validation'

/** Builds the error envelope `{ status: false, message, errors }` in the request's language. */
export function errorBody(
  request: FastifyRequest,
  key: string,
  values?: Record<string, string | number>,
  errors: Record<string, string[]> = {},
): ErrorEnvelope {
  return { status: false, message: t(request.lang, key, values), errors }
}

/** The request as a whole could not be read: `_` carries the message, like a root-level zod issue. */
const wholeRequest = (request: FastifyRequest, key: string) => errorBody(request, key, undefined, { _: [t(request.lang, key)] })

/**
 * Fastify's own client errors (parsing, content type, size) mapped to the envelope. Anything else,
 * 5xx or unknown, becomes a 500 `errors.generic`: never a stack, never an internal message.
 */
function sendFastifyError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
    return reply.code(413).send(wholeRequest(request, 'errors.payloadTooLarge'))
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
    return reply.code(415).send(wholeRequest(request, 'errors.badRequest'))
  }
  if (status === 404) return reply.code(404).send(errorBody(request, 'errors.notFound'))
  if (status === 401) return reply.code(401).send(errorBody(request, 'errors.unauthenticated'))
  if (status === 403) return reply.code(403).send(errorBody(request, 'errors.forbidden'))
  if (status === 429) return reply.code(429).send(errorBody(request, 'errors.rateLimited', { seconds: 60 }))
  if (status >= 400 && status < 500) {
    // Invalid JSON, empty JSON body, prototype poisoning, bad URL, unsupported method...
    return reply.code(status === 405 ? 405 : 400).send(wholeRequest(request, 'errors.badRequest'))
  }
  request.log.error({ err: error }, 'unhandled error')
  return reply.code(500).send(errorBody(request, 'errors.generic'))
}

/** postgres.js's own codes for a connection that could not be made or was lost. */
const lostConnection = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
])
/** SQLSTATEs of a server going away or not taking connections: shutting down, starting, too many clients. */
const serverAway = new Set(['57P01', '57P02', '57P03', '53300'])

/**
 * The database cannot be reached right now (restarting, network cut): the request's transaction, if
 * any, did not commit, so the client may simply try again. Looks through the error's causes (the
 * query builder wraps the driver's error).
 */
function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && (lostConnection.has(code) || serverAway.has(code) || /^08/.test(code))) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Installs the error handler on the root instance (applies to every route and hook). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestValidationError) {
      const errors = translateFieldErrors(request.lang, issuesByField(error.zodError))
      return reply.code(422).send(errorBody(request, 'errors.validation', undefined, errors))
    }
    if (isAppError(error)) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'service error')
      if (error.statusCode === 401) reply.header('www-authenticate', 'Bearer')
      const errors = translateFieldErrors(request.lang, error.fieldErrors)
      const body = errorBody(request, error.key, error.values, errors)
      return reply.code(error.statusCode).send(error.reason ? { ...body, reason: error.reason } : body)
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      return reply.code(503).header('retry-after', '5').send(errorBody(request, 'errors.unavailable'))
    }
    return sendFastifyError(error, request, reply)
  })
}
