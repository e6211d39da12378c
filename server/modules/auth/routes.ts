import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminLoginBody,
  adminMeResult,
  adminSessionResult,
  authPaths,
  changeLanguageQuery,
  checkResetTokenBody,
  checkResetTokenResult,
  forgotPasswordBody,
  resetPasswordBody,
} from '../../../src/contract/auth'
import { envelope, localeSchema } from '../../../src/contract/common'
import { errorResponses, ok } from '../../lib/http'
import { checkResetToken, requestPasswordReset, resetPassword } from '../../lib/password-reset'
import { SELF_PERMISSION } from '../../../src/contract/access'
import { adminOf } from '../../plugins/access'
import { limits } from '../../plugins/rate-limit'
import * as service from './service'

const paths = authPaths.admin
const tags = ['auth']
const security = [{ bearer: [] }]

/** Admin authentication routes (under `/api`): thin, the rules are in `service.ts`. */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps
  const { loginMax, forgotMax, tokenMax, windowMs } = deps.config.rateLimit

  app.post(
    `/${paths.login}`,
    {
      schema: {
        tags,
        summary: 'Sign in as an admin',
        body: adminLoginBody,
        response: { 200: envelope(adminSessionResult), ...errorResponses(403, 422, 429) },
      },
      config: { public: true, rateLimit: limits.byIpAndEmail(loginMax, windowMs) },
      onRequest: app.failedSignIns.check,
      onResponse: app.failedSignIns.count,
    },
    async (request) => ok(request, 'messages.signedIn', await service.login(deps, request.body)),
  )

  app.get(
    `/${paths.me}`,
    {
      schema: { tags, security, summary: 'The signed-in admin', response: { 200: envelope(adminMeResult), ...errorResponses(401) } },
      config: { permission: SELF_PERMISSION },
    },
    async (request) => ok(request, 'messages.ok', await service.me(deps, adminOf(request))),
  )

  app.get(
    `/${paths.logout}`,
    {
      schema: { tags, security, summary: 'End this session', response: { 200: envelope(z.null()), ...errorResponses(401) } },
      config: { permission: SELF_PERMISSION },
    },
    async (request) => {
      await service.logout(deps, adminOf(request))
      return ok(request, 'messages.signedOut', null)
    },
  )

  app.post(
    `/${paths.forgotPassword}`,
    {
      schema: {
        tags,
        summary: 'Send a password reset link (same answer for every email)',
        body: forgotPasswordBody,
        response: { 200: envelope(z.null()), ...errorResponses(422, 429) },
      },
      config: { public: true, rateLimit: limits.byIp(forgotMax, windowMs) },
    },
    async (request) => {
      await requestPasswordReset(deps, service.adminResetIdentity, request.body.email)
      return ok(request, 'messages.resetLinkSent', null)
    },
  )

  app.post(
    `/${paths.checkResetToken}`,
    {
      schema: {
        tags,
        summary: 'Check a password reset token',
        body: checkResetTokenBody,
        response: { 200: envelope(checkResetTokenResult), ...errorResponses(404, 422, 429) },
      },
      config: { public: true, rateLimit: limits.byIp(tokenMax, windowMs) },
    },
    async (request) => ok(request, 'messages.tokenValid', await checkResetToken(deps, service.adminResetIdentity, request.body.token)),
  )

  app.post(
    `/${paths.resetPassword}`,
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token (ends every session)',
        body: resetPasswordBody,
        response: { 200: envelope(z.null()), ...errorResponses(404, 422, 429) },
      },
      config: { public: true, rateLimit: limits.byIp(tokenMax, windowMs) },
    },
    async (request) => {
      await resetPassword(deps, service.adminResetIdentity, request.body.token, request.body.password)
      return ok(request, 'messages.passwordReset', null)
    },
  )

  app.get(
    `/${paths.changeLanguage}`,
    {
      schema: {
        tags,
        security,
        summary: "Store the admin's language",
        querystring: changeLanguageQuery,
        response: { 200: envelope(z.object({ locale: localeSchema })), ...errorResponses(401, 422) },
      },
      config: { permission: SELF_PERMISSION },
    },
    async (request) => ok(request, 'messages.languageChanged', await service.changeLanguage(deps, adminOf(request), request.query.locale)),
  )
}
