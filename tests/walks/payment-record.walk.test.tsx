import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { vendorsPaths, vendorsResource, vendorsScreens, type Payment } from '../../src/contract/vendors'
import { paymentRecordMachine } from '../../src/machines/payment-record'
import { renderApp, type App } from './app'
import { walkVendor } from './vendor-fixture'
import { createNetwork, failed, ok, type Network } from './network'
import { walk } from './walk'

/**
 * paymentRecord walked through the vendor's "Record a payment" tab: the form goes as multipart with
 * an Idempotency-Key; a refusal puts the server's messages on their fields, an unreachable server
 * says so in the error dialog, and the retry sends the same key (one payment whatever the retries);
 * once recorded, the payments tab shows it.
 */

const net = createNetwork()
type Ui = { app: App; net: Network; keys: string[] }
type S = ReturnType<typeof paymentRecordMachine.getInitialSnapshot>

const VENDOR = 7
const NUMBER = 'TRX-77'
const amountError = 'must be greater than 0'
const recordedMessage = 'The payment was recorded.'
const POST = vendorsPaths.createPayment(VENDOR)

const vendor = walkVendor(VENDOR)
const payment: Payment = {
  id: 44,
  vendor_id: VENDOR,
  package_id: 2,
  coupon_code: null,
  payment_number: NUMBER,
  amount: '1150.50',
  amount_halalas: 115_050,
  method: 'BANK_TRANSFER',
  payment_date: '2026-11-20',
  status: 'Pending',
  reason: null,
  has_receipt: true,
  receipt_type: 'image/png',
  changed_by: 'Huda Admin',
  changed_at: '2026-11-20T09:00:00.000Z',
  created_at: '2026-11-20T09:00:00.000Z',
}
const server = { payments: [] as Payment[] }
const page = (rows: unknown[]) => ({ data: rows, total: rows.length, page: 1, rowsPerPage: 15, pagesCount: 1, total_is_estimate: false })
net.auto({ method: 'GET', path: `${vendorsResource.path}/${VENDOR}` }, () => ok({ item: vendor }))
net.auto({ method: 'GET', path: vendorsPaths.payments(VENDOR) }, () => ok({ payments: page(server.payments) }))

const events: AnyEventObject[] = [
  { type: 'payment.submit' },
  { type: 'payment.dismiss' },
  { type: 'xstate.done.actor.record', output: { payment, message: recordedMessage } },
  {
    type: 'xstate.error.actor.record',
    error: { status: 422, message: 'Some fields need your attention.', errors: { amount: [amountError] } },
  },
  { type: 'xstate.error.actor.record', error: { status: 0, message: '', errors: {} } },
]

const dialogShown = (s: S) => s.context.failure !== null && Object.keys(s.context.failure.errors).length === 0
const offered = (s: S, e: AnyEventObject) => {
  if (e.type === 'payment.dismiss') return dialogShown(s)
  if (e.type === 'payment.submit') return !dialogShown(s)
  return true
}

const recordButton = () => screen.queryByRole('button', { name: /Record payment|Recording…/, hidden: true })
const failureDialog = () => screen.queryByRole('alertdialog')

function fillForm() {
  fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '1150.50' } })
  fireEvent.change(screen.getByLabelText(/^Payment number/), { target: { value: NUMBER } })
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' })
  fireEvent.change(screen.getByLabelText(/^Receipt file/), { target: { files: [file] } })
}

walk<Ui>({
  name: 'paymentRecord',
  machine: paymentRecordMachine,
  timeout: 8000,
  surfaces: [
    {
      name: "the vendor's Record a payment tab",
      input: { vendorId: VENDOR },
      events,
      when: offered,
      vertex: (s) => (s as S).context.failure?.status ?? null,
      start: () => {
        net.install()
        net.reset()
        server.payments = []
        const app = renderApp(net, `${vendorsScreens.view(VENDOR)}?tab=create-payments`, { before: [vendorsScreens.list] })
        return { app, net, keys: [] }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'payment.submit': async () => {
      await screen.findByRole('button', { name: 'Record payment' })
      fillForm()
      fireEvent.click(screen.getByRole('button', { name: 'Record payment' }))
    },
    'payment.dismiss': async () => {
      const dialog = await screen.findByRole('alertdialog')
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Try again!' }))
    },
    'xstate.done.actor.record': async ({ ui }) => {
      server.payments = [payment]
      await ui.net.answer({ method: 'POST', path: POST }, ok({ item: payment }, recordedMessage))
    },
    'xstate.error.actor.record': async ({ ui, event }) => {
      const e = event.error as { status: number; message: string; errors: Record<string, string[]> }
      await ui.net.answer({ method: 'POST', path: POST }, e.status === 0 ? { unreachable: true } : failed(e.status, e.message, e.errors))
    },
  },
  states: {
    editing: () => {
      expect(recordButton()?.getAttribute('aria-busy')).toBeNull()
    },
    recording: () => {
      expect(recordButton()?.getAttribute('aria-busy')).toBe('true')
    },
    recorded: ({ ui }) => {
      expect(ui.app.router.state.location.search).toBe('?tab=payments')
      expect(screen.getByText(recordedMessage)).toBeTruthy()
      expect(screen.getByRole('row', { name: new RegExp(NUMBER), hidden: true })).toBeTruthy()
    },
    '*': ({ actor }) => {
      const s = actor().getSnapshot() as S
      if (dialogShown(s)) expect(within(failureDialog()!).getByText(/cannot be reached|went wrong/)).toBeTruthy()
      else expect(failureDialog()).toBeNull()
    },
  },
  after: {
    // one multipart request with the receipt and an Idempotency-Key: the same one on every retry
    'payment.submit': async ({ ui }) => {
      const request = await ui.net.next({ method: 'POST', path: POST })
      const body = request.body as FormData
      expect(body.get('payment_number')).toBe(NUMBER)
      expect(body.get('amount')).toBe('1150.50')
      expect(body.get('method')).toBe('BANK_TRANSFER')
      expect((body.get('payment_file') as File).name).toBe('receipt.png')
      const key = request.headers['idempotency-key']
      expect(key).toMatch(/.{8,}/)
      if (ui.keys.length > 0) expect(key).toBe(ui.keys[0])
      ui.keys.push(key!)
    },
    'xstate.error.actor.record': ({ event }) => {
      const e = event.error as { status: number }
      if (e.status === 422) expect(screen.getByText(amountError)).toBeTruthy()
    },
  },
})
