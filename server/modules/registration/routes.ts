import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod/mini'
import { envelope } from '../../../src/contract/common'
import {
  cardPaymentBody,
  completionResult,
  confirmPaymentBody,
  draftParams,
  draftResult,
  packageStepBody,
  referralCodeQuery,
  referralCodeResult,
  registrationOptions,
  registrationPaths,
  storeStepBody,
  subdomainCheckQuery,
  subdomainCheckResult,
  type CardPaymentBody,
  type PackageStepBody,
  type StoreStepBody,
} from '../../../src/contract/registration'
import { errorResponses, ok } from '../../lib/http'
import { limits } from '../../plugins/rate-limit'
import { readPaymentForm } from '../../lib/receipts'
import { sandboxGateway, type PaymentGateway } from './gateway'
import * as service from './service'

/** What a person typing in the wizard may check per client address and window (like `coupons/check`). */
const CHECKS_PER_WINDOW = 30

const tags = ['registration']
const paths = registrationPaths
const draftAnswer = envelope(draftResult)
const tokenOf = (params: unknown) => (params as z.infer<typeof draftParams>).token

/**
 * The public routes of the vendor registration wizard, under `/api`, each rate limited per client
 * address: the typing checks generously, the draft and its steps as the token checks are, the draft's
 * creation and completion as registrations are (`forgotMax`).
 */
export function registrationRoutes(gateway: PaymentGateway = sandboxGateway): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = app.deps
    const { forgotMax, tokenMax, windowMs } = deps.config.rateLimit
    const typing = { public: true, rateLimit: limits.byIp(CHECKS_PER_WINDOW, windowMs) }
    const step = { public: true, rateLimit: limits.byIp(tokenMax, windowMs) }
    const registering = { public: true, rateLimit: limits.byIp(forgotMax, windowMs) }

    app.get(
      `/${paths.options}`,
      {
        schema: {
          tags,
          summary: 'What steps 2 and 3 show: the active packages with their limits, VAT, trial days, bank accounts, the gateway',
          response: { 200: envelope(registrationOptions), ...errorResponses(429) },
        },
        config: typing,
      },
      async (request) => ok(request, 'messages.ok', await service.registrationOptions(deps, request.lang, gateway)),
    )

    app.get(
      `/${paths.subdomain}`,
      {
        schema: {
          tags,
          summary: 'Whether a subdomain is free, well formed and not reserved, with a suggestion when not',
          querystring: subdomainCheckQuery,
          response: { 200: envelope(subdomainCheckResult), ...errorResponses(422, 429) },
        },
        config: typing,
      },
      async (request) => {
        const { subdomain } = request.query as z.infer<typeof subdomainCheckQuery>
        return ok(request, 'messages.ok', await service.checkSubdomain(deps.db, subdomain, request.lang))
      },
    )

    app.get(
      `/${paths.referralCode}`,
      {
        schema: {
          tags,
          summary: "Whose referral code this is (the vendor's store name or the partner's name)",
          querystring: referralCodeQuery,
          response: { 200: envelope(referralCodeResult), ...errorResponses(422, 429) },
        },
        config: typing,
      },
      async (request) => {
        const { code } = request.query as z.infer<typeof referralCodeQuery>
        const result = await service.checkReferralCode(deps.db, code)
        return ok(request, result.valid ? 'messages.ok' : 'registration.errors.referralUnknown', result)
      },
    )

    app.post(
      `/${paths.drafts}`,
      {
        schema: {
          tags,
          summary: 'Start a registration: a draft (24 hours) whose token the next calls carry (no body: every value arrives with its step)',
          response: { 201: draftAnswer, ...errorResponses(429) },
        },
        config: registering,
      },
      async (request, reply) =>
        reply.code(201).send(ok(request, 'registration.messages.draftCreated', { draft: await service.createDraft(deps, request.lang) })),
    )

    app.get(
      `/${paths.draft(':token')}`,
      {
        schema: {
          tags,
          summary: 'The draft as stored (never the password), with the next step to fill',
          params: draftParams,
          response: { 200: draftAnswer, ...errorResponses(404, 409, 410, 422, 429) },
        },
        config: step,
      },
      async (request) => ok(request, 'messages.ok', { draft: await service.readDraft(deps, tokenOf(request.params), request.lang) }),
    )

    app.put(
      `/${paths.store(':token')}`,
      {
        schema: {
          tags,
          summary: 'Step 1, store information (checked and stored; the password kept hashed)',
          params: draftParams,
          body: storeStepBody,
          response: { 200: draftAnswer, ...errorResponses(400, 404, 409, 410, 422, 429) },
        },
        config: step,
      },
      async (request) => {
        const draft = await service.saveStore(deps, tokenOf(request.params), request.body as StoreStepBody, request.lang)
        return ok(request, 'registration.messages.stepSaved', { draft })
      },
    )

    app.put(
      `/${paths.package(':token')}`,
      {
        schema: {
          tags,
          summary: 'Step 2, the package and an optional coupon (priced as coupons/check); needs step 1',
          params: draftParams,
          body: packageStepBody,
          response: { 200: draftAnswer, ...errorResponses(404, 409, 410, 422, 429) },
        },
        config: step,
      },
      async (request) => {
        const draft = await service.savePackage(deps, tokenOf(request.params), request.body as PackageStepBody, request.lang)
        return ok(request, 'registration.messages.stepSaved', { draft })
      },
    )

    app.post(
      `/${paths.payment(':token')}`,
      {
        schema: {
          tags,
          summary: 'Step 3 by card or Apple Pay through the payment gateway (the built-in sandbox by default); needs steps 1 and 2',
          params: draftParams,
          body: cardPaymentBody,
          response: { 200: draftAnswer, ...errorResponses(402, 404, 409, 410, 422, 429) },
        },
        config: step,
      },
      async (request) => {
        const draft = await service.payByCard(deps, gateway, tokenOf(request.params), request.body as CardPaymentBody, request.lang)
        return ok(request, paymentMessage(draft.payment?.state), { draft })
      },
    )

    app.post(
      `/${paths.confirmPayment(':token')}`,
      {
        schema: {
          tags,
          summary: 'The 3-D Secure code of a card that asked for one',
          params: draftParams,
          body: confirmPaymentBody,
          response: { 200: draftAnswer, ...errorResponses(402, 404, 409, 410, 422, 429) },
        },
        config: step,
      },
      async (request) => {
        const { code } = request.body as z.infer<typeof confirmPaymentBody>
        const draft = await service.confirmChallenge(deps, gateway, tokenOf(request.params), code, request.lang)
        return ok(request, paymentMessage(draft.payment?.state), { draft })
      },
    )

    app.post(
      `/${paths.transfer(':token')}`,
      {
        schema: {
          tags,
          summary:
            'Step 3 by bank transfer (multipart: method=BANK_TRANSFER, payment_file, payment_number?); the payment waits for approval',
          consumes: ['multipart/form-data'],
          params: draftParams,
          response: { 200: draftAnswer, ...errorResponses(400, 404, 409, 410, 413, 415, 422, 429) },
        },
        config: step,
      },
      async (request) => {
        const { fields, file } = await readPaymentForm(request)
        const draft = await service.payByTransfer(deps, tokenOf(request.params), fields, file, request.lang)
        return ok(request, 'registration.messages.receiptReceived', { draft })
      },
    )

    app.post(
      `/${paths.complete(':token')}`,
      {
        schema: {
          tags,
          summary:
            'Create the account, the vendor (pending) and its payment in one transaction; answers the end-user token as register does',
          params: draftParams,
          response: { 201: envelope(completionResult), ...errorResponses(404, 409, 410, 422, 429) },
        },
        config: registering,
      },
      async (request, reply) => {
        const result = await service.completeDraft(deps, tokenOf(request.params), request.lang)
        return reply.code(201).send(ok(request, 'messages.registered', result))
      },
    )
  }
}

const paymentMessage = (state: string | undefined) => (state === 'paid' ? 'registration.messages.paid' : 'registration.messages.challenge')
