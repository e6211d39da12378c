/** Payment statuses and methods (spec section 3, DOMAIN.md "Payments"); `domain/payments` holds the rules. */
export const paymentStatuses = ['DUE_PAYMENT', 'Pending', 'Success', 'Rejected'] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

/** Methods offered for new payments. */
export const offeredPaymentMethods = ['APPLE_PAY', 'CASH', 'BANK_TRANSFER', 'CREDIT_CARD'] as const
/** Every stored method: the offered ones plus the legacy CACHE (= cash) and BANK (= bank transfer). */
export const paymentMethods = [...offeredPaymentMethods, 'CACHE', 'BANK'] as const
export type PaymentMethod = (typeof paymentMethods)[number]
