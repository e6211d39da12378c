import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import {
  packageReorderBody,
  packageSchema,
  packagesAccess,
  packageSettingsBody,
  packageSettingsSchema,
  packagesPaths,
  type PackageReorderBody,
  type PackageSettingsBody,
} from '../../../src/contract/packages'
import { errorResponses, ok } from '../../lib/http'
import { registerResource } from '../../lib/resource'
import { adminOf } from '../../plugins/access'
import { packagesDefinition, readPackageSettings, reorderPackages, savePackageSettings } from './service'

/**
 * Packages routes (under `/api`): the generic resource at `admin-panal/subscription-packages`, its
 * general settings at `{path}/general` (GET `view`, PUT `update`) and `PUT {path}/reorder`.
 */
export const packagesRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  const tags = [packagesAccess.module]
  const security = [{ bearer: [] }]
  const settings = envelope(z.object({ settings: packageSettingsSchema as unknown as z.ZodType }))

  app.get(
    `/${packagesPaths.general}`,
    {
      schema: {
        tags,
        security,
        summary: 'The general settings of packages (defaults with version 0 before the first save)',
        response: { 200: settings, ...errorResponses(401, 403) },
      },
      config: { permission: packagesAccess.can.view },
    },
    async (request) => ok(request, 'messages.ok', { settings: await readPackageSettings(deps.db) }),
  )

  app.put(
    `/${packagesPaths.general}`,
    {
      schema: {
        tags,
        security,
        summary: 'Save the general settings of packages (version as read; 409 when stale)',
        body: packageSettingsBody,
        response: { 200: settings, ...errorResponses(401, 403, 409, 422) },
      },
      config: { permission: packagesAccess.can.update },
    },
    async (request) =>
      ok(request, 'messages.updated', {
        settings: await savePackageSettings(deps, adminOf(request), request.body as PackageSettingsBody),
      }),
  )

  app.put(
    `/${packagesPaths.reorder}`,
    {
      schema: {
        tags,
        security,
        summary: 'Put every package in a new display order (all ids, first shown first)',
        body: packageReorderBody,
        response: { 200: envelope(z.object({ list: z.array(packageSchema as unknown as z.ZodType) })), ...errorResponses(401, 403, 422) },
      },
      config: { permission: packagesAccess.can.update },
    },
    async (request) =>
      ok(request, 'messages.updated', {
        list: await reorderPackages(deps, adminOf(request), request.body as PackageReorderBody, request.lang),
      }),
  )

  registerResource(app, packagesDefinition)
}
