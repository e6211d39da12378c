import { packages } from '../../server/modules/subscription-packages/schema'
import type { TestServer } from './helpers'

export const BASE = '/api/admin-panal/venders'

/** A valid vendor body; `n` makes its unique fields unique. */
export const vendorBody = (n = 1, extra: Record<string, unknown> = {}) => ({
  store_name: `متجر ${n}`,
  company_name: `Company ${n}`,
  commercial_registration: String(1_000_000_000 + n),
  commercial_registration_expiry: '2027-01-31',
  phone: `+96650000${String(n).padStart(4, '0')}`,
  email: `vendor${n}@example.com`,
  description: null,
  status: 'pending',
  package_id: 2,
  subdomain: `store-${n}`,
  tax_no: '300000000000003',
  utm_source: 'google',
  ...extra,
})

/** The smallest valid PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

/** A multipart body of `fields` and, when given, `payment_file`. */
export function paymentForm(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----payment-test-boundary'
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="payment_file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** A sandbox card payment (registration step 3, a renewal) with the card `number`. */
export const cardPayment = (number: string, extra: Record<string, unknown> = {}) => ({
  method: 'CREDIT_CARD',
  card: { number, exp_month: 12, exp_year: 2030, cvc: '123', holder_name: 'Noura Ali', ...extra },
})

export const paymentFields = (extra: Record<string, string> = {}) => ({
  payment_number: 'PAY-1',
  amount: '1150.50',
  method: 'BANK_TRANSFER',
  payment_date: '2026-02-28',
  ...extra,
})

let keys = 0
export const newKey = () => `test-key-${process.pid}-${++keys}-${Math.random().toString(36).slice(2)}`

export async function createVendor(server: TestServer, token: string, n = 1, extra: Record<string, unknown> = {}) {
  const res = await server.request({ url: BASE, token, body: vendorBody(n, extra), lang: 'en' })
  if (res.status !== 201) throw new Error(`vendor not created: ${res.status} ${res.text}`)
  return (res.json as { result: { item: { id: number; version: number; referral_code: string } } }).result.item
}

export async function recordPayment(
  server: TestServer,
  token: string,
  vendorId: number,
  options: { key?: string; fields?: Record<string, string>; file?: { name: string; type: string; bytes: Buffer } | null } = {},
) {
  const form = paymentForm(
    options.fields ?? paymentFields(),
    options.file === null ? undefined : (options.file ?? { name: 'r.png', type: 'image/png', bytes: PNG }),
  )
  return server.request({
    url: `${BASE}/createPayment/${vendorId}`,
    token,
    lang: 'en',
    payload: form.payload,
    contentType: form.contentType,
    headers: { 'idempotency-key': options.key ?? newKey() },
  })
}

/** Packages 1 to 4 (a database truncated with its identities restarted), for the vendors and payments that name them. */
export async function seedPackages(server: TestServer) {
  await server.db.insert(packages).values(
    [1, 2, 3, 4].map((n) => ({
      titleAr: `باقة ${n}`,
      titleEn: `Package ${n}`,
      shortDescriptionAr: 'وصف',
      shortDescriptionEn: 'About',
      price: n * 10_000,
      subscriptionType: 'MONTH',
      packageType: 'STANDARD',
    })),
  )
}
