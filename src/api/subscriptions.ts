import { subscriptionsPaths, type Invoice } from '../contract/subscriptions'
import { call } from './client'

/** `GET admin-panal/subscriptions/{id}/invoice`: the subscription's simplified tax invoice. */
export const fetchInvoice = async (id: number, signal?: AbortSignal): Promise<Invoice> =>
  (await call<{ invoice: Invoice }>(subscriptionsPaths.invoice(id), signal ? { signal } : {})).invoice
