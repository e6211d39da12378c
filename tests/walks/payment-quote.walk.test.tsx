import { fireEvent, screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { couponCheckPath, type CouponCheckResult } from '../../src/contract/coupons'
import { vendorsPaths, vendorsResource, vendorsScreens } from '../../src/contract/vendors'
import { formatMoney } from '../../src/domain/money'
import { paymentQuoteMachine } from '../../src/machines/payment-quote'
import { renderApp, type App } from './app'
import { walkVendor } from './vendor-fixture'
import { createNetwork, failed, ok, type Network } from './network'
import { walk } from './walk'

/**
 * paymentQuote walked through the vendor's "Record a payment" tab: the vendor's package is priced
 * at once and the amount filled with its total; a coupon that applies shows its discount and fills
 * the discounted total, one that does not says why and leaves the package's price; choosing another
 * package prices again; a price that does not come offers Try again.
 */

// Zag's select measures with ResizeObserver and scrolls its list, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver
Element.prototype.scrollTo ??= function scrollTo() {}

const net = createNetwork()
type Ui = { app: App; net: Network }
type S = ReturnType<typeof paymentQuoteMachine.getInitialSnapshot>

const VENDOR = 7
const CODE = 'SAVE10'
const refusedMessage = 'This coupon has expired.'
const plain: CouponCheckResult = {
  applies: true,
  reason: null,
  price: 1000,
  discount: 0,
  net: 1000,
  vat: 150,
  total: 1150,
  vat_percent: 15,
}
const discounted: CouponCheckResult = {
  applies: true,
  reason: null,
  price: 1000,
  discount: 100,
  net: 900,
  vat: 135,
  total: 1035,
  vat_percent: 15,
}
const refused: CouponCheckResult = { ...plain, applies: false, reason: 'expired' }

const vendor = walkVendor(VENDOR)
const packages = [
  { id: 2, name: 'Growth yearly' },
  { id: 3, name: 'Elite yearly' },
]
net.auto({ method: 'GET', path: `${vendorsResource.path}/${VENDOR}` }, () => ok({ item: vendor }))
net.auto({ method: 'GET', path: vendorsPaths.payments(VENDOR) }, () =>
  ok({ payments: { data: [], total: 0, page: 1, rowsPerPage: 15, pagesCount: 0, total_is_estimate: false } }),
)
net.auto({ method: 'GET', path: 'core/list/subscription-packages' }, () => ok({ list: packages }))

const events: AnyEventObject[] = [
  { type: 'quote.apply', code: CODE },
  { type: 'quote.remove' },
  { type: 'quote.retry' },
  { type: 'quote.package', packageId: '3' },
  { type: 'xstate.done.actor.quote', output: { result: plain, message: '' } },
  { type: 'xstate.done.actor.quote', output: { result: discounted, message: 'The coupon applies.' } },
  { type: 'xstate.done.actor.quote', output: { result: refused, message: refusedMessage } },
  { type: 'xstate.error.actor.quote', error: { status: 0, message: '', errors: {} } },
]

/** The server answers for what was asked: a code gets the coupon's answer, no code the plain price. */
const offered = (s: S, e: AnyEventObject) => {
  if (e.type === 'xstate.done.actor.quote') {
    const result = (e.output as { result: CouponCheckResult }).result
    return s.context.code === '' ? result === plain : result !== plain
  }
  if (e.type === 'quote.package') return e.packageId !== s.context.packageId
  // an applied coupon offers Remove, not Apply
  if (e.type === 'quote.apply') return !(s.matches('priced') && s.context.code !== '')
  if (e.type === 'quote.remove') return s.matches('refused') || s.context.code !== ''
  return true
}

const amount = () => screen.getByLabelText(/^Amount/) as HTMLInputElement
const couponBox = () => screen.queryByLabelText('Coupon code') as HTMLInputElement | null

walk<Ui>({
  name: 'paymentQuote',
  machine: paymentQuoteMachine,
  timeout: 8000,
  surfaces: [
    {
      name: "the vendor's Record a payment tab",
      input: { packageId: '2' },
      events,
      when: offered,
      vertex: (s) => `${(s as S).context.packageId}|${(s as S).context.code}`,
      start: () => {
        net.install()
        net.reset()
        return { app: renderApp(net, `${vendorsScreens.view(VENDOR)}?tab=create-payments`, { before: [vendorsScreens.list] }), net }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'quote.apply': async ({ event }) => {
      const box = await screen.findByLabelText('Coupon code')
      fireEvent.change(box, { target: { value: event.code as string } })
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    },
    'quote.remove': () => fireEvent.click(screen.getByRole('button', { name: 'Remove coupon' })),
    'quote.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
    'quote.package': async ({ event }) => {
      fireEvent.click(await screen.findByRole('combobox', { name: /^Package/ }))
      const name = packages.find((p) => String(p.id) === event.packageId)!.name
      fireEvent.click(await screen.findByRole('option', { name }))
    },
    'xstate.done.actor.quote': ({ ui, event }) =>
      ui.net.answer(
        { method: 'POST', path: couponCheckPath },
        ok((event.output as { result: CouponCheckResult }).result, (event.output as { message: string }).message),
      ),
    'xstate.error.actor.quote': ({ ui }) => ui.net.answer({ method: 'POST', path: couponCheckPath }, failed(500)),
  },
  states: {
    idle: () => {
      expect(couponBox()).toBeNull()
      expect(screen.queryByText('Total')).toBeNull()
    },
    quoting: () => expect(screen.getByText('Pricing…')).toBeTruthy(),
    priced: ({ actor }) => {
      const s = actor().getSnapshot() as S
      const total = s.context.quote!.result.total
      expect(within(screen.getByLabelText('Price of the package')).getByText('Total').nextElementSibling?.textContent).toBe(
        formatMoney(Math.round(total * 100), 'en'),
      )
      expect(amount().value).toBe(total.toFixed(2))
      if (s.context.code) expect(screen.getByText(`Discount (${s.context.code})`)).toBeTruthy()
      else expect(screen.queryByText(/^Discount/)).toBeNull()
    },
    refused: () => {
      expect(screen.getByText(refusedMessage)).toBeTruthy()
      expect(amount().value).toBe('1150.00')
      expect(screen.queryByText(/^Discount/)).toBeNull()
    },
    failed: () => expect(screen.getByText(/could not be fetched/)).toBeTruthy(),
  },
  after: {
    // each question names the package and the code asked for
    'quote.apply': async ({ ui, actor }) => {
      const request = await ui.net.next({ method: 'POST', path: couponCheckPath })
      expect(request.body).toEqual({ package_id: Number((actor().getSnapshot() as S).context.packageId), code: CODE })
    },
  },
})

it('a price that arrives while the amount is being typed in waits for it to be left, and leaves what is typed', async () => {
  net.install()
  net.reset()
  const app = renderApp(net, `${vendorsScreens.view(VENDOR)}?tab=create-payments`, { before: [vendorsScreens.list] })
  try {
    // the first screen of a file waits for its modules to load
    const field = await screen.findByLabelText(/^Amount/, {}, { timeout: 30_000 })
    // in the field, nothing typed yet: the price does not come into it while it has the focus
    fireEvent.focus(field)
    await net.answer({ method: 'POST', path: couponCheckPath }, ok(plain, ''))
    await screen.findByText('Total')
    expect(amount().value).toBe('')
    // left empty: the price fills it
    fireEvent.blur(field)
    await expect.poll(() => amount().value).toBe('1150.00')
    // typed over, then priced again (another package): what is typed stays
    fireEvent.focus(field)
    fireEvent.change(field, { target: { value: '1150.50' } })
    fireEvent.blur(field)
    fireEvent.click(await screen.findByRole('combobox', { name: /^Package/ }))
    fireEvent.click(await screen.findByRole('option', { name: 'Elite yearly' }))
    await net.answer({ method: 'POST', path: couponCheckPath }, ok({ ...plain, total: 2300 }, ''))
    const total = () => within(screen.getByLabelText('Price of the package')).getByText('Total').nextElementSibling?.textContent
    await expect.poll(total).toBe(formatMoney(230_000, 'en'))
    expect(amount().value).toBe('1150.50')
  } finally {
    app.stop()
    net.uninstall()
  }
})
