import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { subscriptionsPaths, subscriptionsScreens, type Invoice } from '../../src/contract/subscriptions'
import { invoicePrintMachine } from '../../src/machines/invoice-print'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk } from './walk'

/**
 * invoicePrint walked through the invoice screen of the app: the invoice arrives and shows, the
 * browser's print dialog opens once a second later (the walk's clock), Print opens it again; a
 * refusal says so with Try again and never prints.
 */

const net = createNetwork()
const printer = { calls: 0 }
type Ui = { app: App; net: Network }

const ID = 11
const INVOICE = subscriptionsPaths.invoice(ID)
const invoice: Invoice = {
  number: 'INV-2026-000123',
  issued_at: '2026-03-01T09:00:00Z',
  seller: { name: 'Vendors Platform Co. Ltd.', vat_number: '310123456700003', address: 'Riyadh', commercial_registration: null },
  buyer: { name: 'Oud House Trading', vat_number: '300000000000003', address: null, commercial_registration: null },
  line: { description: 'Elite', period_from: '2026-02-28T21:00:00.000Z', period_to: '2026-03-31T21:00:00.000Z', price: '200.00' },
  discount: '0.00',
  coupon_code: null,
  net: '200.00',
  vat_percent: 15,
  vat: '30.00',
  total: '230.00',
  qr: 'AQlTZWxsZXIgQ28CDzMxMDEyMzQ1NjcwMDAwMwMUMjAyNi0wMy0wMVQwOTowMDowMFoEBjIzMC4wMAUFMzAuMDA=',
}
const refused = 'Not found.'

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: invoice },
  { type: 'xstate.error.actor.load', error: { status: 404, message: refused, errors: {} } },
  { type: 'invoice.retry' },
  { type: 'invoice.print' },
  { type: 'xstate.after.printDelay.invoicePrint.ready' },
]

const sheet = () => screen.getByRole('article', { name: 'Simplified tax invoice' })

walk<Ui>({
  name: 'invoicePrint',
  machine: invoicePrintMachine,
  timeout: 8000,
  surfaces: [
    {
      name: 'the invoice screen of a subscription',
      input: { id: ID },
      events,
      start: () => {
        net.install()
        net.reset()
        printer.calls = 0
        window.print = () => void (printer.calls += 1)
        const app = renderApp(net, subscriptionsScreens.invoice(ID), { before: [subscriptionsScreens.view(ID)] })
        return { app, net }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'xstate.done.actor.load': ({ ui }) => ui.net.answer({ method: 'GET', path: INVOICE }, ok({ invoice }), 30_000),
    'xstate.error.actor.load': ({ ui }) => ui.net.answer({ method: 'GET', path: INVOICE }, failed(404, refused), 30_000),
    'invoice.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again!' })),
    'invoice.print': () => fireEvent.click(screen.getByRole('button', { name: 'Print' })),
  },
  states: {
    loading: () => {
      expect(screen.getByText('Loading the invoice…')).toBeTruthy()
      expect(screen.queryByRole('article')).toBeNull()
    },
    ready: () => {
      expect(within(sheet()).getByText('INV-2026-000123')).toBeTruthy()
      expect(within(sheet()).getByRole('img', { name: 'ZATCA QR code of invoice INV-2026-000123' })).toBeTruthy()
      expect(within(sheet()).getByText('1 Mar 2026 – 1 Apr 2026')).toBeTruthy()
      // the dialog waits for the page
      expect(printer.calls).toBe(0)
    },
    printed: () => {
      expect(within(sheet()).getByText('230.00 SR')).toBeTruthy()
      expect(printer.calls).toBeGreaterThanOrEqual(1)
    },
    failed: () => {
      expect(screen.getByText(refused)).toBeTruthy()
      expect(screen.queryByRole('article')).toBeNull()
      expect(printer.calls).toBe(0)
    },
  },
  after: {
    'xstate.after.printDelay.invoicePrint.ready': () => expect(printer.calls).toBe(1),
    'invoice.print': () => expect(printer.calls).toBe(2),
  },
})
