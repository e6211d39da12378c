import * as z from 'zod/mini'
import { PASSWORD_MIN, PASSWORD_STRENGTH_RULES, userSessionResult } from './auth'
import { COUPON_CODE_MAX } from './coupons'
import { packageTypes, subscriptionTypes } from './core'
import { paymentStatuses } from './payments'
import { isIsoDate, listItemSchema } from './resource'
import { vendorFields, vendorStatuses } from './vendors'

/**
 * The public vendor self-registration wizard (`/register/vender`, issue 11): a draft the server keeps
 * between the steps (store information, package, payment), each step validated and stored there, then
 * one completion that creates the end user, the vendor and its payment. Every path is public and rate
 * limited per client address; the draft's token is its only key.
 */
const base = 'register/vender'
export const registrationPaths = {
  /** `GET`: what step 2 and 3 show (active packages, VAT, trial days, bank accounts). */
  options: `${base}/options`,
  /** `GET ?subdomain=`: free or not while typing, with a suggestion when taken. */
  subdomain: `${base}/subdomain-availability`,
  /** `GET ?code=`: whose referral code this is. */
  referralCode: `${base}/referral-code`,
  /** `POST`: a new draft. */
  drafts: `${base}/drafts`,
  /** `GET`: the draft as stored (no password). */
  draft: (token: string) => `${base}/drafts/${token}`,
  /** `PUT`: step 1. */
  store: (token: string) => `${base}/drafts/${token}/store`,
  /** `PUT`: step 2. */
  package: (token: string) => `${base}/drafts/${token}/package`,
  /** `POST`: step 3 by card or Apple Pay, through the payment gateway. */
  payment: (token: string) => `${base}/drafts/${token}/payment`,
  /** `POST` multipart (`method=BANK_TRANSFER`, `payment_file`, optional `payment_number`): step 3 by bank transfer. */
  transfer: (token: string) => `${base}/drafts/${token}/transfer`,
  /** `POST`: the 3-D Secure code of a card that asked for one. */
  confirmPayment: (token: string) => `${base}/drafts/${token}/payment/confirm`,
  /** `POST`: creates the account, the vendor and its payment; signs the vendor in. */
  complete: (token: string) => `${base}/drafts/${token}/complete`,
} as const

/** How long a draft lives after its creation. */
export const DRAFT_TTL_HOURS = 24
/** A draft token: 43 base64url characters (32 random bytes). */
const draftTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'validation.format'))
export const draftParams = z.strictObject({ token: draftTokenSchema })

const utmValue = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(100))))
/** The landing address's utm_* values, kept through the steps. */
export const utmKeys = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const

const referralCodeSchema = z.string().check(z.trim(), z.toUpperCase(), z.maxLength(40), z.regex(/^[\p{L}\p{Nd}_-]*$/u, 'validation.format'))

const registrationPassword = z.string().check(
  z.minLength(1, { abort: true }),
  z.minLength(PASSWORD_MIN),
  z.maxLength(128),
  z.refine((p) => PASSWORD_STRENGTH_RULES.every((rule) => rule.test(p)), 'validation.passwordWeak'),
)

/**
 * Step 1, store information. `website` is the honeypot: a person never sees it, so it must stay empty.
 * The server also checks the expiry against today, and the email and subdomain against the stored ones.
 */
export const storeStepBody = z
  .strictObject({
    store_name: vendorFields.store_name,
    company_name: vendorFields.company_name,
    commercial_registration: vendorFields.commercial_registration,
    commercial_registration_expiry: z.string().check(z.trim(), z.minLength(1, { abort: true }), z.refine(isIsoDate, 'validation.format')),
    phone: vendorFields.phone,
    email: vendorFields.email,
    password: registrationPassword,
    password_confirmation: z.string().check(z.maxLength(128)),
    subdomain: vendorFields.subdomain,
    tax_no: z.string().check(z.trim(), z.minLength(1, { abort: true }), z.length(15), z.regex(/^3\d{13}3$/, 'validation.format')),
    referral_code: z.optional(z.nullable(referralCodeSchema)),
    /** The ids of active marketplaces the vendor sells on or means to (the options list them). */
    marketplaces: z.optional(z.array(z.int().check(z.gte(1), z.lte(2_147_483_647))).check(z.maxLength(50))),
    utm_source: utmValue,
    utm_medium: utmValue,
    utm_campaign: utmValue,
    utm_term: utmValue,
    utm_content: utmValue,
    website: z.optional(z.string().check(z.maxLength(500))),
  })
  .check(
    z.refine((v) => v.password === v.password_confirmation, {
      path: ['password_confirmation'],
      message: 'validation.passwordsMatch',
    }),
  )
export type StoreStepBody = z.infer<typeof storeStepBody>

/** Step 2: an active package and, optionally, a coupon code (priced as `POST coupons/check`). */
export const packageStepBody = z.strictObject({
  package_id: z.int().check(z.gte(1), z.lte(2_147_483_647)),
  coupon_code: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(COUPON_CODE_MAX)))),
})
export type PackageStepBody = z.infer<typeof packageStepBody>

/** Card methods go through the payment gateway; a bank transfer sends its receipt as multipart instead. */
const cardMethods = ['CREDIT_CARD', 'APPLE_PAY'] as const
const cardSchema = z.strictObject({
  /** Digits, spaces allowed; never stored (only its last 4 digits and brand). */
  number: z.string().check(z.maxLength(30), z.regex(/^[0-9 ]{12,30}$/, 'validation.format')),
  exp_month: z.int().check(z.gte(1), z.lte(12)),
  exp_year: z.int().check(z.gte(2000), z.lte(2100)),
  cvc: z.string().check(z.regex(/^\d{3,4}$/, 'validation.format')),
  holder_name: z.string().check(z.trim(), z.minLength(2), z.maxLength(120)),
})
export const cardPaymentBody = z.strictObject({ method: z.enum(cardMethods), card: cardSchema })
export type CardPaymentBody = z.infer<typeof cardPaymentBody>

/** The multipart fields of a bank transfer (beside `payment_file`). */
export const bankTransferFields = z.strictObject({
  method: z.literal('BANK_TRANSFER'),
  payment_number: z.optional(z.string().check(z.trim(), z.maxLength(60))),
})

export const confirmPaymentBody = z.strictObject({ code: z.string().check(z.minLength(1), z.maxLength(12)) })

export const subdomainCheckQuery = z.strictObject({ subdomain: z.string().check(z.maxLength(100)) })
export const subdomainCheckResult = z.object({
  available: z.boolean(),
  /** Why not, in the `Lang` language; null when available. */
  reason: z.nullable(z.string()),
  /** A free subdomain close to the one asked, when it is taken or reserved. */
  suggestion: z.nullable(z.string()),
})
export type SubdomainCheckResult = z.infer<typeof subdomainCheckResult>

export const referralCodeQuery = z.strictObject({ code: z.string().check(z.maxLength(100)) })
/** Who may refer a vendor: another vendor now, partners when they arrive. */
const referrerKinds = ['vendor', 'partner'] as const
export const referralCodeResult = z.object({
  valid: z.boolean(),
  owner: z.nullable(z.object({ kind: z.enum(referrerKinds), name: z.string() })),
})
export type ReferralCodeResult = z.infer<typeof referralCodeResult>

const amountsSchema = z.object({
  price: z.number(),
  discount: z.number(),
  net: z.number(),
  vat: z.number(),
  total: z.number(),
  vat_percent: z.number(),
})

const optionPackageSchema = z.object({
  id: z.int(),
  title: z.string(),
  short_description: z.string(),
  description: z.nullable(z.string()),
  price: z.number(),
  subscription_type: z.enum(subscriptionTypes),
  package_type: z.enum(packageTypes),
  days: z.nullable(z.int()),
  /** Every limit; null means unlimited. */
  limits: z.record(z.string(), z.nullable(z.number())),
})
export const registrationOptions = z.object({
  packages: z.array(optionPackageSchema),
  vat_percent: z.number(),
  free_trial_days: z.int(),
  bank_accounts: z.array(z.object({ bank_name: z.string(), holder_name: z.string(), iban: z.string() })),
  /** The payment gateway's name; `sandbox` true while no real gateway is plugged in. */
  gateway: z.object({ name: z.string(), sandbox: z.boolean() }),
  /** Active marketplaces a vendor may say it is interested in, named in the `Lang` language (absent from a server without them). */
  marketplaces: z.optional(z.array(listItemSchema)),
})
export type RegistrationOptions = z.infer<typeof registrationOptions>

/** Where a draft's payment stands. */
const draftPaymentStates = ['not_required', 'paid', 'challenge', 'declined', 'receipt_received'] as const

const draftPaymentSchema = z.object({
  state: z.enum(draftPaymentStates),
  method: z.nullable(z.string()),
  /** A card's last 4 digits and brand (nothing else of a card is kept). */
  last4: z.nullable(z.string()),
  brand: z.nullable(z.string()),
  /** Why a card was declined, in the `Lang` language. */
  reason: z.nullable(z.string()),
  /** True when the answer comes from the built-in sandbox gateway. */
  sandbox: z.boolean(),
})

const draftSchema = z.object({
  /** The draft's key: send it in every path of the wizard. */
  token: z.string(),
  expires_at: z.string(),
  /** The next step to fill (1, 2, 3) or 4 when it can be completed. */
  step: z.int(),
  store: z.nullable(
    z.object({
      store_name: z.string(),
      company_name: z.string(),
      commercial_registration: z.string(),
      commercial_registration_expiry: z.string(),
      phone: z.string(),
      email: z.string(),
      subdomain: z.string(),
      tax_no: z.string(),
      referral_code: z.nullable(z.string()),
      referrer: z.nullable(z.object({ kind: z.enum(referrerKinds), name: z.string() })),
      marketplaces: z.array(z.int()),
      utm: z.record(z.string(), z.string()),
    }),
  ),
  package: z.nullable(
    z.object({
      package_id: z.int(),
      package_type: z.enum(packageTypes),
      coupon_code: z.nullable(z.string()),
      ...amountsSchema.shape,
      /** No payment is needed (a free trial, or nothing left to pay). */
      payment_required: z.boolean(),
    }),
  ),
  payment: z.nullable(draftPaymentSchema),
})
export type Draft = z.infer<typeof draftSchema>
export const draftResult = z.object({ draft: draftSchema })

export const completionResult = z.object({
  ...userSessionResult.shape,
  vendor: z.object({ id: z.int(), status: z.enum(vendorStatuses), subdomain: z.string() }),
  payment: z.nullable(z.object({ id: z.int(), status: z.enum(paymentStatuses), method: z.string() })),
})
export type CompletionResult = z.infer<typeof completionResult>
