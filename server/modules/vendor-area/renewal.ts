import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { Locale } from '../../../src/contract/common'
import {
  DRAFT_TTL_HOURS,
  type CardPaymentBody,
  type Draft,
  type PackageStepBody,
  type RegistrationOptions,
} from '../../../src/contract/registration'
import type { RenewalResult } from '../../../src/contract/vendor-area'
import type { Db } from '../../db'
import type { AppDeps, Principal } from '../../lib/context'
import { hashToken, newToken } from '../../lib/crypto'
import { AppError, fieldError } from '../../lib/errors'
import type { PaymentGateway } from '../registration/gateway'
import { registrationDrafts, type StoredPackage, type StoredPayment } from '../registration/schema'
import {
  answerOrDecline,
  chargeCard,
  confirmCard,
  dropReceiptOf,
  paymentRequired,
  pricePackage,
  receiptPayment,
  recordDraftPayment,
  registrationOptions,
  saveDraft,
  toDraft,
  type DraftRow,
} from '../registration/service'
import { removeReceipt, type ReceiptUpload } from '../../lib/receipts'
import { vendorPayments, vendors } from '../vendors/schema'

/**
 * A vendor renews or changes its package through the registration's steps 2 and 3 (issue 11): the
 * same pricing, gateway, 3-D Secure and receipt rules (`registration/service`), kept in a draft of
 * the same table that names the vendor and has no store. A paid card or a receipt records the
 * payment at once and closes the draft: a paid card is approved as an admin's approval is (the
 * subscriptions module makes the new period start when the current one ends), a receipt waits as
 * Pending. A free trial is never renewed; nothing is renewed while a payment of the vendor waits
 * for approval or while the vendor is stopped.
 */

const HOUR = 3_600_000
/** A renewal draft answers without a token: the vendor's own session is its key. */
const NO_TOKEN = ''

/** The vendor the signed-in end user owns (locked when `lock`), if it may renew: 404 none, 409 stopped or a payment pending. */
async function renewableVendor(db: Db, user: Principal, lock = false) {
  const query = db.select().from(vendors).where(eq(vendors.userId, user.id)).orderBy(vendors.id).limit(1)
  const [vendor] = lock ? await query.for('update') : await query
  if (!vendor) throw new AppError(404, 'errors.notFound')
  if (vendor.status === 'inactive') throw new AppError(409, 'vendor-area.errors.renewalStopped')
  const [pending] = await db
    .select({ id: vendorPayments.id })
    .from(vendorPayments)
    .where(and(eq(vendorPayments.vendorId, vendor.id), eq(vendorPayments.status, 'Pending')))
    .limit(1)
  if (pending) throw new AppError(409, 'vendor-area.errors.renewalPending')
  return vendor
}

/** The vendor's renewal draft under way (not closed, not expired), locked when `lock`. */
async function liveRenewal(db: Db, vendorId: number, now: Date, lock = false): Promise<DraftRow | null> {
  const query = db
    .select()
    .from(registrationDrafts)
    .where(
      and(
        eq(registrationDrafts.vendorId, vendorId),
        isNull(registrationDrafts.store),
        isNull(registrationDrafts.consumedAt),
        gt(registrationDrafts.expiresAt, now),
      ),
    )
    .orderBy(desc(registrationDrafts.id))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

/** The draft under way, once step 2 is stored and its payment has not been made. */
function payableRenewal(draft: DraftRow | null): { draft: DraftRow; pkg: StoredPackage } {
  if (!draft?.package) throw new AppError(409, 'registration.errors.stepsMissing')
  if (!paymentRequired(draft.package)) throw new AppError(409, 'registration.errors.paymentNotRequired')
  return { draft, pkg: draft.package }
}

/** What the renewal offers: the registration's options without the free trial. */
export async function renewalOptions(deps: AppDeps, user: Principal, lang: Locale, gateway: PaymentGateway): Promise<RegistrationOptions> {
  await renewableVendor(deps.db, user)
  const options = await registrationOptions(deps, lang, gateway)
  return { ...options, packages: options.packages.filter((pkg) => pkg.package_type !== 'FREE_TRIAL') }
}

/** Step 2: a paid package (never the free trial), priced with the coupon; a new choice asks for its payment again. */
export async function saveRenewalPackage(deps: AppDeps, user: Principal, body: PackageStepBody, lang: Locale): Promise<Draft> {
  const now = deps.clock()
  const { row, previous } = await deps.db.transaction(async (tx) => {
    const vendor = await renewableVendor(tx, user, true)
    const { row: pkg, stored } = await pricePackage(tx, body, now)
    if (pkg.packageType === 'FREE_TRIAL') throw fieldError(422, 'package_id', 'vendor-area.errors.trialNotRenewable')
    if (!paymentRequired(stored)) throw fieldError(422, 'coupon_code', 'vendor-area.errors.nothingToPay')
    const draft = await liveRenewal(tx, vendor.id, now, true)
    if (draft) return { row: await saveDraft(tx, draft.id, { package: stored, payment: null, step: 2 }, now), previous: draft.payment }
    const [created] = await tx
      .insert(registrationDrafts)
      .values({
        tokenHash: hashToken(newToken()),
        step: 2,
        package: stored,
        vendorId: vendor.id,
        expiresAt: new Date(now.getTime() + DRAFT_TTL_HOURS * HOUR),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!created) throw new Error('renewal draft insert returned no row')
    return { row: created, previous: null }
  })
  await dropReceiptOf(deps, previous)
  return toDraft(row, NO_TOKEN, lang)
}

/** The payment is stored on the draft; a paid card or a receipt is recorded for the vendor and closes the draft. */
async function settle(
  deps: AppDeps,
  tx: Db,
  draft: DraftRow,
  vendorId: number,
  pkg: StoredPackage,
  payment: StoredPayment,
  lang: Locale,
  now: Date,
): Promise<DraftRow> {
  const done = payment.state === 'paid' || payment.state === 'receipt_received'
  if (done) await recordDraftPayment(deps, tx, { kind: 'renewal', draftId: draft.id, vendorId, pkg, payment, lang }, now)
  return saveDraft(tx, draft.id, { payment, step: done ? 3 : 2, ...(done ? { consumedAt: now } : {}) }, now)
}

/**
 * A card step of the renewal: `charge` asks the gateway while the vendor stays locked (two payments
 * cannot both charge), then the payment is settled; a decline answers 402 with its reason and the
 * draft stays.
 */
async function payRenewal(
  deps: AppDeps,
  user: Principal,
  lang: Locale,
  charge: (renewal: { draft: DraftRow; pkg: StoredPackage; subdomain: string }, now: Date) => Promise<StoredPayment>,
): Promise<Draft> {
  const now = deps.clock()
  const row = await deps.db.transaction(async (tx) => {
    const vendor = await renewableVendor(tx, user, true)
    const { draft, pkg } = payableRenewal(await liveRenewal(tx, vendor.id, now, true))
    const payment = await charge({ draft, pkg, subdomain: vendor.subdomain }, now)
    return settle(deps, tx, draft, vendor.id, pkg, payment, lang, now)
  })
  return answerOrDecline(row, NO_TOKEN, lang)
}

/** Step 3 by card: the registration's gateway call. */
export const payRenewalByCard = (deps: AppDeps, gateway: PaymentGateway, user: Principal, body: CardPaymentBody, lang: Locale) =>
  payRenewal(deps, user, lang, ({ draft, pkg, subdomain }, now) =>
    chargeCard(gateway, pkg, body, now, { description: `Renewal ${subdomain}`, idempotencyKey: `renewal-${draft.id}-${now.getTime()}` }),
  )

/** The 3-D Secure code of the card the renewal charged. */
export const confirmRenewalCard = (deps: AppDeps, gateway: PaymentGateway, user: Principal, code: string, lang: Locale) =>
  payRenewal(deps, user, lang, ({ draft, pkg }) => confirmCard(gateway, draft.payment, pkg, code))

/** Step 3 by bank transfer: the receipt makes a Pending payment for an admin's approval. */
export async function payRenewalByTransfer(
  deps: AppDeps,
  user: Principal,
  fields: Record<string, string>,
  file: ReceiptUpload,
  lang: Locale,
): Promise<Draft> {
  const now = deps.clock()
  const vendor = await renewableVendor(deps.db, user)
  const { pkg } = payableRenewal(await liveRenewal(deps.db, vendor.id, now))
  const payment = await receiptPayment(deps, fields, file, pkg)
  try {
    const { row, previous } = await deps.db.transaction(async (tx) => {
      const locked = await renewableVendor(tx, user, true)
      // the package chosen meanwhile decides the amount
      const { draft, pkg: current } = payableRenewal(await liveRenewal(tx, locked.id, now, true))
      const row = await settle(deps, tx, draft, locked.id, current, { ...payment, amount: current.total }, lang, now)
      return { row, previous: draft.payment }
    })
    await dropReceiptOf(deps, previous)
    return toDraft(row, NO_TOKEN, lang)
  } catch (error) {
    if (payment.receipt_name) await removeReceipt(deps.config.dataDir, payment.receipt_name)
    throw error
  }
}

/** The payment the vendor's latest renewal recorded: 404 when there is none, 409 while it is not paid yet. */
export async function completeRenewal(deps: AppDeps, user: Principal): Promise<RenewalResult> {
  const now = deps.clock()
  const [vendor] = await deps.db.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, user.id)).orderBy(vendors.id).limit(1)
  if (!vendor) throw new AppError(404, 'errors.notFound')
  const [draft] = await deps.db
    .select()
    .from(registrationDrafts)
    .where(and(eq(registrationDrafts.vendorId, vendor.id), isNull(registrationDrafts.store), gt(registrationDrafts.expiresAt, now)))
    .orderBy(desc(registrationDrafts.id))
    .limit(1)
  if (!draft) throw new AppError(404, 'vendor-area.errors.renewalNotFound')
  if (!draft.consumedAt) throw new AppError(409, 'registration.errors.paymentMissing')
  const [payment] = await deps.db
    .select({ id: vendorPayments.id, status: vendorPayments.status, method: vendorPayments.method })
    .from(vendorPayments)
    .where(and(eq(vendorPayments.idempotencyKey, `renewal-${draft.id}`), eq(vendorPayments.vendorId, vendor.id)))
    .limit(1)
  if (!payment) throw new AppError(404, 'vendor-area.errors.renewalNotFound')
  return { payment }
}
