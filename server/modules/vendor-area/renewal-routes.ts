import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod/mini'
import { envelope } from '../../../src/contract/common'
import {
  cardPaymentBody,
  confirmPaymentBody,
  draftResult,
  packageStepBody,
  registrationOptions,
  type CardPaymentBody,
  type PackageStepBody,
} from '../../../src/contract/registration'
import { renewalResult, vendorAreaPaths as paths } from '../../../src/contract/vendor-area'
import { errorResponses, ok } from '../../lib/http'
import { userOf } from '../../plugins/access'
import { limits } from '../../plugins/rate-limit'
import { sandboxGateway, type PaymentGateway } from '../registration/gateway'
import { readPaymentForm } from '../../lib/receipts'
import * as service from './renewal'

const tags = ['vendor-area']
const security = [{ bearer: [] }]
const draftAnswer = envelope(draftResult)
const paymentMessage = (state: string | undefined) => (state === 'paid' ? 'registration.messages.paid' : 'registration.messages.challenge')

/**
 * Renewing or changing the package (under `/api/user/vendor/renewal`): the registration's steps 2 and
 * 3 for the signed-in vendor's end-user token (an admin's is refused), rate limited per client
 * address as the registration's steps are.
 */
export function renewalRoutes(gateway: PaymentGateway = sandboxGateway): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = app.deps
    const { tokenMax, windowMs } = deps.config.rateLimit
    const config = { identity: 'user' as const, rateLimit: limits.byIp(tokenMax, windowMs) }

    app.get(
      `/${paths.renewalOptions}`,
      {
        schema: {
          tags,
          security,
          summary: 'What the renewal offers: the packages (never a free trial), VAT, bank accounts, the gateway',
          response: { 200: envelope(registrationOptions), ...errorResponses(401, 404, 409, 429) },
        },
        config,
      },
      async (request) => ok(request, 'messages.ok', await service.renewalOptions(deps, userOf(request), request.lang, gateway)),
    )

    app.put(
      `/${paths.renewalPackage}`,
      {
        schema: {
          tags,
          security,
          summary: 'Renewal step 2: the package and an optional coupon, priced as the registration prices them',
          body: packageStepBody,
          response: { 200: draftAnswer, ...errorResponses(401, 404, 409, 422, 429) },
        },
        config,
      },
      async (request) => {
        const draft = await service.saveRenewalPackage(deps, userOf(request), request.body as PackageStepBody, request.lang)
        return ok(request, 'registration.messages.stepSaved', { draft })
      },
    )

    app.post(
      `/${paths.renewalPayment}`,
      {
        schema: {
          tags,
          security,
          summary: 'Renewal step 3 by card or Apple Pay through the payment gateway; a paid card records a Success payment',
          body: cardPaymentBody,
          response: { 200: draftAnswer, ...errorResponses(401, 402, 404, 409, 422, 429) },
        },
        config,
      },
      async (request) => {
        const draft = await service.payRenewalByCard(deps, gateway, userOf(request), request.body as CardPaymentBody, request.lang)
        return ok(request, paymentMessage(draft.payment?.state), { draft })
      },
    )

    app.post(
      `/${paths.renewalConfirm}`,
      {
        schema: {
          tags,
          security,
          summary: 'The 3-D Secure code of the renewal card that asked for one',
          body: confirmPaymentBody,
          response: { 200: draftAnswer, ...errorResponses(401, 402, 404, 409, 422, 429) },
        },
        config,
      },
      async (request) => {
        const { code } = request.body as z.infer<typeof confirmPaymentBody>
        const draft = await service.confirmRenewalCard(deps, gateway, userOf(request), code, request.lang)
        return ok(request, paymentMessage(draft.payment?.state), { draft })
      },
    )

    app.post(
      `/${paths.renewalTransfer}`,
      {
        schema: {
          tags,
          security,
          summary: 'Renewal step 3 by bank transfer (multipart: method=BANK_TRANSFER, payment_file, payment_number?): a Pending payment',
          consumes: ['multipart/form-data'],
          response: { 200: draftAnswer, ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429) },
        },
        config,
      },
      async (request) => {
        const { fields, file } = await readPaymentForm(request)
        const draft = await service.payRenewalByTransfer(deps, userOf(request), fields, file, request.lang)
        return ok(request, 'registration.messages.receiptReceived', { draft })
      },
    )

    app.post(
      `/${paths.renewalComplete}`,
      {
        schema: {
          tags,
          security,
          summary: "The payment the vendor's latest renewal recorded",
          response: { 200: envelope(renewalResult), ...errorResponses(401, 404, 409, 429) },
        },
        config,
      },
      async (request) => ok(request, 'vendor-area.messages.renewed', await service.completeRenewal(deps, userOf(request))),
    )
  }
}
