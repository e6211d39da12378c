import type { FastifyPluginAsync } from 'fastify'
import { registerResource } from '../../lib/resource'
import { contentsDefinition } from './service'

/** Contents routes (under `/api`): the generic resource over the contents table. */
export const contentsRoutes: FastifyPluginAsync = async (app) => {
  registerResource(app, contentsDefinition)
}
