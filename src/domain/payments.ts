/**
 * Payments (DOMAIN.md "Payments"): the only status changes a payment may take. The paymentStatus
 * chart's guards and the server's `changeTransactionStatus` both read this table; every other
 * change is refused (409).
 */

import { paymentStatuses, type PaymentMethod, type PaymentStatus, type offeredPaymentMethods } from '../contract/payments'

export type { PaymentMethod, PaymentStatus } from '../contract/payments'

/** How a method is shown: the legacy values read as the method they stand for. */
export const shownPaymentMethod = (method: PaymentMethod): (typeof offeredPaymentMethods)[number] =>
  method === 'CACHE' ? 'CASH' : method === 'BANK' ? 'BANK_TRANSFER' : method

type Step = {
  /** The admin permission the change needs beyond updating the vendor (`payments:approve`), if any. */
  approval: boolean
  /** A reason must be given (a rejection). */
  reason: boolean
}

/** From each status, the statuses it may change to. Success is final. */
const paymentTransitions: Readonly<Record<PaymentStatus, Partial<Record<PaymentStatus, Step>>>> = {
  DUE_PAYMENT: { Pending: { approval: false, reason: false } },
  Pending: { Success: { approval: true, reason: false }, Rejected: { approval: true, reason: true } },
  Rejected: { Pending: { approval: false, reason: false } },
  Success: {},
}

/** Whether a payment at `from` may change to `to`. */
export const canChangePayment = (from: PaymentStatus, to: PaymentStatus): boolean => paymentTransitions[from][to] !== undefined

/** The statuses a payment at `from` may change to, in the table's order. */
export const nextPaymentStatuses = (from: PaymentStatus): PaymentStatus[] => paymentStatuses.filter((to) => canChangePayment(from, to))

/** The change needs `payments:approve` (approving or rejecting). */
export const needsApproval = (from: PaymentStatus, to: PaymentStatus): boolean => paymentTransitions[from][to]?.approval ?? false

/** The change needs a reason (rejecting). */
export const needsReason = (from: PaymentStatus, to: PaymentStatus): boolean => paymentTransitions[from][to]?.reason ?? false
