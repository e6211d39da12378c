import type { FastifyPluginAsync } from 'fastify'
import { registerResource } from '../../lib/resource'
import { propertiesDefinition } from './service'

/** Properties routes (under `/api`): the generic resource over the properties table. */
export const propertiesRoutes: FastifyPluginAsync = async (app) => {
  registerResource(app, propertiesDefinition)
}
