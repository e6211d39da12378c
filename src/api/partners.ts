import { partnersPaths, type Payout } from '../contract/partners'
import { postPaymentForm } from './vendors'

export type PayoutFields = { payment_no: string; payment_amount: string; payment_date: string }

/**
 * `POST partners/createPayment/{id}` as multipart with an `Idempotency-Key`: the same key sent again
 * (a retry after a lost answer) returns the first payout instead of a second one.
 */
export const createPayout = (partnerId: number, fields: PayoutFields, file: File | null, idempotencyKey: string) =>
  postPaymentForm<{ item: Payout }>(partnersPaths.createPayment(partnerId), fields, file, idempotencyKey)
