import type { CardPaymentBody, Draft, PackageStepBody, RegistrationOptions } from '../contract/registration'
import type { Invoice } from '../contract/subscriptions'
import {
  vendorAreaPaths,
  type RenewalResult,
  type VendorOverview,
  type VendorPayment,
  type VendorSubscription,
} from '../contract/vendor-area'
import { call } from './client'
import { uploadReceipt } from './registration'

/** Everything the vendor's dashboard shows, from the three reads of the signed-in vendor. */
export type VendorDashboardData = { overview: VendorOverview; payments: VendorPayment[]; subscriptions: VendorSubscription[] }

export async function fetchVendorDashboard(signal?: AbortSignal): Promise<VendorDashboardData> {
  const options = signal ? { signal } : {}
  const [overview, payments, subscriptions] = await Promise.all([
    call<{ overview: VendorOverview }>(vendorAreaPaths.overview, options),
    call<{ payments: VendorPayment[] }>(vendorAreaPaths.payments, options),
    call<{ subscriptions: VendorSubscription[] }>(vendorAreaPaths.subscriptions, options),
  ])
  return { overview: overview.overview, payments: payments.payments, subscriptions: subscriptions.subscriptions }
}

/** `GET user/vendor/subscriptions/{id}/invoice`: the tax invoice of one of the vendor's subscriptions. */
export const fetchVendorInvoice = async (id: number, signal?: AbortSignal): Promise<Invoice> =>
  (await call<{ invoice: Invoice }>(vendorAreaPaths.invoice(id), signal ? { signal } : {})).invoice

/** Puts text on the clipboard (the referral link). */
export async function copyToClipboard(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('clipboard unavailable')
  await navigator.clipboard.writeText(text)
}

/* Renewing or changing the package: the registration's steps 2 and 3 for the signed-in vendor. */

/** `GET user/vendor/renewal/options`: the packages it may renew with (no free trial), VAT, bank accounts, the gateway. */
export const fetchRenewalOptions = (signal?: AbortSignal) =>
  call<RegistrationOptions>(vendorAreaPaths.renewalOptions, signal ? { signal } : {})

/** `PUT user/vendor/renewal/package`: step 2. */
export const saveRenewalPackage = (body: PackageStepBody) =>
  call<{ draft: Draft }>(vendorAreaPaths.renewalPackage, { method: 'PUT', body }).then((r) => r.draft)

/** `POST user/vendor/renewal/payment`: a card or Apple Pay through the gateway (402 declined). */
export const payRenewalByCard = (body: CardPaymentBody) =>
  call<{ draft: Draft }>(vendorAreaPaths.renewalPayment, { method: 'POST', body }).then((r) => r.draft)

/** `POST user/vendor/renewal/payment/confirm`: the 3-D Secure code. */
export const confirmRenewalCard = (code: string) =>
  call<{ draft: Draft }>(vendorAreaPaths.renewalConfirm, { method: 'POST', body: { code } }).then((r) => r.draft)

/** `POST user/vendor/renewal/transfer` (multipart): the bank transfer's receipt. */
export const sendRenewalReceipt = (file: File, paymentNumber: string) =>
  uploadReceipt(vendorAreaPaths.renewalTransfer, file, paymentNumber, true)

/** `POST user/vendor/renewal/complete`: the payment the renewal recorded. */
export const completeRenewal = () => call<RenewalResult>(vendorAreaPaths.renewalComplete, { method: 'POST', body: {} })
