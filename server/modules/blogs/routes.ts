import type { FastifyPluginAsync } from 'fastify'
import { registerResource } from '../../lib/resource'
import { blogsDefinition } from './service'

/** Blogs routes (under `/api`): the generic resource over the blogs table. */
export const blogsRoutes: FastifyPluginAsync = async (app) => {
  registerResource(app, blogsDefinition)
}
