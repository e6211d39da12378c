import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import { termsAccess, termsBody, termsPath, termsResult, type TermsBody } from '../../../src/contract/terms'
import { errorResponses, ok } from '../../lib/http'
import { adminOf } from '../../plugins/access'
import { readTerms, saveTerms } from './service'

/** Terms routes (under `/api`): `GET` (`terms:view`) and `POST` (`terms:update`) of the single record. */
export const termsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  const tags = ['terms']
  const security = [{ bearer: [] }]
  const response = envelope(termsResult as unknown as z.ZodType)

  app.get(
    `/${termsPath}`,
    {
      schema: {
        tags,
        security,
        summary: 'The terms and conditions (null before the first save)',
        response: { 200: response, ...errorResponses(401, 403) },
      },
      config: { permission: termsAccess.can.view },
    },
    async (request) => ok(request, 'messages.ok', { terms_condition: await readTerms(deps.db) }),
  )

  app.post(
    `/${termsPath}`,
    {
      schema: {
        tags,
        security,
        summary: 'Create or update the terms and conditions (send version once it exists; 409 when stale)',
        body: termsBody,
        response: { 200: response, ...errorResponses(401, 403, 409, 422) },
      },
      config: { permission: termsAccess.can.update },
    },
    async (request) =>
      ok(request, 'messages.updated', { terms_condition: await saveTerms(deps, adminOf(request), request.body as TermsBody) }),
  )
}
