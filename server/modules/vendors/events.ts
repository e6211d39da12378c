import { defineEvent } from '../../lib/events'
import type { vendorPayments } from './schema'

/** A payment just became Success (in the approval's transaction, once per payment). */
export type PaymentApproved = {
  paymentId: number
  vendorId: number
  packageId: number | null
  /** The coupon the payment was priced with, if any. */
  couponId: number | null
  /** What was paid, VAT included (halalas). */
  amountHalalas: number
  /** The payment's date (YYYY-MM-DD). */
  paidAt: string
  at: Date
  /** The admin who approved it; null when the platform did (a card charged at registration). */
  adminId: number | null
}

/**
 * Other modules react to an approval here (the subscriptions module activates or extends the
 * subscription and assigns the invoice number; the partners module credits a referrer).
 */
export const paymentApproved = defineEvent<PaymentApproved>('payments.approved')

/** The approval of a payment already at Success, as its approval told it (demo data replays them). */
export const approvalOf = (payment: typeof vendorPayments.$inferSelect): PaymentApproved => ({
  paymentId: payment.id,
  vendorId: payment.vendorId,
  packageId: payment.packageId,
  couponId: payment.couponId,
  amountHalalas: payment.amountHalalas,
  paidAt: payment.paidAt,
  at: payment.changedAt ?? payment.createdAt,
  adminId: payment.changedBy,
})

/** A payment now awaits approval (recorded Pending, or moved to Pending), in the write's transaction. */
export type PaymentPending = {
  paymentId: number
  vendorId: number
  /** It had been rejected and is submitted again. */
  resubmitted: boolean
  at: Date
}

/** Other modules react to a payment awaiting approval here (the notifications module tells the admins). */
export const paymentPending = defineEvent<PaymentPending>('payments.pending')
