import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import { settingsAccess, settingsBody, settingsPaths, settingsSchema, siteSchema, type SettingsBody } from '../../../src/contract/settings'
import { errorResponses, ok } from '../../lib/http'
import { adminOf } from '../../plugins/access'
import { readSettings, readSite, saveSettings } from './service'

/** Settings routes (under `/api`): read and save the platform's settings; the public site identity. */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  const tags = ['settings']
  const security = [{ bearer: [] }]
  const settings = envelope(z.object({ settings: settingsSchema as unknown as z.ZodType }))

  app.get(
    `/${settingsPaths.list}`,
    {
      schema: {
        tags,
        security,
        summary: "The platform's settings (the defaults with version 0 before the first save)",
        response: { 200: settings, ...errorResponses(401, 403) },
      },
      config: { permission: settingsAccess.can.view },
    },
    async (request) => ok(request, 'messages.ok', { settings: await readSettings(deps.db) }),
  )

  app.post(
    `/${settingsPaths.update}`,
    {
      schema: {
        tags,
        security,
        summary: "Save the platform's settings with the version read (409 when stale); every change audited",
        body: settingsBody,
        response: { 200: settings, ...errorResponses(401, 403, 409, 422) },
      },
      config: { permission: settingsAccess.can.update },
    },
    async (request) =>
      ok(request, 'messages.updated', { settings: await saveSettings(deps, adminOf(request), request.body as SettingsBody) }),
  )

  app.get(
    `/${settingsPaths.site}`,
    {
      schema: {
        tags,
        summary: "The site's name (ar, en) and logo, and whether the public contact form is open",
        response: { 200: envelope(z.object({ site: siteSchema as unknown as z.ZodType })) },
      },
      config: { public: true },
    },
    async (request) => ok(request, 'messages.ok', { site: await readSite(deps.db) }),
  )
}
