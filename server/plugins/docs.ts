import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { ServerModule } from '../lib/context'

/**
 * OpenAPI generated from the contract's zod schemas (the routes' `schema`), served as JSON at
 * `GET /api/docs`, one tag per module (its name and description). Registered before the modules so
 * it sees every route.
 */
export async function registerDocs(app: FastifyInstance, modules: readonly ServerModule[]): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vendors platform API',
        description:
          'Admin back-office and end-user API. Envelope `{ status, message, result }`; errors `{ status: false, message, errors }`. ' +
          'Send `Authorization: Bearer {token}` and `Lang: ar|en`.',
        version: '0.1.0',
      },
      tags: modules.map((module) => ({ name: module.name, description: module.description })),
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  })
}

/** The route serving the document; call after the modules so the document is complete. */
export function registerDocsRoute(app: FastifyInstance): void {
  app.get('/api/docs', { schema: { hide: true }, config: { public: true } }, async () => app.swagger())
}
