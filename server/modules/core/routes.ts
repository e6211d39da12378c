import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { safeParse } from 'zod/v4/core'
import { envelope } from '../../../src/contract/common'
import { commonResult, selectListResult } from '../../../src/contract/core'
import { corePaths } from '../../../src/contract/resource'
import { AppError } from '../../lib/errors'
import { errorResponses, ok } from '../../lib/http'
import { RequestValidationError } from '../../lib/validation'
import { SELF_PERMISSION } from '../../../src/contract/access'
import { commonLists } from './service'

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
        response: { 200: envelope(selectListResult), ...errorResponses(401, 404, 422) },
      },
      config: { permission: SELF_PERMISSION },
    },
    async (request) => {
      const provider = app.listProviders.get(request.params.name)
      if (!provider) throw new AppError(404, 'errors.notFound')
      const parsed = safeParse(provider.query, request.query ?? {}, { reportInput: true })
      if (parsed.error) throw new RequestValidationError(parsed.error as unknown as z.ZodError, 'querystring')
      const list = await provider.load(deps, request.lang, parsed.data as Record<string, unknown>)
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
