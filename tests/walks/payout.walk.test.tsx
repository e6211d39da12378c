import { fireEvent, screen } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { partnersPaths, partnersResource, partnerTabScreen, partnersScreens, type Partner, type Payout } from '../../src/contract/partners'
import { payoutMachine } from '../../src/machines/payout'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk } from './walk'

/**
 * payout walked through the partner's "Pay out" tab: the form shows the balance and refuses more;
 * Review asks to confirm with the balance before and after; Confirm sends the multipart form with an
 * Idempotency-Key; a refusal or an unreachable server is shown with "Try again", which sends the
 * same key (one payout whatever the retries); once paid, the new balance is shown and "Another
 * payout" starts again from it.
 */

const net = createNetwork()
/** `key`: the Idempotency-Key of the payout under way (null before its first request); `used`: every earlier payout's. */
type Ui = { app: App; net: Network; key: string | null; used: string[] }
type S = ReturnType<typeof payoutMachine.getInitialSnapshot>

const PARTNER = 5
const NUMBER = 'TRF-501'
const POST = partnersPaths.createPayment(PARTNER)
const paidMessage = 'The payout was recorded.'
const overBalance = 'must not be more than the balance (100.00 SR)'

const partner: Partner = {
  id: PARTNER,
  full_name: 'Sara Alotaibi',
  email: 'sara@example.com',
  phone: '+966500000005',
  second_phone: null,
  commercial_registration: null,
  tax_no: null,
  referral_code: 'SARA2026',
  referral_percentage: 10,
  referral_due_months: 6,
  referral_consumed_months: 2,
  referred_count: 3,
  balance: '100.00',
  balance_halalas: 10_000,
  credited: '100.00',
  paid_out: '0.00',
  is_active: true,
  version: 1,
  created_at: '2026-10-01T08:00:00.000Z',
  updated_at: '2026-10-01T08:00:00.000Z',
}
const payout: Payout = {
  id: 31,
  partner_id: PARTNER,
  payment_no: NUMBER,
  payment_amount: '40.00',
  amount_halalas: 4_000,
  payment_date: '2026-11-20',
  has_file: true,
  balance_after: '60.00',
  created_at: '2026-11-20T09:00:00.000Z',
}
net.auto({ method: 'GET', path: `${partnersResource.path}/${PARTNER}` }, () => ok({ item: partner }))

const fields = { payment_no: NUMBER, payment_amount: '40.00', payment_date: '2026-11-20' }
const events: AnyEventObject[] = [
  { type: 'payout.review', fields, file: null },
  { type: 'payout.edit' },
  { type: 'payout.confirm' },
  { type: 'payout.retry' },
  { type: 'payout.another' },
  { type: 'xstate.done.actor.pay', output: { payout, message: paidMessage } },
  {
    type: 'xstate.error.actor.pay',
    error: { status: 422, message: 'Some fields need your attention.', errors: { payment_amount: [overBalance] } },
  },
  { type: 'xstate.error.actor.pay', error: { status: 0, message: '', errors: {} } },
]

const button = (name: RegExp | string) => screen.queryByRole('button', { name, hidden: true })
const money = (sar: string) => `${sar} SR`

walk<Ui>({
  name: 'payout',
  machine: payoutMachine,
  timeout: 8000,
  surfaces: [
    {
      name: "the partner's Pay out tab",
      input: { partnerId: PARTNER, balance: partner.balance_halalas },
      events,
      // after a first payout the form starts again from its balance, with a new key: a state of its own
      vertex: (s) => [(s as S).context.failure?.status ?? null, (s as S).context.balance < partner.balance_halalas],
      start: () => {
        net.install()
        net.reset()
        const app = renderApp(net, partnerTabScreen(PARTNER, 'partner-payment-create'), { before: [partnersScreens.list] })
        return { app, net, key: null, used: [] }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'payout.review': async () => {
      await screen.findByRole('button', { name: 'Review' })
      fireEvent.change(screen.getByLabelText(/^Payment number/), { target: { value: fields.payment_no } })
      fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: fields.payment_amount } })
      fireEvent.change(screen.getByLabelText(/^Payment date/), { target: { value: fields.payment_date } })
      const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], 'transfer.pdf', { type: 'application/pdf' })
      fireEvent.change(screen.getByLabelText(/^Transfer receipt/), { target: { files: [file] } })
      fireEvent.click(screen.getByRole('button', { name: 'Review' }))
    },
    'payout.edit': async () => fireEvent.click(await screen.findByRole('button', { name: 'Back' })),
    'payout.confirm': async () => fireEvent.click(await screen.findByRole('button', { name: 'Confirm the payout' })),
    'payout.retry': async () => fireEvent.click(await screen.findByRole('button', { name: 'Try again' })),
    'payout.another': async () => fireEvent.click(await screen.findByRole('button', { name: 'Another payout' })),
    'xstate.done.actor.pay': async ({ ui }) => {
      await ui.net.answer({ method: 'POST', path: POST }, ok({ item: payout }, paidMessage))
    },
    'xstate.error.actor.pay': async ({ ui, event }) => {
      const e = event.error as { status: number; message: string; errors: Record<string, string[]> }
      await ui.net.answer({ method: 'POST', path: POST }, e.status === 0 ? { unreachable: true } : failed(e.status, e.message, e.errors))
    },
  },
  states: {
    entering: ({ actor }) => {
      const balance = (actor().getSnapshot() as S).context.balance
      expect(button('Review')).toBeTruthy()
      expect(screen.getByTestId('payout-balance').textContent).toContain(money((balance / 100).toFixed(2)))
    },
    confirming: ({ actor }) => {
      const balance = (actor().getSnapshot() as S).context.balance
      const sar = (halalas: number) => money((halalas / 100).toFixed(2))
      expect(
        screen.getByText(
          `Pay ${money('40.00')} to ${partner.full_name}? The balance goes from ${sar(balance)} to ${sar(balance - 4_000)}.`,
        ),
      ).toBeTruthy()
      expect(button('Confirm the payout')?.getAttribute('aria-busy')).toBeNull()
    },
    submitting: () => {
      expect(button(/Confirm the payout|Recording the payout…/)?.getAttribute('aria-busy')).toBe('true')
    },
    failed: ({ actor }) => {
      const failure = (actor().getSnapshot() as S).context.failure
      expect(screen.getByText('The payout was not recorded.')).toBeTruthy()
      expect(button('Try again')).toBeTruthy()
      if (failure?.status === 422) expect(screen.getByText(new RegExp(overBalance.replace(/[()]/g, '\\$&')))).toBeTruthy()
      else expect(screen.getByText(/went wrong|cannot be reached/)).toBeTruthy()
    },
    done: () => {
      expect(screen.getByText(`The payout of ${money('40.00')} was recorded. The balance is now ${money('60.00')}.`)).toBeTruthy()
      expect(button('Another payout')).toBeTruthy()
    },
  },
  after: {
    // one multipart request with the file and an Idempotency-Key: the same on every retry of one payout
    'payout.confirm': async ({ ui }) => {
      const request = await ui.net.next({ method: 'POST', path: POST })
      const body = request.body as FormData
      expect(body.get('payment_no')).toBe(NUMBER)
      expect(body.get('payment_amount')).toBe('40.00')
      expect(body.get('payment_date')).toBe('2026-11-20')
      expect((body.get('payment_file') as File).name).toBe('transfer.pdf')
      const key = request.headers['idempotency-key']
      expect(key).toMatch(/.{8,}/)
      if (ui.key === null) {
        expect(ui.used).not.toContain(key)
        ui.key = key!
      } else expect(key).toBe(ui.key)
    },
    'payout.retry': async ({ ui }) => {
      const request = await ui.net.next({ method: 'POST', path: POST })
      expect(request.headers['idempotency-key']).toBe(ui.key)
    },
    // a new payout after one was paid gets a new key
    'payout.another': ({ ui }) => {
      if (ui.key) ui.used.push(ui.key)
      ui.key = null
    },
  },
})
