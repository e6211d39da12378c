import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { contactAccess, contactCreateBody, contactPublicPath } from '../../../src/contract/contact'
import { envelope } from '../../../src/contract/common'
import { pageSchema, resourcePaths } from '../../../src/contract/resource'
import { errorResponses, ok } from '../../lib/http'
import { deleteRecord, listRecords, type BaseListQuery } from '../../lib/resource'
import { adminOf } from '../../plugins/access'
import { limits } from '../../plugins/rate-limit'
import { contactDefinition as def, readContactMessage, submitContactMessage } from './service'

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

/**
 * Contact routes (under `/api`): the admin list, view (marks read) and delete at `admin-panal/contact`
 * (`contact:view`, `contact:delete`), and the public, rate-limited `POST contact`.
 */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  const paths = resourcePaths(`/${def.path}`)
  const tags = [def.name]
  const security = [{ bearer: [] }]
  const one = envelope(z.object({ item: def.detail as z.ZodType }))
  const idOf = (request: { params: unknown }) => (request.params as { id: number }).id

  app.get(
    paths.list,
    {
      schema: {
        tags,
        security,
        summary: 'List contact messages',
        querystring: def.listQuery,
        response: { 200: envelope(z.object({ [def.name]: pageSchema(def.item) })), ...errorResponses(401, 403, 422) },
      },
      config: { permission: contactAccess.can.view },
    },
    async (request) =>
      ok(request, 'messages.ok', { [def.name]: await listRecords(deps.db, def, request.query as BaseListQuery, request.lang) }),
  )

  app.get(
    paths.one(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'One contact message (marks it read)',
        params: idParams,
        response: { 200: one, ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: contactAccess.can.view },
    },
    async (request) => ok(request, 'messages.ok', { item: await readContactMessage(deps, adminOf(request), idOf(request)) }),
  )

  app.delete(
    paths.one(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Delete a contact message',
        params: idParams,
        response: { 200: envelope(z.null()), ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: contactAccess.can.delete },
    },
    async (request) => {
      await deleteRecord({ deps, admin: adminOf(request), lang: request.lang }, def, idOf(request))
      return ok(request, 'messages.deleted', null)
    },
  )

  app.post(
    `/${contactPublicPath}`,
    {
      schema: {
        tags,
        summary: 'Send a message from the public contact form (rate limited per IP)',
        body: contactCreateBody,
        response: { 201: envelope(z.null()), ...errorResponses(403, 422, 429) },
      },
      config: { public: true, rateLimit: limits.byIp(deps.config.rateLimit.contactMax, deps.config.rateLimit.windowMs) },
    },
    async (request, reply) => {
      await submitContactMessage(deps, request.body as z.infer<typeof contactCreateBody>)
      return reply.code(201).send(ok(request, 'contact.thanks', null))
    },
  )
}
