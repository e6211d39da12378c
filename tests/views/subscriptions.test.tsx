import { screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SimulatedClock } from 'xstate'
import {
  subscriptionsPaths,
  subscriptionsResource,
  subscriptionsScreens,
  type Invoice,
  type Subscription,
} from '../../src/contract/subscriptions'
import { vendorsScreens } from '../../src/contract/vendors'
import { PRINT_DELAY_MS } from '../../src/machines/invoice-print'
import { setActorClock } from '../../src/machines/runtime'
import { InvoiceScreen } from '../../src/views/subscriptions/invoice'
import { renderApp } from '../walks/app'
import { createNetwork, ok } from '../walks/network'
import { renderScreen } from './render'

/**
 * The subscriptions list and the printable invoice as an admin meets them, the server answered at
 * the API boundary: the list links each vendor and invoice, marks an expired period and says
 * "Never" for a lifetime one; the invoice shows both parties, the amounts and the QR, and asks the
 * browser to print once, a second after it is on the page.
 */

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver

const net = createNetwork()
beforeEach(() => {
  net.install()
  net.reset()
})
afterEach(() => {
  net.uninstall()
  setActorClock(undefined)
})

const base: Subscription = {
  id: 11,
  vendor: { id: 7, name: 'Oud House' },
  package: { id: 2, name: 'Elite' },
  subscription_type: 'LIFE_TIME',
  phase: 'active',
  starts_at: '2026-03-01',
  expires_at: null,
  amount: '1150.50',
  discount: '100.00',
  net: '1000.43',
  tax: '150.07',
  coupon_code: 'SAVE10',
  payment: { id: 31, payment_number: 'PAY-31', method: 'BANK_TRANSFER', payment_date: '2026-03-01', status: 'Success' },
  invoice_number: 'INV-2026-000123',
  version: 1,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
}
const expired: Subscription = {
  ...base,
  id: 12,
  vendor: { id: 8, name: 'Date Palm' },
  package: { id: 1, name: 'Standard' },
  subscription_type: 'MONTH',
  phase: 'expired',
  starts_at: '2026-01-01',
  expires_at: '2026-02-01',
  amount: '115.00',
  coupon_code: null,
  invoice_number: 'INV-2026-000001',
}

const invoice: Invoice = {
  number: 'INV-2026-000123',
  issued_at: '2026-03-01T09:00:00Z',
  seller: { name: 'Vendors Platform Co. Ltd.', vat_number: '310123456700003', address: 'Riyadh', commercial_registration: null },
  buyer: { name: 'Oud House Trading', vat_number: '300000000000003', address: null, commercial_registration: '1010000001' },
  line: { description: 'Elite', period_from: '2026-03-01', period_to: null, price: '1100.50' },
  discount: '100.00',
  coupon_code: 'SAVE10',
  net: '1000.50',
  vat_percent: 15,
  vat: '150.08',
  total: '1150.58',
  qr: 'AQlTZWxsZXIgQ28CDzMxMDEyMzQ1NjcwMDAwMwMUMjAyNi0wMy0wMVQwOTowMDowMFoEBzExNTAuNTgFBjE1MC4wOA==',
}

describe('the subscriptions list', () => {
  it('shows each subscription with its vendor, period, amount and invoice, linked to their screens', async () => {
    net.auto({ method: 'GET', path: subscriptionsResource.path }, () =>
      ok({ subscriptions: { data: [base, expired], total: 2, page: 1, rowsPerPage: 15, pagesCount: 1, total_is_estimate: false } }),
    )
    net.auto({ method: 'GET', path: 'core/list/subscription-packages' }, () => ok({ list: [{ id: 2, name: 'Elite' }] }))
    const app = renderApp(net, subscriptionsScreens.list)
    const vendor = await screen.findByRole('link', { name: 'Oud House' }, { timeout: 20_000 })
    expect(vendor.getAttribute('href')).toBe(vendorsScreens.view(7))
    const row = vendor.closest('tr')!
    expect(within(row).getByText('Never')).toBeTruthy()
    expect(within(row).getByText('1,150.50 SR')).toBeTruthy()
    expect(within(row).getByText('SAVE10')).toBeTruthy()
    expect(within(row).getByText('Success')).toBeTruthy()
    expect(within(row).getByRole('link', { name: 'Invoice INV-2026-000123' }).getAttribute('href')).toBe(subscriptionsScreens.invoice(11))
    const old = screen.getByRole('link', { name: 'Date Palm' }).closest('tr')!
    expect(within(old).getByText('Expired')).toBeTruthy()
    expect(within(old).getByText('Monthly')).toBeTruthy()
    expect(within(old).getByText('115.00 SR')).toBeTruthy()
    expect(within(row).queryByText('Expired')).toBeNull()
    app.stop()
  })

  it('asks the server for the phases, package and type in the address', async () => {
    net.auto({ method: 'GET', path: subscriptionsResource.path }, () =>
      ok({ subscriptions: { data: [expired], total: 1, page: 1, rowsPerPage: 15, pagesCount: 1, total_is_estimate: false } }),
    )
    const app = renderApp(net, `${subscriptionsScreens.list}?phase=expired,expiring&package_id=1&subscription_type=MONTH`)
    await screen.findByRole('link', { name: 'Date Palm' }, { timeout: 20_000 })
    const request = net.seen.find((r) => r.path === subscriptionsResource.path)!
    expect(request.query.get('phase')).toBe('expired,expiring')
    expect(request.query.get('package_id')).toBe('1')
    expect(request.query.get('subscription_type')).toBe('MONTH')
    app.stop()
  })
})

describe('the tax invoice', () => {
  const renderInvoice = (lang: 'ar' | 'en', print: () => void) => {
    const clock = new SimulatedClock()
    setActorClock(clock)
    const result = renderScreen(
      <Routes>
        <Route path={subscriptionsScreens.patterns.invoice} element={<InvoiceScreen print={print} />} />
      </Routes>,
      { lang, path: subscriptionsScreens.invoice(11), signedIn: true },
    )
    return { ...result, clock }
  }

  it('shows seller, buyer, amounts and the QR, then prints once, a second after the invoice is on the page', async () => {
    const print = vi.fn()
    const { clock } = renderInvoice('en', print)
    expect(await screen.findByText('Loading the invoice…')).toBeTruthy()
    await net.answer({ method: 'GET', path: subscriptionsPaths.invoice(11) }, ok({ invoice }))
    const sheet = await screen.findByRole('article', { name: 'Simplified tax invoice' })
    const seller = within(sheet).getByRole('region', { name: 'Seller' })
    expect(within(seller).getByText('Vendors Platform Co. Ltd.')).toBeTruthy()
    expect(within(seller).getByText('310123456700003')).toBeTruthy()
    const buyer = within(sheet).getByRole('region', { name: 'Buyer' })
    expect(within(buyer).getByText('Oud House Trading')).toBeTruthy()
    expect(within(buyer).getByText('300000000000003')).toBeTruthy()
    expect(within(sheet).getByText('INV-2026-000123')).toBeTruthy()
    // issued at 09:00 UTC: dated in Riyadh's time, whatever the browser's zone
    expect(within(sheet).getByText(/1 March 2026.*12:00|March 1, 2026.*12:00/)).toBeTruthy()
    const totals = within(sheet).getByRole('table', { name: 'Invoice totals' })
    const amountOf = (label: RegExp) => within(totals).getByRole('row', { name: label }).querySelector('td')?.textContent
    expect(amountOf(/^Discount, coupon SAVE10/)).toBe('100.00 SR')
    expect(amountOf(/^Net before VAT/)).toBe('1,000.50 SR')
    expect(amountOf(/^VAT \(15%\)/)).toBe('150.08 SR')
    expect(amountOf(/^Total including VAT/)).toBe('1,150.58 SR')
    const qr = within(sheet).getByRole('img', { name: 'ZATCA QR code of invoice INV-2026-000123' })
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    expect(decodeURIComponent(qr.getAttribute('src')!)).toContain('<svg')

    // not before the delay, then exactly once
    expect(print).not.toHaveBeenCalled()
    clock.increment(PRINT_DELAY_MS - 1)
    expect(print).not.toHaveBeenCalled()
    clock.increment(1)
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1))
    clock.increment(10 * PRINT_DELAY_MS)
    expect(print).toHaveBeenCalledTimes(1)
  })

  it('reads in Arabic, right to left, with the amounts in ر.س', async () => {
    const print = vi.fn()
    renderInvoice('ar', print)
    await net.answer({ method: 'GET', path: subscriptionsPaths.invoice(11) }, ok({ invoice }))
    const sheet = await screen.findByRole('article', { name: 'فاتورة ضريبية مبسطة' })
    expect(within(sheet).getByRole('region', { name: 'البائع' })).toBeTruthy()
    expect(within(sheet).getByText('1,150.58 ر.س')).toBeTruthy()
  })

  it('prints nothing when the invoice cannot be loaded, and offers Try again', async () => {
    const print = vi.fn()
    const { clock } = renderInvoice('en', print)
    await net.answer(
      { method: 'GET', path: subscriptionsPaths.invoice(11) },
      { status: 404, body: { status: false, message: 'Not found.', errors: {} } },
    )
    expect(await screen.findByText('Not found.')).toBeTruthy()
    clock.increment(5 * PRINT_DELAY_MS)
    expect(print).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Try again!' })).toBeTruthy()
  })
})
