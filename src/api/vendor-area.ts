import type { Invoice } from '../contract/subscriptions'
import { vendorAreaPaths, type VendorOverview, type VendorPayment, type VendorSubscription } from '../contract/vendor-area'
import { call } from './client'

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
