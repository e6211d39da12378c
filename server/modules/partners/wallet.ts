import { and, desc, eq, sql } from 'drizzle-orm'
import { exactPage } from '../../../src/contract/resource'
import { partnersResource, payoutFields, type Payout, type Wallet, type WalletEntry } from '../../../src/contract/partners'
import { issuesByField } from '../../../src/contract/validation'
import { businessDayOf, decimalToHalalas, halalasToDecimal, splitTotal } from '../../../src/domain/money'
import { commissionOf, earnsCommission, referralMonthOf } from '../../../src/domain/referrals'
import type { Db } from '../../db'
import { writeAudit } from '../../lib/audit'
import type { AppDeps, Principal } from '../../lib/context'
import { AppError, fieldError, type FieldErrors } from '../../lib/errors'
import { checkReceipt, readReceipt, removeReceipt, storeReceipt, type ReceiptUpload } from '../../lib/receipts'
import { unstorable } from '../../lib/validation'
import { referrerRuleOfVendor } from '../referral-code-groups/service'
import { readPackageSettings } from '../subscription-packages/service'
import { subscriptions } from '../subscriptions/schema'
import type { PaymentApproved } from '../vendors/events'
import { vendorPayments, vendors } from '../vendors/schema'
import { partnerReferrals, partnerPayouts, partners, referralPayments, walletEntries } from './schema'
import { partnerOrNotFound } from './service'

/**
 * The wallet (DOMAIN.md "Referrals, partners and wallets", docs/decisions/0011): a referred vendor's
 * successful payment is recorded once with the commission it earned its referrer; a partner's
 * commission is a ledger credit, a payout a ledger debit. The partner row's balance changes with
 * each entry in the same transaction (`UPDATE ... RETURNING` holds its lock until the end), so the
 * entries' running balances follow each other and a payout larger than the balance changes nothing.
 */

const sar = (halalas: number) => halalasToDecimal(halalas)

/** Who referred a vendor: a partner (by its code at registration) or another vendor. */
async function referrerOf(tx: Db, vendorId: number): Promise<{ partnerId: number } | { vendorId: number } | null> {
  const [partner] = await tx
    .select({ id: partnerReferrals.partnerId })
    .from(partnerReferrals)
    .where(eq(partnerReferrals.vendorId, vendorId))
    .limit(1)
  if (partner) return { partnerId: partner.id }
  const [vendor] = await tx.select({ by: vendors.referredByVendorId }).from(vendors).where(eq(vendors.id, vendorId)).limit(1)
  return vendor?.by ? { vendorId: vendor.by } : null
}

/** The payment's net (before VAT): the subscription's, as its invoice says, else split at the VAT rate. */
async function netOf(tx: Db, approved: PaymentApproved): Promise<number> {
  const [subscription] = await tx
    .select({ net: subscriptions.net, amount: subscriptions.amount })
    .from(subscriptions)
    .where(eq(subscriptions.paymentId, approved.paymentId))
    .limit(1)
  if (subscription && subscription.amount === approved.amountHalalas) return subscription.net
  const settings = await readPackageSettings(tx)
  return splitTotal(approved.amountHalalas, settings.vat_percent).net
}

/**
 * Adds `amount` (signed halalas) to a partner's balance with its ledger entry, in `tx`: the update is
 * refused when it would take the balance below 0 (answers null, nothing written).
 */
export async function postEntry(
  tx: Db,
  entry: {
    partnerId: number
    kind: 'credit' | 'payout'
    amount: number
    date: string
    referralPaymentId?: number
    payoutId?: number
    at: Date
  },
): Promise<number | null> {
  const [row] = await tx
    .update(partners)
    .set({ balance: sql`${partners.balance} + ${entry.amount}`, updatedAt: entry.at })
    .where(and(eq(partners.id, entry.partnerId), sql`${partners.balance} + ${entry.amount} >= 0`))
    .returning({ balance: partners.balance })
  if (!row) return null
  await tx.insert(walletEntries).values({
    partnerId: entry.partnerId,
    kind: entry.kind,
    amount: entry.amount,
    balanceAfter: row.balance,
    entryDate: entry.date,
    referralPaymentId: entry.referralPaymentId ?? null,
    payoutId: entry.payoutId ?? null,
    createdAt: entry.at,
    updatedAt: entry.at,
  })
  return row.balance
}

/**
 * What a successful payment of a referred vendor earns its referrer (the `paymentApproved` reaction,
 * in the approval's transaction): the payment is recorded once (a second approval of it finds the
 * unique payment id taken and changes nothing), with the rule in force now (a partner's percentage
 * and due months, or the referrer vendor's group or the default group) and the month of the
 * referral it falls in; a partner's commission is credited to its wallet.
 */
export async function creditReferrer(tx: Db, approved: PaymentApproved): Promise<void> {
  const referrer = await referrerOf(tx, approved.vendorId)
  if (!referrer) return
  let rule: { percentage: number; months: number; groupId: number | null }
  if ('partnerId' in referrer) {
    const [partner] = await tx
      .select({ percentage: partners.referralPercentage, months: partners.referralDueMonths })
      .from(partners)
      .where(eq(partners.id, referrer.partnerId))
      .limit(1)
    if (!partner) return
    rule = { percentage: Number(partner.percentage), months: partner.months, groupId: null }
  } else {
    const group = await referrerRuleOfVendor(tx, referrer.vendorId)
    rule = group
      ? { percentage: group.percentage, months: group.months, groupId: group.groupId }
      : { percentage: 0, months: 0, groupId: null }
  }
  const [first] = await tx
    .select({ day: sql<string>`min(${vendorPayments.paidAt})::text` })
    .from(vendorPayments)
    .where(and(eq(vendorPayments.vendorId, approved.vendorId), eq(vendorPayments.status, 'Success')))
  const month = referralMonthOf(first?.day ?? approved.paidAt, approved.paidAt)
  const net = await netOf(tx, approved)
  const commission = earnsCommission(month, rule.months) ? commissionOf(net, rule.percentage) : 0
  const [recorded] = await tx
    .insert(referralPayments)
    .values({
      paymentId: approved.paymentId,
      vendorId: approved.vendorId,
      partnerId: 'partnerId' in referrer ? referrer.partnerId : null,
      referrerVendorId: 'vendorId' in referrer ? referrer.vendorId : null,
      groupId: rule.groupId,
      packageId: approved.packageId,
      couponId: approved.couponId,
      paidOn: approved.paidAt,
      amount: approved.amountHalalas,
      net,
      percentage: rule.percentage,
      month,
      commission,
      createdAt: approved.at,
      updatedAt: approved.at,
    })
    .onConflictDoNothing({ target: referralPayments.paymentId })
    .returning({ id: referralPayments.id })
  if (!recorded || commission === 0 || !('partnerId' in referrer)) return
  await postEntry(tx, {
    partnerId: referrer.partnerId,
    kind: 'credit',
    amount: commission,
    date: approved.paidAt,
    referralPaymentId: recorded.id,
    at: approved.at,
  })
}

/** Records that a vendor registered with a partner's code (in the registration's transaction). */
export async function recordPartnerReferral(tx: Db, vendorId: number, partnerId: number, at: Date): Promise<void> {
  await tx.insert(partnerReferrals).values({ vendorId, partnerId, createdAt: at, updatedAt: at }).onConflictDoNothing()
}

/* The wallet's ledger */

/** The wallet's ledger, newest first, each entry with the balance after it. */
export async function readWallet(deps: AppDeps, partnerId: number, page: number, pageSize: number): Promise<Wallet> {
  const partner = await partnerOrNotFound(deps.db, partnerId)
  const where = eq(walletEntries.partnerId, partnerId)
  const [counted] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(walletEntries)
    .where(where)
  const total = Number(counted?.n ?? 0)
  const rows = await deps.db
    .select({
      entry: walletEntries,
      vendorId: referralPayments.vendorId,
      storeName: vendors.storeName,
      paymentId: referralPayments.paymentId,
      paymentNumber: vendorPayments.paymentNumber,
      paid: referralPayments.amount,
      net: referralPayments.net,
      percentage: referralPayments.percentage,
      month: referralPayments.month,
      paymentNo: partnerPayouts.paymentNo,
      fileName: partnerPayouts.fileName,
    })
    .from(walletEntries)
    .leftJoin(referralPayments, eq(referralPayments.id, walletEntries.referralPaymentId))
    .leftJoin(vendors, eq(vendors.id, referralPayments.vendorId))
    .leftJoin(vendorPayments, eq(vendorPayments.id, referralPayments.paymentId))
    .leftJoin(partnerPayouts, eq(partnerPayouts.id, walletEntries.payoutId))
    .where(where)
    // newest first: by the moment written, then by id (entries of one moment in the order their balances were taken)
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const entries: WalletEntry[] = rows.map((r) => ({
    id: r.entry.id,
    kind: r.entry.kind,
    date: r.entry.entryDate,
    amount: sar(r.entry.amount),
    amount_halalas: r.entry.amount,
    balance_after: sar(r.entry.balanceAfter),
    vendor: r.vendorId !== null && r.storeName !== null ? { id: r.vendorId, store_name: r.storeName } : null,
    payment:
      r.paymentId !== null && r.paid !== null && r.net !== null
        ? {
            id: r.paymentId,
            payment_number: r.paymentNumber ?? '',
            amount: sar(r.paid),
            net: sar(r.net),
            percentage: Number(r.percentage),
            month: r.month ?? 1,
          }
        : null,
    payout: r.entry.payoutId !== null ? { id: r.entry.payoutId, payment_no: r.paymentNo ?? '', has_file: r.fileName !== null } : null,
  }))
  return { balance: sar(partner.balance), balance_halalas: partner.balance, entries: exactPage(entries, total, page, pageSize) }
}

/* Payouts */

type WriteContext = { deps: AppDeps; admin: Principal }

async function findPayout(db: Db, partnerId: number, payoutId: number): Promise<Payout> {
  const [row] = await db
    .select({ payout: partnerPayouts, balanceAfter: walletEntries.balanceAfter })
    .from(partnerPayouts)
    .innerJoin(walletEntries, eq(walletEntries.payoutId, partnerPayouts.id))
    .where(and(eq(partnerPayouts.id, payoutId), eq(partnerPayouts.partnerId, partnerId)))
    .limit(1)
  if (!row) throw new AppError(404, 'errors.notFound')
  return {
    id: row.payout.id,
    partner_id: row.payout.partnerId,
    payment_no: row.payout.paymentNo,
    payment_amount: sar(row.payout.amount),
    amount_halalas: row.payout.amount,
    payment_date: row.payout.paidOn,
    has_file: row.payout.fileName !== null,
    balance_after: sar(row.balanceAfter),
    created_at: row.payout.createdAt.toISOString(),
  }
}

async function replay(db: Db, key: string, partnerId: number): Promise<{ item: Payout; created: false } | null> {
  const [first] = await db
    .select({ id: partnerPayouts.id, partnerId: partnerPayouts.partnerId })
    .from(partnerPayouts)
    .where(eq(partnerPayouts.idempotencyKey, key))
    .limit(1)
  if (!first) return null
  if (first.partnerId !== partnerId) throw fieldError(409, 'idempotency_key', 'partners.errors.idempotencyReused')
  return { item: await findPayout(db, partnerId, first.id), created: false }
}

const overBalance = (balance: number) => fieldError(422, 'payment_amount', 'partners.errors.overBalance', { balance: sar(balance) })

/**
 * Pays a partner out of its wallet: a payout with its file and a ledger debit, never more than the
 * balance (422 on `payment_amount`, however many arrive at once: the balance row decides). The same
 * `Idempotency-Key` again answers the first payout (`created: false`).
 */
export async function createPayout(
  { deps, admin }: WriteContext,
  partnerId: number,
  key: string,
  fields: Record<string, string>,
  file: ReceiptUpload,
): Promise<{ item: Payout; created: boolean }> {
  const replayed = await replay(deps.db, key, partnerId)
  if (replayed) return replayed

  const parsed = payoutFields.safeParse(fields, { reportInput: true })
  const errors: FieldErrors = parsed.success ? {} : issuesByField(parsed.error)
  for (const [name, value] of Object.entries(fields)) {
    if (unstorable(value)) errors[name.replace(/[^\x20-\x7e]/gu, '?')] = [{ key: 'validation.characters' }]
  }
  const now = deps.clock()
  if (parsed.success && parsed.data.payment_date > businessDayOf(now)) errors.payment_date = [{ key: 'partners.errors.futureDate' }]
  const { kind, error: fileError } = checkReceipt(file, 'partners.errors.fileType')
  if (fileError) errors.payment_file = [fileError]
  const partner = await partnerOrNotFound(deps.db, partnerId)
  const amount = parsed.success ? (decimalToHalalas(parsed.data.payment_amount) ?? 0) : 0
  if (parsed.success && !errors.payment_amount && amount > partner.balance)
    errors.payment_amount = [{ key: 'partners.errors.overBalance', values: { balance: sar(partner.balance) } }]
  const first = Object.values(errors)[0]?.[0]
  if (first || !parsed.success || !kind || !file)
    throw new AppError(422, first?.key ?? 'errors.validation', { values: first?.values, errors })

  const name = await storeReceipt(deps.config.dataDir, file.bytes, kind)
  const body = parsed.data
  try {
    const made = await deps.db.transaction(async (tx) => {
      const [payout] = await tx
        .insert(partnerPayouts)
        .values({
          partnerId,
          paymentNo: body.payment_no,
          amount,
          paidOn: body.payment_date,
          fileName: name,
          fileType: kind.type,
          idempotencyKey: key,
          adminId: admin.id,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: partnerPayouts.idempotencyKey })
        .returning({ id: partnerPayouts.id })
      if (!payout) return null
      const balance = await postEntry(tx, {
        partnerId,
        kind: 'payout',
        amount: -amount,
        date: body.payment_date,
        payoutId: payout.id,
        at: now,
      })
      if (balance === null) {
        const [current] = await tx.select({ balance: partners.balance }).from(partners).where(eq(partners.id, partnerId))
        throw overBalance(current?.balance ?? 0)
      }
      await writeAudit(tx, {
        adminId: admin.id,
        action: 'createPayment',
        resource: partnersResource.name,
        recordId: partnerId,
        changes: {
          payout_id: { from: null, to: payout.id },
          amount: { from: null, to: amount },
          balance: { from: balance + amount, to: balance },
        },
        at: now,
      })
      return payout.id
    })
    if (made === null) {
      // the same key won meanwhile: its payout is the answer, this file is not needed
      await removeReceipt(deps.config.dataDir, name)
      const winner = await replay(deps.db, key, partnerId)
      if (!winner) throw new AppError(409, 'errors.conflict')
      return winner
    }
    return { item: await findPayout(deps.db, partnerId, made), created: true }
  } catch (error) {
    await removeReceipt(deps.config.dataDir, name)
    throw error
  }
}

/** A payout's file (admins only). */
export async function readPayoutFile(deps: AppDeps, partnerId: number, payoutId: number) {
  const [row] = await deps.db
    .select({ name: partnerPayouts.fileName, type: partnerPayouts.fileType, number: partnerPayouts.paymentNo })
    .from(partnerPayouts)
    .where(and(eq(partnerPayouts.id, payoutId), eq(partnerPayouts.partnerId, partnerId)))
    .limit(1)
  if (!row) throw new AppError(404, 'errors.notFound')
  return readReceipt(deps.config.dataDir, row, 'payout', payoutId)
}
