import type { TestServer } from './helpers'
import { newKey, paymentForm, PNG } from './vendors-fixtures'

export const PARTNERS = '/api/admin-panal/partners'

export const partnerBody = (n: number, extra: Record<string, unknown> = {}) => ({
  full_name: `شريك ${n}`,
  email: `partner${n}@example.com`,
  phone: `+96655000${String(n).padStart(4, '0')}`,
  second_phone: '',
  commercial_registration: '',
  tax_no: '',
  referral_code: '',
  referral_percentage: 10,
  referral_due_months: 2,
  ...extra,
})

/** A multipart payout form (`payment_file` a PNG unless told). */
export const payoutForm = (
  fields: Record<string, string>,
  file: { type: string; bytes: Buffer } | null = { type: 'image/png', bytes: PNG },
) => paymentForm(fields, file ? { name: 'f', ...file } : undefined)

export function payOut(
  server: TestServer,
  token: string,
  partnerId: number,
  amount: string,
  options: { key?: string; date?: string; file?: { type: string; bytes: Buffer } | null; lang?: 'ar' | 'en' } = {},
) {
  const form = payoutForm(
    { payment_no: 'TRF-1', payment_amount: amount, payment_date: options.date ?? '2026-02-28' },
    options.file === undefined ? { type: 'image/png', bytes: PNG } : options.file,
  )
  return server.request({
    url: `${PARTNERS}/createPayment/${partnerId}`,
    token,
    lang: options.lang ?? 'en',
    payload: form.payload,
    contentType: form.contentType,
    headers: { 'idempotency-key': options.key ?? newKey() },
  })
}
