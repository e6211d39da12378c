import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import { commonResult, selectListResult } from '../../../src/contract/core'
import { corePaths } from '../../../src/contract/resource'
import { AppError } from '../../lib/errors'
import { errorResponses, ok } from '../../lib/http'
import { parseRequestPart } from '../../lib/validation'
import { hasPermission, SELF_PERMISSION } from '../../../src/contract/access'
import { commonLists } from './service'
import { adminOf } from '../../plugins/access'

const tags = ['core']
const security = [{ bearer: [] }]

/** Select lists (`core/list/{name}`, served by the modules that register them) and constants (`core/common`). */
export const coreRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps

  app.get(
    `/${corePaths.list(':name')}`,
    {
      schema: {
        tags,
        security,
        summary: 'A select list: `{ id, name }` in the Lang locale, filtered by its own query',
        params: z.object({ name: z.string().max(64) }),
        response: { 200: envelope(selectListResult), ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: SELF_PERMISSION },
    },
    async (request) => {
      const provider = app.listProviders.get(request.params.name)
      if (!provider) throw new AppError(404, 'errors.notFound')
      // A list shows its module's records: the admin needs one of the permissions the module names for it.
      const granted = request.admin?.permissions ?? []
      if (!provider.permissions.some((permission) => hasPermission(granted, permission))) throw new AppError(403, 'errors.forbidden')
      const parsed = parseRequestPart(provider.query, request.query ?? {}, 'querystring')
      if ('error' in parsed) throw parsed.error
      const list = await provider.load(deps, request.lang, parsed.value as Record<string, unknown>, adminOf(request))
      return ok(request, 'messages.ok', { list })
    },
  )

  app.get(
    `/${corePaths.common}`,
    {
      schema: {
        tags,
        security,
        summary: 'Constants: package types, payment methods and statuses, ...',
        response: { 200: envelope(commonResult), ...errorResponses(401) },
      },
      config: { permission: SELF_PERMISSION },
    },
    async (request) => ok(request, 'messages.ok', commonLists(request.lang)),
  )
}
