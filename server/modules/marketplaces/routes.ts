import type { FastifyPluginAsync } from 'fastify'
import { registerResource } from '../../lib/resource'
import { marketplacesDefinition } from './service'

/** Marketplaces routes (under `/api`): the generic resource over the marketplaces table. */
export const marketplacesRoutes: FastifyPluginAsync = async (app) => {
  registerResource(app, marketplacesDefinition)
}
