import { and, asc, eq, lt, or, sql } from 'drizzle-orm'
import type { Locale } from '../../../src/contract/common'
import type { MessageRef } from '../../../src/contract/common'
import { isReservedSubdomain, SUBDOMAIN_PATTERN } from '../../../src/contract/vendors'
import {
  bankTransferFields,
  DRAFT_TTL_HOURS,
  utmKeys,
  type CardPaymentBody,
  type CompletionResult,
  type Draft,
  type PackageStepBody,
  type ReferralCodeResult,
  type RegistrationOptions,
  type StoreStepBody,
  type SubdomainCheckResult,
} from '../../../src/contract/registration'
import { issuesByField } from '../../../src/contract/validation'
import { businessDayOf, halalasToDecimal, priceBreakdown } from '../../../src/domain/money'
import type { Db } from '../../db'
import { t } from '../../i18n'
import { writeAudit } from '../../lib/audit'
import type { AppDeps } from '../../lib/context'
import { hashPassword, hashToken, newToken } from '../../lib/crypto'
import { AppError, fieldError, type FieldErrors } from '../../lib/errors'
import { checkReceipt, removeReceipt, storeReceipt, type ReceiptUpload } from '../../lib/receipts'
import { couponFor } from '../coupons/service'
import { activeMarketplaceNames, marketplaceOptions } from '../marketplaces/service'
import { recordPartnerReferral } from '../partners/wallet'
import { packages } from '../subscription-packages/schema'
import { startTrial } from '../subscriptions/service'
import { readPackageSettings } from '../subscription-packages/service'
import { users } from '../users/schema'
import { createSignedInUser } from '../users/service'
import { vendorPayments, vendors } from '../vendors/schema'
import { applyPaymentStatus, insertRegisteredVendor, subdomainRefusal } from '../vendors/service'
import { paymentPending } from '../vendors/events'
import { vendorRegistered } from './events'
import { luhnValid, type PaymentGateway } from './gateway'
import { findReferrer } from './referrers'
import { registrationDrafts, type StoredPackage, type StoredPayment, type StoredStore } from './schema'

/**
 * The vendor registration wizard's rules (issue 11, DOMAIN.md "Vendors", "Coupons", "Payments",
 * "Referrals"): a draft keeps each step once the server has accepted it; a step needs the ones before
 * it; the completion creates the end user, the vendor and its payment in one transaction, a card's
 * payment approved through the same path as an admin's approval.
 */

export type DraftRow = typeof registrationDrafts.$inferSelect

const HOUR = 3_600_000
const riyals = (halalas: number) => Number(halalasToDecimal(halalas))

/* Public checks */

/** The active packages, VAT, trial days and bank accounts the wizard's steps 2 and 3 show. */
export async function registrationOptions(deps: AppDeps, lang: Locale, gateway: PaymentGateway): Promise<RegistrationOptions> {
  const rows = await deps.db
    .select()
    .from(packages)
    .where(eq(packages.isActive, true))
    .orderBy(asc(packages.displayOrder), asc(packages.id))
  const settings = await readPackageSettings(deps.db)
  return {
    packages: rows.map((row) => ({
      id: row.id,
      title: lang === 'ar' ? row.titleAr : row.titleEn,
      short_description: lang === 'ar' ? row.shortDescriptionAr : row.shortDescriptionEn,
      description: lang === 'ar' ? row.descriptionAr : row.descriptionEn,
      price: riyals(row.price),
      subscription_type: row.subscriptionType as RegistrationOptions['packages'][number]['subscription_type'],
      package_type: row.packageType as RegistrationOptions['packages'][number]['package_type'],
      days: row.packageType === 'FREE_TRIAL' ? settings.free_trial_days : row.days,
      limits: row.limits,
    })),
    vat_percent: settings.vat_percent,
    free_trial_days: settings.free_trial_days,
    bank_accounts: settings.bank_accounts,
    gateway: { name: gateway.name, sandbox: gateway.sandbox },
    marketplaces: await marketplaceOptions(deps.db, lang),
  }
}

/** A subdomain's normal form for a suggestion: lowercase letters, digits and single hyphens. */
function slugOf(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/g, '')
}

/** Whether `subdomain` may be taken; when not, a free one close to it (null if none is found). */
export async function checkSubdomain(db: Db, subdomain: string, lang: Locale): Promise<SubdomainCheckResult> {
  const value = subdomain.trim().toLowerCase()
  const refusal = await subdomainRefusal(db, value, null)
  if (!refusal) return { available: true, reason: null, suggestion: null }
  const base = slugOf(value)
  const candidates: string[] = []
  if (base !== value && base.length >= 3) candidates.push(base)
  const stem = base.length >= 1 ? base : 'store'
  for (let n = 1; n <= 9; n++) candidates.push(`${stem.slice(0, 30 - 2)}-${n}`)
  let suggestion: string | null = null
  for (const candidate of candidates) {
    if (candidate.length < 3 || !SUBDOMAIN_PATTERN.test(candidate) || isReservedSubdomain(candidate)) continue
    if ((await subdomainRefusal(db, candidate, null)) === null) {
      suggestion = candidate
      break
    }
  }
  return { available: false, reason: t(lang, refusal), suggestion }
}

const normalizeCode = (code: string) => code.trim().toUpperCase()

/** Whose referral code this is: a vendor's or an active partner's. */
export async function checkReferralCode(db: Db, code: string): Promise<ReferralCodeResult> {
  const value = normalizeCode(code)
  if (!value || !/^[\p{L}\p{Nd}_-]{1,40}$/u.test(value)) return { valid: false, owner: null }
  const owner = await findReferrer(db, value)
  return owner ? { valid: true, owner: { kind: owner.kind, name: owner.name } } : { valid: false, owner: null }
}

/* Drafts */

export async function createDraft(deps: AppDeps, lang: Locale): Promise<Draft> {
  const now = deps.clock()
  const token = newToken()
  const [row] = await deps.db
    .insert(registrationDrafts)
    .values({ tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + DRAFT_TTL_HOURS * HOUR), createdAt: now, updatedAt: now })
    .returning()
  if (!row) throw new Error('draft insert returned no row')
  return toDraft(row, token, lang)
}

/** The live draft of `token` (locked when `lock`): 404 unknown, 409 completed, 410 expired. */
async function liveDraft(db: Db, token: string, now: Date, lock = false): Promise<DraftRow> {
  const query = db
    .select()
    .from(registrationDrafts)
    .where(eq(registrationDrafts.tokenHash, hashToken(token)))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new AppError(404, 'registration.errors.draftNotFound')
  if (row.consumedAt) throw new AppError(409, 'registration.errors.draftCompleted')
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(410, 'registration.errors.draftExpired')
  return row
}

export async function readDraft(deps: AppDeps, token: string, lang: Locale): Promise<Draft> {
  return toDraft(await liveDraft(deps.db, token, deps.clock()), token, lang)
}

export const paymentRequired = (pkg: StoredPackage | null) => pkg !== null && pkg.package_type !== 'FREE_TRIAL' && pkg.total > 0

/** The next step to fill: 1 store, 2 package, 3 payment, 4 ready to complete. */
function nextStep(row: Pick<DraftRow, 'step' | 'package' | 'payment'>): number {
  if (row.step < 1) return 1
  if (row.step < 2 || !row.package) return 2
  if (!paymentRequired(row.package)) return 4
  return row.payment && (row.payment.state === 'paid' || row.payment.state === 'receipt_received') ? 4 : 3
}

export function toDraft(row: DraftRow, token: string, lang: Locale): Draft {
  const store = row.store
  const pkg = row.package
  const payment = row.payment
  return {
    token,
    expires_at: row.expiresAt.toISOString(),
    step: nextStep(row),
    store: store
      ? {
          store_name: store.store_name,
          company_name: store.company_name,
          commercial_registration: store.commercial_registration,
          commercial_registration_expiry: store.commercial_registration_expiry,
          phone: store.phone,
          email: store.email,
          subdomain: store.subdomain,
          tax_no: store.tax_no,
          referral_code: store.referral_code,
          referrer: store.referrer ? { kind: store.referrer.kind, name: store.referrer.name } : null,
          marketplaces: store.marketplaces,
          utm: store.utm,
        }
      : null,
    package: pkg
      ? {
          package_id: pkg.package_id,
          package_type: pkg.package_type,
          coupon_code: pkg.coupon_code,
          price: riyals(pkg.price),
          discount: riyals(pkg.discount),
          net: riyals(pkg.net),
          vat: riyals(pkg.vat),
          total: riyals(pkg.total),
          vat_percent: pkg.vat_percent,
          payment_required: paymentRequired(pkg),
        }
      : null,
    payment: !pkg
      ? null
      : !paymentRequired(pkg)
        ? { state: 'not_required', method: null, last4: null, brand: null, reason: null, sandbox: false }
        : payment
          ? {
              state: payment.state,
              method: payment.method,
              last4: payment.last4,
              brand: payment.brand,
              reason: payment.reason_key ? t(lang, payment.reason_key) : null,
              sandbox: payment.sandbox,
            }
          : null,
  }
}

export async function saveDraft(db: Db, id: number, values: Partial<typeof registrationDrafts.$inferInsert>, now: Date): Promise<DraftRow> {
  const [row] = await db
    .update(registrationDrafts)
    .set({ ...values, updatedAt: now })
    .where(eq(registrationDrafts.id, id))
    .returning()
  if (!row) throw new AppError(404, 'registration.errors.draftNotFound')
  return row
}

/** A receipt the draft no longer names is deleted (after the draft was saved without it). */
export async function dropReceiptOf(deps: AppDeps, payment: StoredPayment | null): Promise<void> {
  if (payment?.receipt_name) await removeReceipt(deps.config.dataDir, payment.receipt_name)
}

const stepsMissing = () => new AppError(409, 'registration.errors.stepsMissing')

/** A used email: an end user's or a vendor's, any case. */
async function emailTaken(db: Db, email: string): Promise<boolean> {
  const value = email.trim().toLowerCase()
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${value}`)
    .limit(1)
  if (user) return true
  const [vendor] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(sql`lower(${vendors.email}) = ${value}`)
    .limit(1)
  return vendor !== undefined
}

function throwIfAny(errors: FieldErrors): void {
  const first = Object.values(errors)[0]?.[0]
  if (first) throw new AppError(422, first.key, { values: first.values, errors })
}

/** The honeypot was filled: a generic refusal, nothing recorded. */
const honeypotRefusal = () => new AppError(400, 'errors.badRequest', { errors: { _: [{ key: 'errors.badRequest' }] } })

/** Step 1: checked against today, the used emails and subdomains and the referral codes; the password is kept hashed. */
export async function saveStore(deps: AppDeps, token: string, body: StoreStepBody, lang: Locale): Promise<Draft> {
  if (body.website && body.website.trim() !== '') throw honeypotRefusal()
  const now = deps.clock()
  const draft = await liveDraft(deps.db, token, now)
  const errors: FieldErrors = Object.create(null) as FieldErrors
  const add = (field: string, ref: MessageRef) => (errors[field] ??= []).push(ref)
  if (body.commercial_registration_expiry < businessDayOf(now))
    add('commercial_registration_expiry', { key: 'registration.errors.expiryPast' })
  if (await emailTaken(deps.db, body.email)) add('email', { key: 'errors.emailTaken' })
  const refusal = await subdomainRefusal(deps.db, body.subdomain, null)
  if (refusal) add('subdomain', { key: refusal })
  const code = body.referral_code ? normalizeCode(body.referral_code) : ''
  const referrer = code ? await findReferrer(deps.db, code) : null
  if (code && !referrer) add('referral_code', { key: 'registration.errors.referralUnknown' })
  const chosen = [...new Set(body.marketplaces ?? [])]
  const offered = await activeMarketplaceNames(deps.db, chosen)
  if (chosen.some((id) => !offered.has(id))) add('marketplaces', { key: 'registration.errors.marketplaceUnknown' })
  throwIfAny(errors)

  const utm: Record<string, string> = Object.create(null) as Record<string, string>
  for (const key of utmKeys) {
    const value = body[key]?.trim()
    if (value) utm[key] = value
  }
  const store: StoredStore = {
    store_name: body.store_name,
    company_name: body.company_name,
    commercial_registration: body.commercial_registration,
    commercial_registration_expiry: body.commercial_registration_expiry,
    phone: body.phone,
    email: body.email,
    subdomain: body.subdomain,
    tax_no: body.tax_no,
    referral_code: referrer ? code : null,
    referrer,
    marketplaces: chosen,
    utm: { ...utm },
  }
  const passwordHash = await hashPassword(body.password)
  const row = await saveDraft(deps.db, draft.id, { store, passwordHash, step: Math.max(draft.step, 1) }, now)
  return toDraft(row, token, lang)
}

type PackageRow = typeof packages.$inferSelect

/**
 * An active package priced with an optional coupon, as `POST coupons/check` prices it (step 2 of the
 * registration and of a vendor's renewal): 422 on `package_id` for a package that is not offered, on
 * `coupon_code` for a code that does not apply.
 */
export async function pricePackage(db: Db, body: PackageStepBody, now: Date): Promise<{ row: PackageRow; stored: StoredPackage }> {
  const [pkg] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, body.package_id), eq(packages.isActive, true)))
    .limit(1)
  if (!pkg) throw fieldError(422, 'package_id', 'validation.recordMissing')
  const code = body.coupon_code?.trim() ?? ''
  let coupon: { id: number; code: string; type: 'PERCENTAGE' | 'FIXED'; value: number } | null = null
  if (code) {
    const found = await couponFor(db, code, pkg.id, now)
    if (found.reason || !found.coupon) throw fieldError(422, 'coupon_code', `coupons.check.${found.reason ?? 'not_found'}`)
    coupon = { id: found.coupon.id, code: found.coupon.code, type: found.coupon.type as 'PERCENTAGE' | 'FIXED', value: found.coupon.value }
  }
  const settings = await readPackageSettings(db)
  const breakdown = priceBreakdown({ price: pkg.price, coupon, vatPercent: settings.vat_percent })
  return {
    row: pkg,
    stored: {
      package_id: pkg.id,
      package_type: pkg.packageType as StoredPackage['package_type'],
      coupon_id: coupon?.id ?? null,
      coupon_code: coupon?.code ?? null,
      ...breakdown,
      vat_percent: settings.vat_percent,
    },
  }
}

/** Step 2: an active package, priced with the coupon as `POST coupons/check` prices it. */
export async function savePackage(deps: AppDeps, token: string, body: PackageStepBody, lang: Locale): Promise<Draft> {
  const now = deps.clock()
  const draft = await liveDraft(deps.db, token, now)
  if (draft.step < 1 || !draft.store) throw stepsMissing()
  if (draft.payment?.state === 'paid') throw new AppError(409, 'registration.errors.alreadyPaid')
  const { stored } = await pricePackage(deps.db, body, now)
  // a new package or price asks for its payment again
  const row = await saveDraft(deps.db, draft.id, { package: stored, payment: null, step: 2 }, now)
  await dropReceiptOf(deps, draft.payment)
  return toDraft(row, token, lang)
}

/** Steps 1 and 2 are stored and the package needs a payment that has not been made. */
function payableDraft(draft: DraftRow): StoredPackage {
  if (draft.step < 2 || !draft.store || !draft.package) throw stepsMissing()
  if (!paymentRequired(draft.package)) throw new AppError(409, 'registration.errors.paymentNotRequired')
  if (draft.payment?.state === 'paid') throw new AppError(409, 'registration.errors.alreadyPaid')
  return draft.package
}

function gatewayPayment(
  base: Pick<StoredPayment, 'method' | 'amount'>,
  gateway: PaymentGateway,
  result: Awaited<ReturnType<PaymentGateway['charge']>>,
): StoredPayment {
  return {
    ...base,
    state: result.status === 'succeeded' ? 'paid' : result.status === 'challenge' ? 'challenge' : 'declined',
    gateway: gateway.name,
    sandbox: gateway.sandbox,
    transaction_id: result.status === 'succeeded' ? result.transactionId : null,
    challenge_id: result.status === 'challenge' ? result.challengeId : null,
    last4: result.last4,
    brand: result.brand,
    reason_key: result.status === 'declined' ? result.reasonKey : null,
    payment_number: result.status === 'succeeded' ? result.transactionId : null,
    receipt_name: null,
    receipt_type: null,
  }
}

/** A declined card answers 402 with its reason (the draft keeps it, and stays on step 3 for a retry). */
export function answerOrDecline(row: DraftRow, token: string, lang: Locale): Draft {
  const key = row.payment?.state === 'declined' ? row.payment.reason_key : null
  if (key) throw new AppError(402, key, { errors: { card: [{ key }] } })
  return toDraft(row, token, lang)
}

/**
 * A card charged through the gateway for `pkg`'s total (step 3 of the registration and of a renewal):
 * 422 for a malformed or expired card, otherwise the gateway's answer as the draft keeps it.
 */
export async function chargeCard(
  gateway: PaymentGateway,
  pkg: StoredPackage,
  body: CardPaymentBody,
  now: Date,
  charge: { description: string; idempotencyKey: string },
): Promise<StoredPayment> {
  const number = body.card.number.replace(/ /g, '')
  const errors: FieldErrors = Object.create(null) as FieldErrors
  if (number.length < 12 || number.length > 19 || !luhnValid(number)) errors['card.number'] = [{ key: 'registration.errors.cardNumber' }]
  const month = businessDayOf(now).slice(0, 7)
  const expiry = `${body.card.exp_year}-${String(body.card.exp_month).padStart(2, '0')}`
  if (expiry < month) errors['card.exp_year'] = [{ key: 'registration.errors.cardExpired' }]
  throwIfAny(errors)
  const result = await gateway.charge({
    amount: pkg.total,
    currency: 'SAR',
    card: { number, expMonth: body.card.exp_month, expYear: body.card.exp_year, cvc: body.card.cvc, holderName: body.card.holder_name },
    ...charge,
  })
  return gatewayPayment({ method: body.method, amount: pkg.total }, gateway, result)
}

/** The 3-D Secure code of the card `current` charged: 409 when no challenge waits. */
export async function confirmCard(
  gateway: PaymentGateway,
  current: StoredPayment | null,
  pkg: StoredPackage,
  code: string,
): Promise<StoredPayment> {
  if (current?.state !== 'challenge' || !current.challenge_id || current.gateway !== gateway.name)
    throw new AppError(409, 'registration.errors.noChallenge')
  const result = await gateway.completeChallenge(current.challenge_id, code, {
    last4: current.last4 ?? '',
    brand: current.brand ?? 'card',
  })
  return gatewayPayment({ method: current.method, amount: pkg.total }, gateway, result)
}

/** Step 3 by card: charged through the gateway; a decline keeps the draft on step 3 with its reason. */
export async function payByCard(
  deps: AppDeps,
  gateway: PaymentGateway,
  token: string,
  body: CardPaymentBody,
  lang: Locale,
): Promise<Draft> {
  const now = deps.clock()
  // the draft stays locked while the gateway answers: two payments of one draft cannot both charge
  const { row, previous } = await deps.db.transaction(async (tx) => {
    const draft = await liveDraft(tx, token, now, true)
    const pkg = payableDraft(draft)
    const payment = await chargeCard(gateway, pkg, body, now, {
      description: `Registration ${draft.store?.subdomain ?? ''}`,
      idempotencyKey: `registration-${draft.id}-${now.getTime()}`,
    })
    return { row: await saveDraft(tx, draft.id, { payment, step: payment.state === 'paid' ? 3 : 2 }, now), previous: draft.payment }
  })
  await dropReceiptOf(deps, previous)
  return answerOrDecline(row, token, lang)
}

/** The 3-D Secure code of a card that asked for one. */
export async function confirmChallenge(deps: AppDeps, gateway: PaymentGateway, token: string, code: string, lang: Locale): Promise<Draft> {
  const now = deps.clock()
  const row = await deps.db.transaction(async (tx) => {
    const draft = await liveDraft(tx, token, now, true)
    const pkg = payableDraft(draft)
    const payment = await confirmCard(gateway, draft.payment, pkg, code)
    return saveDraft(tx, draft.id, { payment, step: payment.state === 'paid' ? 3 : 2 }, now)
  })
  return answerOrDecline(row, token, lang)
}

/** NUL and lone surrogates, which a multipart field may carry past the JSON body check (PostgreSQL refuses them). */
const UNSTORABLE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * A bank transfer's receipt (png, jpg, webp or pdf, checked by content, 5 MB) and its fields, stored
 * for `pkg`'s total, waiting for an admin's approval: 422 with every refusal by field.
 */
export async function receiptPayment(
  deps: AppDeps,
  fields: Record<string, string>,
  file: ReceiptUpload,
  pkg: StoredPackage,
): Promise<StoredPayment> {
  const parsed = bankTransferFields.safeParse(fields, { reportInput: true })
  const errors: FieldErrors = parsed.success ? (Object.create(null) as FieldErrors) : issuesByField(parsed.error)
  for (const [name, value] of Object.entries(fields))
    if (value.includes('\u0000') || UNSTORABLE.test(value)) errors[name.replace(/[^\x20-\x7e]/gu, '?')] = [{ key: 'validation.characters' }]
  const { kind, error: fileError } = checkReceipt(file, 'vendors.errors.receiptType')
  if (fileError) errors.payment_file = [fileError]
  throwIfAny(errors)
  if (!parsed.success || !kind || !file) throw new AppError(422, 'errors.validation')
  const name = await storeReceipt(deps.config.dataDir, file.bytes, kind)
  return {
    state: 'receipt_received',
    method: 'BANK_TRANSFER',
    gateway: null,
    sandbox: false,
    transaction_id: null,
    challenge_id: null,
    last4: null,
    brand: null,
    reason_key: null,
    payment_number: parsed.data.payment_number?.trim() || null,
    receipt_name: name,
    receipt_type: kind.type,
    amount: pkg.total,
  }
}

/** Step 3 by bank transfer: the receipt waits for an admin's approval. */
export async function payByTransfer(
  deps: AppDeps,
  token: string,
  fields: Record<string, string>,
  file: ReceiptUpload,
  lang: Locale,
): Promise<Draft> {
  const now = deps.clock()
  const draft = await liveDraft(deps.db, token, now)
  const pkg = payableDraft(draft)
  const payment = await receiptPayment(deps, fields, file, pkg)
  const row = await saveDraft(deps.db, draft.id, { payment, step: 3 }, now)
  await dropReceiptOf(deps, draft.payment)
  return toDraft(row, token, lang)
}

/**
 * The payment a completed draft made, recorded for `vendorId` (registration or renewal): Pending for a
 * bank transfer, approved like an admin's approval for a paid card (which makes or extends the
 * subscription, by the subscriptions module's rules). Answers its id.
 */
export async function recordDraftPayment(
  deps: AppDeps,
  tx: Db,
  values: { kind: 'registration' | 'renewal'; draftId: number; vendorId: number; pkg: StoredPackage; payment: StoredPayment; lang: Locale },
  now: Date,
): Promise<number> {
  const { kind, draftId, vendorId, pkg, payment, lang } = values
  const [row] = await tx
    .insert(vendorPayments)
    .values({
      vendorId,
      packageId: pkg.package_id,
      couponId: pkg.coupon_id,
      amountHalalas: payment.amount,
      method: payment.method,
      paymentNumber: payment.payment_number ?? `${kind === 'registration' ? 'REG' : 'REN'}-${draftId}`,
      paidAt: businessDayOf(now),
      status: 'Pending',
      receiptName: payment.receipt_name,
      receiptType: payment.receipt_type,
      changedBy: null,
      changedAt: now,
      idempotencyKey: `${kind}-${draftId}`,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: vendorPayments.id })
  if (!row) throw new Error('payment insert returned no row')
  // made by the vendor (no admin): recorded before its approval, which audits itself
  await writeAudit(tx, {
    adminId: null,
    action: 'createPayment',
    resource: 'payments',
    recordId: row.id,
    changes: {
      vendor_id: { from: null, to: vendorId },
      amount: { from: null, to: payment.amount },
      method: { from: null, to: payment.method },
      status: { from: null, to: 'Pending' },
    },
    at: now,
  })
  if (payment.state === 'paid')
    await applyPaymentStatus(deps, tx, { vendorId, paymentId: row.id, to: 'Success', reason: null, adminId: null, lang })
  else await paymentPending.emit(deps, tx, { paymentId: row.id, vendorId, resubmitted: false, at: now })
  return row.id
}

/**
 * Completion, in one transaction: the end user (signed in, as `register` does), the vendor (pending,
 * its utm_source and referrer), its payment (Pending for a bank transfer; approved like an admin's
 * approval for a paid card, which makes the subscription) or its free trial (active at once), and
 * the draft consumed.
 */
export async function completeDraft(deps: AppDeps, token: string, lang: Locale): Promise<CompletionResult> {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const draft = await liveDraft(tx, token, now, true)
    const store = draft.store
    const pkg = draft.package
    if (draft.step < 2 || !store || !pkg || !draft.passwordHash) throw stepsMissing()
    const payment = paymentRequired(pkg) ? draft.payment : null
    if (paymentRequired(pkg) && !(payment && (payment.state === 'paid' || payment.state === 'receipt_received')))
      throw new AppError(409, 'registration.errors.paymentMissing')
    if (payment && payment.amount !== pkg.total) throw new AppError(409, 'registration.errors.paymentMissing')
    if (await emailTaken(tx, store.email)) throw fieldError(422, 'email', 'errors.emailTaken')

    const session = await createSignedInUser(
      tx,
      { name: store.store_name, email: store.email, phone: store.phone, passwordHash: draft.passwordHash, locale: lang },
      now,
      deps.config.sessionTtlMs,
    )
    const vendorId = await insertRegisteredVendor(
      tx,
      {
        storeName: store.store_name,
        companyName: store.company_name,
        commercialRegistration: store.commercial_registration,
        commercialRegistrationExpiry: store.commercial_registration_expiry,
        phone: store.phone,
        email: store.email,
        subdomain: store.subdomain,
        taxNo: store.tax_no,
        // the vendor's marketplaces, as an admin's choice stores them (those since deactivated dropped)
        marketplaceIds: store.marketplaces,
        utmSource: store.utm.utm_source ?? null,
        packageId: pkg.package_id,
        referredByVendorId: store.referrer?.kind === 'vendor' ? store.referrer.id : null,
        userId: session.user.id,
      },
      now,
    )
    if (store.referrer?.kind === 'partner') await recordPartnerReferral(tx, vendorId, store.referrer.id, now)
    // a free trial needs no approval: its subscription runs from today
    if (pkg.package_type === 'FREE_TRIAL') await startTrial(tx, { vendorId, packageId: pkg.package_id, at: now })
    let paymentId: number | null = null
    if (payment)
      paymentId = await recordDraftPayment(deps, tx, { kind: 'registration', draftId: draft.id, vendorId, pkg, payment, lang }, now)
    await writeAudit(tx, {
      adminId: null,
      action: 'register',
      resource: 'vendors',
      recordId: vendorId,
      changes: {
        email: { from: null, to: store.email },
        subdomain: { from: null, to: store.subdomain },
        package_id: { from: null, to: pkg.package_id },
        // every utm_* value stays on record (the vendor row has a column for utm_source only)
        utm: { from: null, to: store.utm },
        referred_by: { from: null, to: store.referrer ? `${store.referrer.kind}:${store.referrer.id}` : null },
      },
      at: now,
    })
    await vendorRegistered.emit(deps, tx, { vendorId, storeName: store.store_name, at: now })
    await tx
      .update(registrationDrafts)
      .set({ consumedAt: now, passwordHash: null, vendorId, updatedAt: now })
      .where(eq(registrationDrafts.id, draft.id))
    const [vendor] = await tx.select({ status: vendors.status, subdomain: vendors.subdomain }).from(vendors).where(eq(vendors.id, vendorId))
    const [paid] =
      paymentId === null
        ? []
        : await tx
            .select({ status: vendorPayments.status, method: vendorPayments.method })
            .from(vendorPayments)
            .where(eq(vendorPayments.id, paymentId))
    if (!vendor) throw new Error('registered vendor not found')
    return {
      ...session,
      vendor: { id: vendorId, status: vendor.status, subdomain: vendor.subdomain },
      payment: paid && paymentId !== null ? { id: paymentId, status: paid.status, method: paid.method } : null,
    }
  })
}

/**
 * Drafts past their expiry, and completed ones a day after completion, are deleted; the receipt of a
 * draft never completed goes with it (a completed one's belongs to its payment).
 */
export async function housekeeping(deps: AppDeps): Promise<void> {
  const now = deps.clock()
  const gone = await deps.db
    .delete(registrationDrafts)
    .where(or(lt(registrationDrafts.expiresAt, now), lt(registrationDrafts.consumedAt, new Date(now.getTime() - 24 * HOUR))))
    .returning({ payment: registrationDrafts.payment, consumedAt: registrationDrafts.consumedAt })
  for (const draft of gone) if (!draft.consumedAt) await dropReceiptOf(deps, draft.payment)
}
