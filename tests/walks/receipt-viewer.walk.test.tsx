import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { vendorsPaths, vendorsResource, vendorsScreens, type Payment, type Vendor } from '../../src/contract/vendors'
import { receiptViewerMachine } from '../../src/machines/receipt-viewer'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk } from './walk'

/**
 * receiptViewer walked through the payments tab: a payment opens in the primary modal, its receipt
 * in a secondary one over it, fetched with the admin's token; a refusal says so with Try again.
 */

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver
// jsdom has no object URLs: the receipt is shown from this one
const RECEIPT_URL = 'blob:receipt-31'
URL.createObjectURL = () => RECEIPT_URL
URL.revokeObjectURL = () => {}

const net = createNetwork()
type Ui = { app: App; net: Network }

const VENDOR = 7
const PAYMENT = 31
const NUMBER = 'PAY-31'
const RECEIPT = vendorsPaths.receipt(VENDOR, PAYMENT)
const vendor = { id: VENDOR, store_name: 'Oud House', status: 'pending', referred_by: null } as unknown as Vendor
const payment: Payment = {
  id: PAYMENT,
  vendor_id: VENDOR,
  package_id: 2,
  coupon_code: null,
  payment_number: NUMBER,
  amount: '99.00',
  amount_halalas: 9_900,
  method: 'BANK',
  payment_date: '2026-11-18',
  status: 'Pending',
  reason: null,
  has_receipt: true,
  receipt_type: 'image/png',
  changed_by: null,
  changed_at: null,
  created_at: '2026-11-18T10:00:00.000Z',
}
net.auto({ method: 'GET', path: `${vendorsResource.path}/${VENDOR}` }, () => ok({ item: vendor }))
net.auto({ method: 'GET', path: vendorsPaths.payments(VENDOR) }, () =>
  ok({ payments: { data: [payment], total: 1, page: 1, rowsPerPage: 15, pagesCount: 1, total_is_estimate: false } }),
)

const refused = 'Not found.'
const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: { url: RECEIPT_URL, type: 'application/json' } },
  { type: 'xstate.error.actor.load', error: { status: 404, message: refused, errors: {} } },
  { type: 'receipt.retry' },
]

const receiptDialog = () => screen.getByRole('dialog', { name: `Receipt of payment ${NUMBER}`, hidden: true })
const paymentDialog = () => screen.getByRole('dialog', { name: `Payment ${NUMBER}`, hidden: true })

walk<Ui>({
  name: 'receiptViewer',
  machine: receiptViewerMachine,
  timeout: 8000,
  surfaces: [
    {
      name: 'a payment opened from the payments tab, its receipt over it',
      input: { vendorId: VENDOR, paymentId: PAYMENT },
      events,
      start: async () => {
        net.install()
        net.reset()
        const app = renderApp(net, `${vendorsScreens.view(VENDOR)}?tab=payments`, { before: [vendorsScreens.list] })
        fireEvent.click(await screen.findByRole('button', { name: `Payment ${NUMBER}` }, { timeout: 20_000 }))
        fireEvent.click(
          await within(await screen.findByRole('dialog', { name: `Payment ${NUMBER}` })).findByRole('button', { name: 'View receipt' }),
        )
        return { app, net }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'xstate.done.actor.load': ({ ui }) => ui.net.answer({ method: 'GET', path: RECEIPT }, { status: 200, body: { png: true } }),
    'xstate.error.actor.load': ({ ui }) => ui.net.answer({ method: 'GET', path: RECEIPT }, failed(404, refused)),
    'receipt.retry': () => fireEvent.click(within(receiptDialog()).getByRole('button', { name: 'Try again!', hidden: true })),
  },
  states: {
    loading: () => {
      expect(within(receiptDialog()).getByText('Loading the receipt…')).toBeTruthy()
      // the payment stays open under its receipt
      expect(paymentDialog()).toBeTruthy()
    },
    shown: () => {
      const img = within(receiptDialog()).getByRole('img', { name: `Receipt of payment ${NUMBER}`, hidden: true })
      expect(img.getAttribute('src')).toBe(RECEIPT_URL)
      expect(within(receiptDialog()).getByRole('link', { name: 'Download', hidden: true }).getAttribute('href')).toBe(RECEIPT_URL)
    },
    failed: () => {
      expect(within(receiptDialog()).getByRole('alert', { hidden: true }).textContent).toBe(refused)
      expect(within(receiptDialog()).queryByRole('img', { hidden: true })).toBeNull()
    },
  },
  after: {
    'receipt.retry': async ({ ui }) => {
      const request = await ui.net.next({ method: 'GET', path: RECEIPT })
      expect(request.headers.authorization).toBe('Bearer token')
    },
  },
})
