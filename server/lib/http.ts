import type { FastifyRequest } from 'fastify'
import { errorEnvelope, type Envelope } from '../../src/contract/common'
import { t } from '../i18n'

/** The success envelope with a catalogue message in the request's language. */
export function ok<T>(request: FastifyRequest, key: string, result: T, values?: Record<string, string | number>): Envelope<T> {
  return { status: true, message: t(request.lang, key, values), result }
}

/** Response schemas of the error statuses a route can answer, for the OpenAPI document and the serializer. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorEnvelope> {
  const out = {} as Record<S, typeof errorEnvelope>
  for (const status of statuses) out[status] = errorEnvelope
  return out
}
