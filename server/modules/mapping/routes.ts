import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import {
  mapCategoryBody,
  mapCategoryResult,
  mappingCategoriesQuery,
  mappingCategoriesResult,
  mappingPaths,
  mappingPropertiesResult,
  mappingSuggestionsResult,
  mapPropertyBody,
  mapPropertyResult,
  type MapCategoryBody,
  type MappingCategoriesQuery,
  type MapPropertyBody,
} from '../../../src/contract/mapping'
import { marketplacesAccess } from '../../../src/contract/marketplaces'
import { errorResponses, ok } from '../../lib/http'
import { categoryScope } from '../../lib/category-scope'
import { adminOf } from '../../plugins/access'
import * as service from './service'

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
type IdParams = z.infer<typeof idParams>
const tags = ['mapping']
const security = [{ bearer: [] }]
const result = (schema: unknown) => envelope(schema as z.ZodType)
const view = { permission: marketplacesAccess.can.view }
const update = { permission: marketplacesAccess.can.update }

/** Mapping routes (under `/api`): reading a marketplace's tree, suggestions and properties; mapping categories and properties. */
export const mappingRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps

  app.get(
    `/${mappingPaths.categories(':id')}`,
    {
      schema: {
        tags,
        security,
        summary:
          "A marketplace's category tree: a parent's children in tree order (browsing), or the categories matching status, leaves or search with their ancestors (finding); `after` reads on",
        params: idParams,
        querystring: mappingCategoriesQuery,
        response: { 200: result(mappingCategoriesResult), ...errorResponses(401, 403, 404, 422) },
      },
      // A page holds up to 2 × MAPPING_PAGE_MAX nodes: checking each against the schema on the way
      // out costs more than the query. The service builds them from the contract's types; the schema
      // still documents the answer.
      serializerCompiler: () => (data) => JSON.stringify(data),
      config: view,
    },
    async (request) => {
      const { id } = request.params as IdParams
      const scope = await categoryScope(deps.db, adminOf(request))
      return ok(
        request,
        'messages.ok',
        await service.mappingCategories(deps.db, id, request.query as MappingCategoriesQuery, request.lang, scope),
      )
    },
  )

  app.get(
    `/${mappingPaths.suggestions(':id')}`,
    {
      schema: {
        tags,
        security,
        summary: 'Active platform categories whose names are most like a marketplace category’s (trigram similarity), best first',
        params: idParams,
        response: { 200: result(mappingSuggestionsResult), ...errorResponses(401, 403, 404, 422) },
      },
      config: view,
    },
    async (request) => {
      const scope = await categoryScope(deps.db, adminOf(request))
      return ok(request, 'messages.ok', await service.mappingSuggestions(deps.db, (request.params as IdParams).id, request.lang, scope))
    },
  )

  app.get(
    `/${mappingPaths.properties(':id')}`,
    {
      schema: {
        tags,
        security,
        summary: "A marketplace category's properties and values with their mappings, beside the platform's active properties",
        params: idParams,
        response: { 200: result(mappingPropertiesResult), ...errorResponses(401, 403, 404, 422) },
      },
      config: view,
    },
    async (request) => {
      const { id } = request.params as IdParams
      await service.requireMappingInReach(deps.db, adminOf(request), id)
      return ok(request, 'messages.ok', await service.mappingProperties(deps.db, id, request.lang))
    },
  )

  app.post(
    `/${mappingPaths.mapCategory(':id')}`,
    {
      schema: {
        tags,
        security,
        summary: 'Map a marketplace category to a platform category, or unmap it (null); 409 when its mapping is no longer `expected`',
        params: idParams,
        body: mapCategoryBody,
        response: { 200: result(mapCategoryResult), ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: update,
    },
    async (request) => {
      const body = request.body as MapCategoryBody
      const mapped = await service.mapCategory({ deps, admin: adminOf(request), lang: request.lang }, (request.params as IdParams).id, body)
      return ok(request, body.category_id === null ? 'mapping.messages.unmapped' : 'mapping.messages.mapped', mapped)
    },
  )

  app.post(
    `/${mappingPaths.mapProperty}`,
    {
      schema: {
        tags,
        security,
        summary:
          'Map a marketplace property (of a mapped category) to a platform property and its values to its values, or unmap it (null); 409 when its mapping is no longer `expected`',
        body: mapPropertyBody,
        response: { 200: result(mapPropertyResult), ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: update,
    },
    async (request) => {
      const body = request.body as MapPropertyBody
      const mapped = await service.mapProperty({ deps, admin: adminOf(request), lang: request.lang }, body)
      return ok(request, body.property_id === null ? 'mapping.messages.unmapped' : 'mapping.messages.mapped', mapped)
    },
  )
}
