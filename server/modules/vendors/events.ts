import { defineEvent } from '../../lib/events'

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
