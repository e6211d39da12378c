import type { PaymentStatus } from '../contract/payments'
import { IDEMPOTENCY_HEADER, vendorsPaths, type Payment, type SubdomainResult } from '../contract/vendors'
import { ApiError, call, callWithMessage, reportStatus, requestTarget } from './client'

/** `GET venders/subdomain-availability`: whether a vendor (other than `exceptId`) may take it. */
export const checkSubdomain = (subdomain: string, exceptId: number | null, signal?: AbortSignal) =>
  call<SubdomainResult>(vendorsPaths.subdomain, {
    query: exceptId ? { subdomain, except_id: exceptId } : { subdomain },
    ...(signal ? { signal } : {}),
  })

/** `POST venders/changeTransactionStatus/{id}/{transaction_id}`: the server applies the shared table. */
export const changePaymentStatus = (vendorId: number, paymentId: number, status: PaymentStatus, reason: string | null) =>
  callWithMessage<{ item: Payment }>(vendorsPaths.changeStatus(vendorId, paymentId), {
    method: 'POST',
    body: reason === null ? { status } : { status, reason },
  })

export type PaymentFields = {
  payment_number: string
  amount: string
  method: string
  payment_date: string
  package_id?: string
  coupon_code?: string
}

/**
 * `POST venders/createPayment/{id}` as multipart with an `Idempotency-Key`: the same key sent again
 * (a retry after a lost answer) returns the first payment instead of a second one.
 */
export const createVendorPayment = (vendorId: number, fields: PaymentFields, file: File | null, idempotencyKey: string) =>
  postPaymentForm<{ item: Payment }>(vendorsPaths.createPayment(vendorId), fields, file, idempotencyKey)

/**
 * A payment form (`{path}/createPayment/{id}`, spec section 7) sent as multipart with its
 * `payment_file` and an `Idempotency-Key`; a refusal is an ApiError with the field errors.
 */
export function postPaymentForm<T>(
  path: string,
  fields: Record<string, string | undefined>,
  file: File | null,
  idempotencyKey: string,
): Promise<{ message: string; result: T }> {
  const { url, headers } = requestTarget(path)
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== '') form.append(name, value)
  if (file) form.append('payment_file', file)
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, idempotencyKey)
    xhr.onload = () => {
      let body: { message?: unknown; result?: unknown; errors?: unknown } = {}
      try {
        body = JSON.parse(xhr.responseText) as typeof body
      } catch {
        // not JSON: reported below as a failure without a message
      }
      const message = typeof body.message === 'string' ? body.message : ''
      if (xhr.status >= 200 && xhr.status < 300) return resolve({ message, result: body.result as T })
      reportStatus(xhr.status, 'Authorization' in headers)
      reject(
        new ApiError(xhr.status, message, body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : {}),
      )
    }
    xhr.onerror = () => reject(new ApiError(0, ''))
    xhr.send(form)
  })
}

/** A refused download as an ApiError with the server's message (a 401 purges the session). */
async function failureOf(response: Response, hadToken: boolean): Promise<ApiError> {
  reportStatus(response.status, hadToken)
  let message = ''
  try {
    message = String(((await response.json()) as { message?: unknown }).message ?? '')
  } catch {
    // not JSON
  }
  return new ApiError(response.status, message)
}

/** The receipt of a payment as a blob URL (fetched with the admin's token; the caller revokes it). */
export const fetchReceipt = (vendorId: number, paymentId: number, signal?: AbortSignal) =>
  fetchFile(vendorsPaths.receipt(vendorId, paymentId), signal)

/** A stored file (a receipt, a payout's proof) as a blob URL, fetched with the admin's token; the caller revokes it. */
async function fetchFile(path: string, signal?: AbortSignal): Promise<{ url: string; type: string }> {
  const { url, headers } = requestTarget(path)
  let response: Response
  try {
    response = await fetch(url, { headers, ...(signal ? { signal } : {}) })
  } catch {
    throw new ApiError(0, '')
  }
  if (!response.ok) throw await failureOf(response, 'Authorization' in headers)
  const blob = await response.blob()
  return { url: URL.createObjectURL(blob), type: blob.type }
}

/** A CSV export (`path`, a list's or a report's) with its filters, downloaded with the token. */
export async function fetchExport(path: string, query: Record<string, string | number>): Promise<Blob> {
  const { url, headers } = requestTarget(path)
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
  let response: Response
  try {
    response = await fetch(`${url}?${search.toString()}`, { headers })
  } catch {
    throw new ApiError(0, '')
  }
  if (!response.ok) throw await failureOf(response, 'Authorization' in headers)
  return response.blob()
}
