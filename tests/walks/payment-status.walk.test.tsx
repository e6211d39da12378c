import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import type { PaymentStatus } from '../../src/contract/payments'
import { vendorsPaths, vendorsResource, vendorsScreens, type Payment } from '../../src/contract/vendors'
import { paymentStatusMachine } from '../../src/machines/payment-status'
import { admin, renderApp, type App } from './app'
import { walkVendor } from './vendor-fixture'
import { createNetwork, failed, ok, type Network } from './network'
import { walk, type Surface, type WalkContext } from './walk'

/**
 * paymentStatus (DOMAIN.md "Payments") walked through the vendor's payments tab: the row's status
 * menu offers only the changes the shared table allows from where the payment stands, a rejection
 * asks a reason first, and the network answers as the server would: the change made (the row shows
 * the new status, a toast says so), or refused (409: the message in the error dialog, the status kept).
 */

// Zag's popper (the status menu) measures with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver

const net = createNetwork()
type Ui = { app: App; net: Network }
type Ctx = WalkContext<Ui>
type S = ReturnType<typeof paymentStatusMachine.getInitialSnapshot>

const VENDOR = 7
const PAYMENT = 31
const NUMBER = 'PAY-2026-31'
const REASON = 'The receipt is unreadable'

const vendor = walkVendor(VENDOR, { commercial_registration_expiry: '2027-05-01', utm_source: 'google' })

const paymentAt = (status: PaymentStatus): Payment => ({
  id: PAYMENT,
  vendor_id: VENDOR,
  package_id: 2,
  coupon_code: null,
  payment_number: NUMBER,
  amount: '1150.00',
  amount_halalas: 115_000,
  method: 'CACHE',
  payment_date: '2026-11-18',
  status,
  reason: status === 'Rejected' ? REASON : null,
  has_receipt: true,
  receipt_type: 'image/png',
  changed_by: admin.name,
  changed_at: '2026-11-19T10:00:00.000Z',
  created_at: '2026-11-18T10:00:00.000Z',
})

/** The payment as the (fake) server holds it: the tab reads it, a change rewrites it. */
const server = { payment: paymentAt('Pending') }
const page = (row: unknown) => ({ data: [row], total: 1, page: 1, rowsPerPage: 15, pagesCount: 1, total_is_estimate: false })
net.auto({ method: 'GET', path: `${vendorsResource.path}/${VENDOR}` }, () =>
  ok({ item: { ...vendor, status: server.payment.status === 'Success' ? 'active' : 'pending' } }),
)
net.auto({ method: 'GET', path: vendorsPaths.payments(VENDOR) }, () => ok({ payments: page(server.payment) }))

const statusText: Record<PaymentStatus, string> = {
  DUE_PAYMENT: 'Due payment',
  Pending: 'Pending',
  Success: 'Success',
  Rejected: 'Rejected',
}
const menuText: Record<PaymentStatus, string> = {
  Pending: 'Mark as pending',
  Success: 'Approve',
  Rejected: 'Reject',
  DUE_PAYMENT: 'Due payment',
}
const doneText: Record<PaymentStatus, string> = {
  Pending: 'The payment is pending.',
  Success: 'The payment was approved; the vendor is active.',
  Rejected: 'The payment was rejected.',
  DUE_PAYMENT: 'The payment is due.',
}
const refusedMessage = 'This payment cannot change from Pending to Success.'
const POST = vendorsPaths.changeStatus(VENDOR, PAYMENT)

const events: AnyEventObject[] = [
  { type: 'payment.change', to: 'Pending' },
  { type: 'payment.change', to: 'Success' },
  { type: 'payment.change', to: 'Rejected' },
  { type: 'payment.confirm', reason: REASON },
  { type: 'payment.cancel' },
  { type: 'payment.dismiss' },
  ...(['Pending', 'Success', 'Rejected'] as const).map((status) => ({
    type: 'xstate.done.actor.change',
    output: { status, message: doneText[status] },
  })),
  { type: 'xstate.error.actor.change', error: { status: 409, message: refusedMessage, errors: {} } },
]

/** What the screen offers: the menu while no dialog covers it; the server answers the status asked for. */
const offered = (s: S, e: AnyEventObject) => {
  if (e.type === 'payment.dismiss') return s.context.failure !== null
  // the menu lists only what the chart accepts (each state's check and each change's aftermath read the menu)
  if (e.type === 'payment.change') return s.context.failure === null && s.can(e as { type: 'payment.change'; to: PaymentStatus })
  if (e.type === 'xstate.done.actor.change') return (e.output as { status: PaymentStatus }).status === s.context.target
  return true
}

const row = () => screen.getByRole('row', { name: new RegExp(NUMBER), hidden: true })
const menuButton = () => within(row()).queryByRole('button', { name: `Change the status of payment ${NUMBER}`, hidden: true })
const failureDialog = () => screen.queryByRole('alertdialog')
const reasonDialog = () => screen.queryByRole('dialog', { name: `Reject payment ${NUMBER}` })

/** The row shows `status`, and its menu offers exactly `choices` (none: no menu). */
async function shows(status: PaymentStatus, choices: PaymentStatus[]) {
  expect(within(row()).getByText(statusText[status], { exact: true })).toBeTruthy()
  const button = menuButton()
  if (choices.length === 0) {
    expect(button).toBeNull()
    return
  }
  expect(button).toBeTruthy()
  expect(button!.getAttribute('aria-busy')).toBeNull()
  if (!failureDialog()) expect(await menuOffers()).toEqual(choices.map((c) => menuText[c]))
}

async function openMenu() {
  const button = menuButton()
  if (!button) throw new Error('no status menu')
  fireEvent.click(button)
  return screen.findAllByRole('menuitem')
}

async function choose(to: PaymentStatus) {
  const items = await openMenu()
  const entry = items.find((i) => i.textContent === menuText[to])
  if (!entry) throw new Error(`the menu does not offer ${menuText[to]}: ${items.map((i) => i.textContent).join(', ')}`)
  fireEvent.pointerDown(entry, { pointerType: 'mouse' })
  await waitFor(() => {
    if (entry.getAttribute('data-highlighted') === null) throw new Error('the menu item is not highlighted yet')
  })
  fireEvent.pointerUp(entry, { pointerType: 'mouse' })
  fireEvent.click(entry)
}

/** The menu's entries, read by opening it and closing it again. */
async function menuOffers(): Promise<string[]> {
  const items = await openMenu()
  const texts = items.map((i) => i.textContent ?? '')
  fireEvent.keyDown(items[0]!, { key: 'Escape' })
  await waitFor(() => expect(screen.queryAllByRole('menuitem')).toHaveLength(0))
  return texts
}

const surface = (status: PaymentStatus): Surface<Ui> => ({
  name: `the payments tab of a vendor, its payment ${statusText[status]}`,
  input: { vendorId: VENDOR, paymentId: PAYMENT, status },
  events,
  when: offered,
  vertex: (s) => [(s as S).context.target, (s as S).context.failure?.status ?? null],
  start: () => {
    net.install()
    net.reset()
    server.payment = paymentAt(status)
    const app = renderApp(net, `${vendorsScreens.view(VENDOR)}?tab=payments`, { before: [vendorsScreens.list] })
    return { app, net }
  },
  stop: ({ app }) => {
    app.stop()
    net.uninstall()
  },
})

const answerDone = async ({ ui, event }: Ctx) => {
  const out = event.output as { status: PaymentStatus; message: string }
  server.payment = { ...paymentAt(out.status), reason: out.status === 'Rejected' ? REASON : null }
  await ui.net.answer({ method: 'POST', path: POST }, ok({ item: server.payment }, out.message))
}

walk<Ui>({
  name: 'paymentStatus',
  machine: paymentStatusMachine,
  timeout: 8000,
  surfaces: [surface('DUE_PAYMENT'), surface('Pending'), surface('Success'), surface('Rejected')],
  perform: {
    'payment.change': ({ event }) => choose(event.to as PaymentStatus),
    'payment.confirm': async () => {
      const dialog = await screen.findByRole('dialog', { name: `Reject payment ${NUMBER}` })
      fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: REASON } })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }))
    },
    'payment.cancel': async () => {
      const dialog = await screen.findByRole('dialog', { name: `Reject payment ${NUMBER}` })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    },
    'payment.dismiss': async () => {
      const dialog = await screen.findByRole('alertdialog')
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Try again!' }))
    },
    'xstate.done.actor.change': answerDone,
    'xstate.error.actor.change': ({ ui, event }) => {
      const e = event.error as { status: number; message: string }
      return ui.net.answer({ method: 'POST', path: POST }, failed(e.status, e.message))
    },
  },
  states: {
    'settled.due': () => shows('DUE_PAYMENT', ['Pending']),
    'settled.pending': () => shows('Pending', ['Success', 'Rejected']),
    'settled.success': () => shows('Success', []),
    'settled.rejected': () => shows('Rejected', ['Pending']),
    askingReason: () => {
      const dialog = reasonDialog()
      expect(dialog).toBeTruthy()
      // an empty reason cannot be sent
      expect((within(dialog!).getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(true)
    },
    changing: () => {
      expect(menuButton()?.getAttribute('aria-busy')).toBe('true')
      expect(reasonDialog()).toBeNull()
    },
    '*': ({ actor }) => {
      const failure = (actor().getSnapshot() as S).context.failure
      if (failure) expect(within(failureDialog()!).getByText(failure.message)).toBeTruthy()
      else expect(failureDialog()).toBeNull()
    },
  },
  after: {
    // the change goes to the server once, with the status asked for (and the reason of a rejection)
    'payment.change': async ({ ui, event, actor }) => {
      const to = event.to as PaymentStatus
      if (to === 'Rejected') {
        expect(ui.net.waiting().filter((r) => r.method === 'POST')).toHaveLength(0)
        return
      }
      const request = await ui.net.next({ method: 'POST', path: POST })
      expect(request.body).toEqual({ status: to })
      expect((actor().getSnapshot() as S).context.target).toBe(to)
    },
    'payment.confirm': async ({ ui }) => {
      const request = await ui.net.next({ method: 'POST', path: POST })
      expect(request.body).toEqual({ status: 'Rejected', reason: REASON })
    },
    'payment.cancel': ({ ui }) => {
      expect(reasonDialog()).toBeNull()
      expect(ui.net.waiting().filter((r) => r.method === 'POST')).toHaveLength(0)
    },
    // the server changed it: a toast, the row shows the new status, the menu what follows it
    'xstate.done.actor.change': async ({ event }) => {
      const out = event.output as { status: PaymentStatus; message: string }
      expect(await screen.findByText(out.message)).toBeTruthy()
      await waitFor(() => expect(within(row()).getByText(statusText[out.status], { exact: true })).toBeTruthy())
      if (out.status === 'Success') expect(menuButton()).toBeNull()
      else expect(await menuOffers()).toEqual(out.status === 'Pending' ? ['Approve', 'Reject'] : ['Mark as pending'])
    },
    'xstate.error.actor.change': () => {
      expect(within(failureDialog()!).getByText(refusedMessage)).toBeTruthy()
    },
  },
})
