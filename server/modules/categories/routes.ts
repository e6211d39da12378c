import type { FastifyPluginAsync } from 'fastify'
import { registerResource } from '../../lib/resource'
import { categoriesDefinition } from './service'

/** Categories routes (under `/api`): the generic resource over the categories table. */
export const categoriesRoutes: FastifyPluginAsync = async (app) => {
  registerResource(app, categoriesDefinition)
}
