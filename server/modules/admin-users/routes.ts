import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { SELF_PERMISSION } from '../../../src/contract/access'
import {
  adminCategoriesBody,
  adminCategoriesPath,
  adminCategoriesResult,
  type AdminCategoriesBody,
  adminUserCreateBody,
  adminUserListQuery,
  adminUserSchema,
  adminUsersAccess,
  adminUsersResource,
  adminUserUpdateBody,
  type AdminUserCreateBody,
  type AdminUserUpdateBody,
} from '../../../src/contract/admin-users'
import { envelope } from '../../../src/contract/common'
import { changePasswordBody, changePasswordResult, profilePaths, profileResult, updateProfileBody } from '../../../src/contract/profile'
import { pageSchema, resourcePaths } from '../../../src/contract/resource'
import { errorResponses, ok } from '../../lib/http'
import { getRecord, listRecords, type BaseListQuery } from '../../lib/resource'
import { adminOf } from '../../plugins/access'
import * as service from './service'

const tags = ['admin-users']
const security = [{ bearer: [] }]
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
const one = envelope(z.object({ item: adminUserSchema as unknown as z.ZodType }))
const idOf = (request: { params: unknown }) => (request.params as { id: number }).id

/**
 * Admin users (under `/api`): the generic resource's six routes at `admin-panal/users` (reads through
 * `listRecords` / `getRecord`, writes under the rules of `service.ts`) and the signed-in admin's own
 * profile and password under `admin-panal/setting`.
 */
export const adminUsersRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  const paths = resourcePaths(`/${adminUsersResource.path}`)
  const can = adminUsersAccess.can

  app.get(
    paths.list,
    {
      schema: {
        tags,
        security,
        summary: 'List admin users (filters: is_active, user_type, role_id; search in name and email)',
        querystring: adminUserListQuery,
        response: {
          200: envelope(z.object({ users: pageSchema(adminUserSchema) as unknown as z.ZodType })),
          ...errorResponses(401, 403, 422),
        },
      },
      config: { permission: can.view },
    },
    async (request) => {
      const actor = adminOf(request)
      const page = await listRecords(deps.db, service.adminUsersListAt(deps.clock()), request.query as BaseListQuery, request.lang)
      return ok(request, 'messages.ok', { users: { ...page, data: page.data.map((item) => service.markSelf(item, actor)) } })
    },
  )

  app.get(
    paths.one(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'One admin user',
        params: idParams,
        response: { 200: one, ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: can.view },
    },
    async (request) => {
      const item = await getRecord(deps.db, service.adminUsersDefinition, idOf(request), request.lang)
      return ok(request, 'messages.ok', { item: service.markSelf(item, adminOf(request)) })
    },
  )

  app.post(
    paths.list,
    {
      schema: {
        tags,
        security,
        summary: 'Create an admin user ("email already taken" when the email is used, whatever the case)',
        body: adminUserCreateBody,
        response: { 201: one, ...errorResponses(401, 403, 422) },
      },
      config: { permission: can.create },
    },
    async (request, reply) => {
      const item = await service.createAdminUser(deps, adminOf(request), request.body as AdminUserCreateBody, request.lang)
      return reply.code(201).send(ok(request, 'messages.created', { item }))
    },
  )

  app.put(
    paths.activeToggle(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Activate or deactivate an admin user (deactivating ends its sessions)',
        params: idParams,
        response: { 200: one, ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: can.update },
    },
    async (request) =>
      ok(request, 'messages.updated', { item: await service.toggleAdminUser(deps, adminOf(request), idOf(request), request.lang) }),
  )

  app.put(
    paths.one(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Update an admin user (version required; a new password or deactivation ends its sessions)',
        params: idParams,
        body: adminUserUpdateBody,
        response: { 200: one, ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: { permission: can.update },
    },
    async (request) =>
      ok(request, 'messages.updated', {
        item: await service.updateAdminUser(deps, adminOf(request), idOf(request), request.body as AdminUserUpdateBody, request.lang),
      }),
  )

  app.delete(
    paths.one(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Delete an admin user (not itself, not the last active primary user)',
        params: idParams,
        response: { 200: envelope(z.null()), ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: { permission: can.delete },
    },
    async (request) => {
      await service.deleteAdminUser(deps, adminOf(request), idOf(request))
      return ok(request, 'messages.deleted', null)
    },
  )

  app.get(
    `/${adminCategoriesPath(':id')}`,
    {
      schema: {
        tags,
        security,
        summary: 'The platform categories an admin is responsible for, each with its path in the tree',
        params: idParams,
        response: { 200: envelope(adminCategoriesResult as unknown as z.ZodType), ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: can.view },
    },
    async (request) => ok(request, 'messages.ok', await service.getAdminCategories(deps, adminOf(request), idOf(request), request.lang)),
  )

  app.put(
    `/${adminCategoriesPath(':id')}`,
    {
      schema: {
        tags,
        security,
        summary:
          'Set the categories a sub user is responsible for: it then sees and changes only those, their sub-categories and their mappings (none: no restriction)',
        params: idParams,
        body: adminCategoriesBody,
        response: { 200: envelope(adminCategoriesResult as unknown as z.ZodType), ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: can.update },
    },
    async (request) =>
      ok(
        request,
        'messages.updated',
        await service.setAdminCategories(deps, adminOf(request), idOf(request), request.body as AdminCategoriesBody, request.lang),
      ),
  )

  app.get(
    `/${profilePaths.get}`,
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in admin',
        response: { 200: envelope(profileResult as unknown as z.ZodType), ...errorResponses(401) },
      },
      config: { permission: SELF_PERMISSION },
    },
    async (request) => ok(request, 'messages.ok', await service.getProfile(deps, adminOf(request))),
  )

  app.post(
    `/${profilePaths.update}`,
    {
      schema: {
        tags,
        security,
        summary: "Update the signed-in admin's name, email, avatar and language",
        body: updateProfileBody,
        response: { 200: envelope(profileResult as unknown as z.ZodType), ...errorResponses(401, 422) },
      },
      config: { permission: SELF_PERMISSION },
    },
    async (request) =>
      ok(
        request,
        'users.profile.updated',
        await service.updateProfile(deps, adminOf(request), request.body as z.infer<typeof updateProfileBody>),
      ),
  )

  app.post(
    `/${profilePaths.changePassword}`,
    {
      schema: {
        tags,
        security,
        summary: 'Change the signed-in admin\'s password ("Password not correct" when the current one is wrong); ends its other sessions',
        body: changePasswordBody,
        response: { 200: envelope(changePasswordResult as unknown as z.ZodType), ...errorResponses(401, 422) },
      },
      config: { permission: SELF_PERMISSION },
    },
    async (request) => {
      const result = await service.changePassword(deps, adminOf(request), request.body as z.infer<typeof changePasswordBody>)
      return ok(request, 'users.profile.passwordChanged', result, { n: result.ended_sessions })
    },
  )
}
