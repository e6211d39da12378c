import {
  registrationPaths,
  type CardPaymentBody,
  type CompletionResult,
  type Draft,
  type PackageStepBody,
  type ReferralCodeResult,
  type RegistrationOptions,
  type StoreStepBody,
  type SubdomainCheckResult,
} from '../contract/registration'
import { ApiError, call, requestTarget } from './client'

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {})

/** `GET register/vender/options`: packages, VAT, trial days, bank accounts and the gateway. */
export const fetchRegistrationOptions = (signal?: AbortSignal) => call<RegistrationOptions>(registrationPaths.options, withSignal(signal))

/** `GET register/vender/subdomain-availability`: free or not, with a suggestion when taken. */
export const checkRegistrationSubdomain = (subdomain: string, signal?: AbortSignal) =>
  call<SubdomainCheckResult>(registrationPaths.subdomain, { query: { subdomain }, ...withSignal(signal) })

/** `GET register/vender/referral-code`: whose code this is. */
export const checkReferralCode = (code: string, signal?: AbortSignal) =>
  call<ReferralCodeResult>(registrationPaths.referralCode, { query: { code }, ...withSignal(signal) })

/** `POST register/vender/drafts`: a new draft. */
export const createDraft = () => call<{ draft: Draft }>(registrationPaths.drafts, { method: 'POST', body: {} }).then((r) => r.draft)

/** `GET register/vender/drafts/:token`: the draft as stored (404 unknown, 409 completed, 410 expired). */
export const fetchDraft = (token: string) => call<{ draft: Draft }>(registrationPaths.draft(token)).then((r) => r.draft)

/** `PUT .../store`: step 1. */
export const saveStoreStep = (token: string, body: StoreStepBody) =>
  call<{ draft: Draft }>(registrationPaths.store(token), { method: 'PUT', body }).then((r) => r.draft)

/** `PUT .../package`: step 2. */
export const savePackageStep = (token: string, body: PackageStepBody) =>
  call<{ draft: Draft }>(registrationPaths.package(token), { method: 'PUT', body }).then((r) => r.draft)

/** `POST .../payment`: a card or Apple Pay through the gateway (402 declined). */
export const payByCard = (token: string, body: CardPaymentBody) =>
  call<{ draft: Draft }>(registrationPaths.payment(token), { method: 'POST', body }).then((r) => r.draft)

/** `POST .../payment/confirm`: the 3-D Secure code. */
export const confirmCardPayment = (token: string, code: string) =>
  call<{ draft: Draft }>(registrationPaths.confirmPayment(token), { method: 'POST', body: { code } }).then((r) => r.draft)

/** `POST .../complete`: the account, the vendor and its payment; the vendor is signed in. */
export const completeRegistration = (token: string) =>
  call<CompletionResult>(registrationPaths.complete(token), { method: 'POST', body: {} })

/** `POST .../transfer` (multipart): the bank transfer's receipt. */
export const sendTransferReceipt = (token: string, file: File, paymentNumber: string): Promise<Draft> =>
  uploadReceipt(registrationPaths.transfer(token), file, paymentNumber, false)

/**
 * A bank transfer's receipt (multipart: `method`, `payment_number`, `payment_file`) to a draft's
 * transfer path: the registration's (public, no session sent) or the renewal's (`signedIn`).
 */
export function uploadReceipt(path: string, file: File, paymentNumber: string, signedIn: boolean): Promise<Draft> {
  const { url, headers } = requestTarget(path)
  const form = new FormData()
  form.append('method', 'BANK_TRANSFER')
  if (paymentNumber.trim()) form.append('payment_number', paymentNumber.trim())
  form.append('payment_file', file)
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    for (const [name, value] of Object.entries(headers)) if (signedIn || name !== 'Authorization') xhr.setRequestHeader(name, value)
    xhr.onload = () => {
      let body: { message?: unknown; result?: { draft?: Draft }; errors?: unknown } = {}
      try {
        body = JSON.parse(xhr.responseText) as typeof body
      } catch {
        // not JSON: a failure without a message
      }
      const message = typeof body.message === 'string' ? body.message : ''
      if (xhr.status >= 200 && xhr.status < 300 && body.result?.draft) return resolve(body.result.draft)
      reject(
        new ApiError(xhr.status, message, body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : {}),
      )
    }
    xhr.onerror = () => reject(new ApiError(0, ''))
    xhr.send(form)
  })
}
