import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import { resourcePaths } from '../../../src/contract/resource'
import {
  permissionsResult,
  roleCreateBody,
  roleListQuery,
  roleSchema,
  rolesAccess,
  rolesPermissionsPath,
  rolesResource,
  roleUpdateBody,
  type RoleCreateBody,
  type RoleUpdateBody,
} from '../../../src/contract/roles'
import { pageSchema } from '../../../src/contract/resource'
import { errorResponses, ok } from '../../lib/http'
import { getRecord, listRecords, type BaseListQuery } from '../../lib/resource'
import { adminOf } from '../../plugins/access'
import * as service from './service'

const tags = ['roles']
const security = [{ bearer: [] }]
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
const one = envelope(z.object({ item: roleSchema as unknown as z.ZodType }))
type IdRequest = { params: unknown }
const idOf = (request: IdRequest) => (request.params as { id: number }).id

/** Roles (under `/api`): the generic resource's list and record, its own writes, and the permission list. */
export const rolesRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  const paths = resourcePaths(`/${rolesResource.path}`)
  const can = rolesAccess.can

  app.get(
    `/${rolesPermissionsPath}`,
    {
      schema: {
        tags,
        security,
        summary: 'Every permission the modules declare, by module: what a role may grant',
        response: { 200: envelope(permissionsResult as unknown as z.ZodType), ...errorResponses(401, 403) },
      },
      config: { permission: can.view },
    },
    async (request) => ok(request, 'messages.ok', { modules: await service.declaredPermissions() }),
  )

  app.get(
    paths.list,
    {
      schema: {
        tags,
        security,
        summary: 'List roles',
        querystring: roleListQuery,
        response: { 200: envelope(z.object({ roles: pageSchema(roleSchema) as unknown as z.ZodType })), ...errorResponses(401, 403, 422) },
      },
      config: { permission: can.view },
    },
    async (request) =>
      ok(request, 'messages.ok', {
        roles: await listRecords(deps.db, service.rolesDefinition, request.query as BaseListQuery, request.lang),
      }),
  )

  app.get(
    paths.one(':id'),
    {
      schema: { tags, security, summary: 'One role', params: idParams, response: { 200: one, ...errorResponses(401, 403, 404, 422) } },
      config: { permission: can.view },
    },
    async (request) => ok(request, 'messages.ok', { item: await getRecord(deps.db, service.rolesDefinition, idOf(request), request.lang) }),
  )

  app.post(
    paths.list,
    {
      schema: {
        tags,
        security,
        summary: 'Create a role (each permission declared by a module, and held by the creator unless primary)',
        body: roleCreateBody,
        response: { 201: one, ...errorResponses(401, 403, 422) },
      },
      config: { permission: can.create },
    },
    async (request, reply) => {
      const item = await service.createRole(deps, adminOf(request), request.body as RoleCreateBody, request.lang)
      return reply.code(201).send(ok(request, 'messages.created', { item }))
    },
  )

  app.put(
    paths.one(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Update a role (version required; 409 when stale)',
        params: idParams,
        body: roleUpdateBody,
        response: { 200: one, ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: { permission: can.update },
    },
    async (request) =>
      ok(request, 'messages.updated', {
        item: await service.updateRole(deps, adminOf(request), idOf(request), request.body as RoleUpdateBody, request.lang),
      }),
  )

  app.delete(
    paths.one(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Delete a role no admin holds (409 naming the admins that hold it)',
        params: idParams,
        response: { 200: envelope(z.null()), ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: { permission: can.delete },
    },
    async (request) => {
      await service.deleteRole(deps, adminOf(request), idOf(request))
      return ok(request, 'messages.deleted', null)
    },
  )
}
