import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import { pingDatabase } from '../../db'
import { AppError } from '../../lib/errors'
import { defineServerModule } from '../../lib/modules'
import { errorResponses, ok } from '../../lib/http'

const healthResult = z.object({ status: z.literal('ok'), database: z.literal('up') })

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Ready when the database answers `select 1`',
        response: { 200: envelope(healthResult), ...errorResponses(503) },
      },
      config: { public: true },
    },
    async (request) => {
      if (!(await pingDatabase(app.deps.db))) throw new AppError(503, 'errors.generic')
      return ok(request, 'messages.ok', { status: 'ok' as const, database: 'up' as const })
    },
  )
}

export default defineServerModule({ name: 'health', description: 'Liveness and readiness: `GET /api/health`.', routes: healthRoutes })
