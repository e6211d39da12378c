import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import type { User } from '../../src/contract/auth'
import { TOKEN_STORAGE_KEY } from '../../src/contract/common'
import { screens } from '../../src/contract/screens'
import { vendorAreaPaths, type VendorOverview, type VendorPayment, type VendorSubscription } from '../../src/contract/vendor-area'
import { IDENTITY_STORAGE_KEY } from '../../src/machines/session'
import { vendorDashboardMachine } from '../../src/machines/vendor-dashboard'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk } from './walk'

/**
 * vendorDashboard walked through the vendor's /dashboard (issue 11): a signed-in end user's store,
 * subscription state, package limits ("Unlimited" for an empty one), payments with a rejection's
 * reason, invoices to print, and the referral link copied to the clipboard (or, when the browser
 * refuses, a word to copy it by hand); a refusal says so with Try again.
 */

const net = createNetwork()
type Ui = { app: App; net: Network }

const user: User = { id: 7, name: 'Rose Store', email: 'vendor1@example.com', phone: null, locale: 'en', is_active: true }
const overview: VendorOverview = {
  vendor: {
    id: 3,
    store_name: 'Rose Store 1',
    company_name: 'Rose Co',
    status: 'active',
    subdomain: 'rose-store',
    referral_code: 'DEMO0001',
  },
  package: {
    id: 2,
    name: 'Basic monthly',
    subscription_type: 'MONTH',
    days: null,
    price: '200.00',
    limits: {
      product_count: 50,
      market_count: null,
      order_count: null,
      num_branches: 2,
      num_orders: null,
      num_shared_apps: null,
      num_brands: null,
      added_price: null,
      whatsapp_free_conversations_count: null,
      whatsapp_sales_channel_usage: null,
      pickup_locations_count: null,
      users_count: 3,
      shipping_companies_count: null,
    },
  },
  subscription: { state: 'active', expires_at: '2026-12-30T21:00:00.000Z' },
}
const payments: VendorPayment[] = [
  {
    id: 2,
    payment_number: 'PAY-2',
    amount: '230.00',
    method: 'BANK_TRANSFER',
    status: 'Success',
    reason: null,
    payment_date: '2026-11-01',
    package: 'Basic monthly',
  },
  {
    id: 1,
    payment_number: 'PAY-1',
    amount: '230.00',
    method: 'BANK_TRANSFER',
    status: 'Rejected',
    reason: 'The receipt is unreadable',
    payment_date: '2026-10-20',
    package: 'Basic monthly',
  },
]
const subscriptions: VendorSubscription[] = [
  {
    id: 11,
    package: 'Basic monthly',
    phase: 'active',
    starts_at: '2026-10-31T21:00:00.000Z',
    expires_at: '2026-12-30T21:00:00.000Z',
    amount: '230.00',
    invoice_number: 'INV-2026-000007',
  },
]
const refused = 'Not found.'
const calls = {
  overview: { method: 'GET', path: vendorAreaPaths.overview },
  payments: { method: 'GET', path: vendorAreaPaths.payments },
  subscriptions: { method: 'GET', path: vendorAreaPaths.subscriptions },
}

/** The clipboard the page writes to: each write waits for the step that answers it. */
const clipboard = {
  written: [] as string[],
  settle: null as null | ((ok: boolean) => void),
}
Object.defineProperty(navigator, 'clipboard', {
  configurable: true,
  value: {
    writeText: (text: string) =>
      new Promise<void>((resolve, reject) => {
        clipboard.written.push(text)
        clipboard.settle = (done) => (done ? resolve() : reject(new Error('denied')))
      }),
  },
})

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: { overview, payments, subscriptions } },
  { type: 'xstate.error.actor.load', error: { status: 404, message: refused, errors: {} } },
  { type: 'dashboard.retry' },
  { type: 'dashboard.copyReferral', link: 'http://localhost:3000/register/vender?referral_code=DEMO0001' },
  { type: 'xstate.done.actor.copy' },
  { type: 'xstate.error.actor.copy', error: new Error('denied') },
  { type: 'xstate.after.copiedFor.vendorDashboard.ready.copied' },
]

const settleCopy = async (done: boolean) => {
  await waitFor(() => expect(clipboard.settle).not.toBeNull())
  const settle = clipboard.settle!
  clipboard.settle = null
  settle(done)
}

walk<Ui>({
  name: 'vendorDashboard',
  machine: vendorDashboardMachine,
  timeout: 8000,
  surfaces: [
    {
      name: "a signed-in vendor's dashboard",
      events,
      start: () => {
        net.install()
        net.reset()
        clipboard.written.length = 0
        clipboard.settle = null
        localStorage.setItem(TOKEN_STORAGE_KEY, 'user-token')
        localStorage.setItem(IDENTITY_STORAGE_KEY, 'user')
        net.auto({ method: 'GET', path: 'user/auth/me' }, () => ok({ user }))
        const app = renderApp(net, screens.userDashboard, { signedIn: false })
        return { app, net }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'xstate.done.actor.load': async ({ ui }) => {
      await ui.net.answer(calls.overview, ok({ overview }), 30_000)
      await ui.net.answer(calls.payments, ok({ payments }), 30_000)
      await ui.net.answer(calls.subscriptions, ok({ subscriptions }), 30_000)
    },
    'xstate.error.actor.load': async ({ ui }) => {
      await ui.net.answer(calls.overview, failed(404, refused), 30_000)
      await ui.net.answer(calls.payments, failed(404, refused), 30_000)
      await ui.net.answer(calls.subscriptions, failed(404, refused), 30_000)
    },
    'dashboard.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again!' })),
    'dashboard.copyReferral': () => fireEvent.click(screen.getByRole('button', { name: /^(Copy link|Copied)$/ })),
    'xstate.done.actor.copy': () => settleCopy(true),
    'xstate.error.actor.copy': () => settleCopy(false),
  },
  states: {
    loading: () => {
      expect(screen.getByText('Loading your dashboard…')).toBeTruthy()
      expect(screen.queryByTestId('store-name')).toBeNull()
    },
    failed: () => {
      expect(screen.getByText(refused)).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Try again!' })).toBeTruthy()
      expect(screen.queryByTestId('store-name')).toBeNull()
    },
    ready: () => {
      // the vendor's own menu: the dashboard and sign-out, no admin entry
      const menu = screen.getByRole('navigation', { name: 'Vendor menu' })
      expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page')
      expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy()
      expect(screen.queryByTestId('account-menu')).toBeNull()
      expect(screen.getByTestId('store-name').textContent).toBe('Rose Store 1')
      const status = screen.getByTestId('subscription-status')
      expect(within(status).getByText('Active')).toBeTruthy()
      expect(within(status).getByText('Active until 31 Dec 2026')).toBeTruthy()
      const limits = screen.getByTestId('package-limits')
      expect(limits.querySelectorAll('dt')).toHaveLength(13)
      expect(within(limits).getByText('Products').nextElementSibling?.textContent).toBe('50')
      expect(within(limits).getByText('Marketplaces').nextElementSibling?.textContent).toBe('Unlimited')
      const table = screen.getByTestId('vendor-payments')
      expect(table.querySelectorAll('tbody tr')).toHaveLength(2)
      expect(within(table).getByText('The receipt is unreadable')).toBeTruthy()
      expect(within(table).getByText('Rejected')).toBeTruthy()
      const print = screen.getByRole('link', { name: 'Print invoice INV-2026-000007' })
      expect(print.getAttribute('href')).toBe(screens.userInvoice(11))
      expect(screen.getByTestId('referral-code').textContent).toBe('DEMO0001')
      expect(screen.getByLabelText<HTMLInputElement>('Referral link').value).toMatch(/\/register\/vender\?referral_code=DEMO0001$/)
    },
    'ready.idle': () => expect(screen.getByRole('button', { name: 'Copy link' }).getAttribute('aria-busy')).not.toBe('true'),
    'ready.copying': () => expect(screen.getByRole('button', { name: /Copy link|Copied/ }).getAttribute('aria-busy')).toBe('true'),
    'ready.copied': () => {
      expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy()
      expect(screen.getByText('The link is on your clipboard.')).toBeTruthy()
    },
    'ready.copyFailed': () => {
      expect(screen.getByText('The link could not be copied: select it and copy it by hand.')).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy()
    },
  },
  after: {
    'dashboard.copyReferral': () => expect(clipboard.written.at(-1)).toMatch(/\/register\/vender\?referral_code=DEMO0001$/),
  },
})
