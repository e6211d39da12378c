import { crudActions, defineAccess } from './access'
import { defineScreens } from './screens'

// The partners module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
export const partnersResource = { name: 'partners', path: 'admin-panal/partners', module: 'partners' } as const
/** `partners:pay` records a payout from a partner's wallet; `partners:export` downloads the list. */
export const partnersAccess = defineAccess(partnersResource.module, [...crudActions, 'export', 'pay'])

/** The tabs of a partner's view, each a route of its own; the information tab is the default. */
export const partnerTabs = ['partner-information', 'referral-sellers', 'partner-PaymentTab', 'partner-payment-create'] as const
export type PartnerTab = (typeof partnerTabs)[number]

export const partnersScreens = defineScreens('partners', {
  list: 'list',
  create: 'create',
  edit: 'edit/:id',
  view: 'view/:id',
  tab: 'view/:id/:tab',
})
/** A tab of a partner's view. */
export const partnerTabScreen = (id: number | string, tab: PartnerTab) => `${partnersScreens.view(id)}/${tab}`

const base = partnersResource.path
export const partnersPaths = {
  export: `${base}/export`,
  /** Vendors registered with the partner's code, with what they paid and earned it. */
  referralSellers: (id: number | string) => `${base}/${id}/referral-sellers`,
  /** The wallet: its balance and ledger (credits and payouts) with the running balance. */
  wallet: (id: number | string) => `${base}/${id}/wallet`,
  /** A payout from the wallet (multipart, `Idempotency-Key`). */
  createPayment: (id: number | string) => `${base}/createPayment/${id}`,
  /** The file of a payout. */
  paymentFile: (id: number | string, paymentId: number | string) => `${base}/${id}/payments/${paymentId}/file`,
} as const
