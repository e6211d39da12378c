import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  authPaths,
  checkResetTokenBody,
  checkResetTokenResult,
  forgotPasswordBody,
  resetPasswordBody,
  userLoginBody,
  userMeResult,
  userRegisterBody,
  userSessionResult,
} from '../../../src/contract/auth'
import { envelope } from '../../../src/contract/common'
import { errorResponses, ok } from '../../lib/http'
import { checkResetToken, requestPasswordReset, resetPassword } from '../../lib/password-reset'
import { userOf } from '../../plugins/access'
import { limits } from '../../plugins/rate-limit'
import * as service from './service'

const paths = authPaths.user
const tags = ['users']
const security = [{ bearer: [] }]

/** End-user (vendor account) authentication routes, under `/api`. */
export const userAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps
  const { loginMax, forgotMax, tokenMax, windowMs } = deps.config.rateLimit

  app.post(
    `/${paths.login}`,
    {
      schema: {
        tags,
        summary: 'Sign in as an end user',
        body: userLoginBody,
        response: { 200: envelope(userSessionResult), ...errorResponses(403, 422, 429) },
      },
      config: { public: true, rateLimit: limits.byIpAndEmail(loginMax, windowMs) },
      onRequest: app.failedSignIns.check,
      onResponse: app.failedSignIns.count,
    },
    async (request) => ok(request, 'messages.signedIn', await service.login(deps, request.body)),
  )

  app.post(
    `/${paths.register}`,
    {
      schema: {
        tags,
        summary: 'Create an end-user account and sign it in',
        body: userRegisterBody,
        response: { 201: envelope(userSessionResult), ...errorResponses(422, 429) },
      },
      config: { public: true, rateLimit: limits.byIp(forgotMax, windowMs) },
    },
    async (request, reply) => {
      const result = await service.register(deps, request.body, request.lang)
      return reply.code(201).send(ok(request, 'messages.registered', result))
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
      await requestPasswordReset(deps, service.userResetIdentity, request.body.email)
      return ok(request, 'messages.resetLinkSent', null)
    },
  )

  app.post(
    `/${paths.checkResetToken}`,
    {
      schema: {
        tags,
        summary: "Check an end user's password reset token",
        body: checkResetTokenBody,
        response: { 200: envelope(checkResetTokenResult), ...errorResponses(422, 429) },
      },
      config: { public: true, rateLimit: limits.byIp(tokenMax, windowMs) },
    },
    async (request) => ok(request, 'messages.tokenValid', await checkResetToken(deps, service.userResetIdentity, request.body.token)),
  )

  app.post(
    `/${paths.resetPassword}`,
    {
      schema: {
        tags,
        summary: "Set an end user's new password with a reset token (ends every session)",
        body: resetPasswordBody,
        response: { 200: envelope(z.null()), ...errorResponses(422, 429) },
      },
      config: { public: true, rateLimit: limits.byIp(tokenMax, windowMs) },
    },
    async (request) => {
      await resetPassword(deps, service.userResetIdentity, request.body.token, request.body.password)
      return ok(request, 'messages.passwordReset', null)
    },
  )

  app.get(
    `/${paths.me}`,
    {
      schema: { tags, security, summary: 'The signed-in end user', response: { 200: envelope(userMeResult), ...errorResponses(401) } },
      config: { identity: 'user' },
    },
    async (request) => ok(request, 'messages.ok', await service.me(deps, userOf(request))),
  )

  app.get(
    `/${paths.logout}`,
    {
      schema: { tags, security, summary: 'End this session', response: { 200: envelope(z.null()), ...errorResponses(401) } },
      config: { identity: 'user' },
    },
    async (request) => {
      await service.logout(deps, userOf(request))
      return ok(request, 'messages.signedOut', null)
    },
  )
}
