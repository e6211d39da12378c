import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { TOKEN_STORAGE_KEY } from '../../src/contract/common'
import { registrationPaths, type Draft, type RegistrationOptions } from '../../src/contract/registration'
import { screens } from '../../src/contract/screens'
import { vendorAreaPaths } from '../../src/contract/vendor-area'
import {
  REGISTRATION_STORAGE_KEY,
  registrationMachine,
  type RegistrationSnapshot,
  type SavedRegistration,
  type StoreValues,
} from '../../src/machines/registration'
import { IDENTITY_STORAGE_KEY } from '../../src/machines/session'
import { catalogues } from '../../src/i18n/catalogue'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk } from './walk'

/**
 * registration walked through the wizard at /register/vender: every step performed as a visitor
 * does it (typing, Next, Back, choosing a package, a coupon, a card, the 3-D Secure code, a
 * receipt), every server answer given by the fake network, and at each state what the visitor sees
 * is checked (the step shown, its errors, the totals). A second surface is a reload that finds a
 * saved registration in sessionStorage. A third is a signed-in vendor renewing its package at
 * /dashboard/renew: the same chart's package and payment steps on the vendor's renewal endpoints.
 */

const net = createNetwork()
type Ui = { app: App; net: Network; renewal: boolean }
type S = RegistrationSnapshot
const t = catalogues.en
const w = t.registration.wizard
const r = t['vendor-area'].renewal
const TOKEN = 'T'.repeat(43)

const VALID: Partial<StoreValues> = {
  store_name: 'Walk Store',
  company_name: 'Walk Company',
  commercial_registration: '1010123456',
  commercial_registration_expiry: `${new Date().getFullYear() + 1}-06-30`,
  phone: '+966500000123',
  email: 'walk@example.com',
  password: 'Walk#Pass2026',
  password_confirmation: 'Walk#Pass2026',
  subdomain: 'walk-shop',
  tax_no: '300000000000003',
  referral_code: 'PARTNER1',
  marketplaces: '2',
}

const options: RegistrationOptions = {
  packages: [
    {
      id: 1,
      title: 'Free trial',
      short_description: 'Try it',
      description: null,
      price: 0,
      subscription_type: 'DAYS',
      package_type: 'FREE_TRIAL',
      days: 14,
      limits: { product_count: 10, users_count: null },
    },
    {
      id: 2,
      title: 'Basic monthly',
      short_description: 'Starting out',
      description: null,
      price: 100,
      subscription_type: 'MONTH',
      package_type: 'STANDARD',
      days: null,
      limits: { product_count: 100, users_count: null },
    },
  ],
  vat_percent: 15,
  free_trial_days: 14,
  bank_accounts: [{ bank_name: 'Walk Bank', holder_name: 'Platform Co', iban: 'SA0380000000608010167519' }],
  gateway: { name: 'sandbox', sandbox: true },
  marketplaces: [
    { id: 1, name: 'Salla' },
    { id: 2, name: 'Zid' },
  ],
}

const draft = (step: number, payment: Draft['payment'] = null, paymentRequired = true): Draft => ({
  token: TOKEN,
  expires_at: '2030-01-01T00:00:00.000Z',
  step,
  store: null,
  package:
    step >= 3 || !paymentRequired
      ? {
          package_id: 2,
          package_type: 'STANDARD',
          coupon_code: null,
          price: 100,
          discount: 0,
          net: 100,
          vat: 15,
          total: 115,
          vat_percent: 15,
          payment_required: paymentRequired,
        }
      : null,
  payment,
})
const payment = (state: 'paid' | 'challenge' | 'receipt_received') => ({
  state,
  method: 'CREDIT_CARD',
  last4: '4242',
  brand: 'visa',
  reason: null,
  sandbox: true,
})
const quote = (applies: boolean) => ({
  message: applies ? '' : 'This coupon has expired',
  result: {
    applies,
    reason: applies ? null : 'expired',
    price: 100,
    discount: applies ? 10 : 0,
    net: applies ? 90 : 100,
    vat: applies ? 13.5 : 15,
    total: applies ? 103.5 : 115,
    vat_percent: 15,
  },
})
const fail = (status: number, message = '', errors: Record<string, string[]> = {}) => ({ status, message, errors })
const user = { id: 9, name: 'Walk Store', email: 'walk@example.com', phone: null, locale: 'en', is_active: true }

const SAVED: SavedRegistration = {
  token: TOKEN,
  step: 'payment',
  values: { ...(VALID as StoreValues), website: '' } as SavedRegistration['values'],
  utm: { utm_source: 'walk' },
  packageId: 2,
  couponCode: '',
  method: 'CREDIT_CARD',
}

const network: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadOptions', output: options },
  { type: 'xstate.error.actor.loadOptions', error: fail(500, 'Something went wrong.') },
  { type: 'xstate.done.actor.createDraft', output: draft(1) },
  { type: 'xstate.error.actor.createDraft', error: fail(429, 'Too many requests.') },
  { type: 'xstate.done.actor.saveStore', output: draft(2) },
  { type: 'xstate.error.actor.saveStore', error: fail(422, 'Invalid data', { email: ['email already taken'] }) },
  { type: 'xstate.error.actor.saveStore', error: fail(429, 'Too many requests.') },
  { type: 'xstate.after.pause.registration.store.referral.waiting' },
  { type: 'xstate.done.actor.checkReferral', output: { valid: true, owner: { kind: 'partner', name: 'Noura Partner' } } },
  { type: 'xstate.done.actor.checkReferral', output: { valid: false, owner: null } },
  { type: 'xstate.error.actor.checkReferral', error: fail(500) },
  { type: 'xstate.done.actor.quote', output: quote(true) },
  { type: 'xstate.done.actor.quote', output: quote(false) },
  { type: 'xstate.error.actor.quote', error: fail(500, 'The price could not be fetched.') },
  { type: 'xstate.done.actor.savePackage', output: draft(3) },
  { type: 'xstate.done.actor.savePackage', output: draft(4, { ...payment('paid'), state: 'not_required' }, false) },
  { type: 'xstate.error.actor.savePackage', error: fail(422, 'Invalid data', { package_id: ['This package is not available'] }) },
  { type: 'xstate.done.actor.charge', output: draft(4, payment('paid')) },
  { type: 'xstate.done.actor.charge', output: draft(3, payment('challenge')) },
  { type: 'xstate.error.actor.charge', error: fail(402, 'Declined', { card: ['The card was declined: insufficient funds (sandbox).'] }) },
  { type: 'xstate.error.actor.charge', error: fail(422, 'Invalid data', { 'card.number': ['The card number is not valid'] }) },
  { type: 'xstate.done.actor.confirm', output: draft(4, payment('paid')) },
  { type: 'xstate.error.actor.confirm', error: fail(402, 'Declined', { card: ['The verification code is not correct (sandbox).'] }) },
  { type: 'xstate.error.actor.confirm', error: fail(500, 'Something went wrong.') },
  { type: 'xstate.done.actor.sendReceipt', output: draft(4, { ...payment('receipt_received'), method: 'BANK_TRANSFER' }) },
  { type: 'xstate.error.actor.sendReceipt', error: fail(422, 'Invalid data', { payment_file: ['The file type is not allowed'] }) },
  {
    type: 'xstate.done.actor.complete',
    output: { api_token: 'vendor-token', user, vendor: { id: 5, status: 'pending', subdomain: 'walk-shop' }, payment: null },
  },
  { type: 'xstate.error.actor.complete', error: fail(409, 'This registration is already complete.') },
]
/** What the server answers a finished renewal: the payment it recorded, Pending after a receipt. */
const renewalOutcome = (d: Draft | null) =>
  d?.payment?.state === 'receipt_received'
    ? { payment: { id: 42, status: 'Pending', method: 'BANK_TRANSFER' } }
    : { payment: { id: 41, status: 'Success', method: 'CREDIT_CARD' } }

const resume: AnyEventObject[] = [
  { type: 'xstate.done.actor.resumeDraft', output: draft(4, { ...payment('receipt_received'), method: 'BANK_TRANSFER' }) },
  { type: 'xstate.done.actor.resumeDraft', output: draft(4, payment('paid')) },
  { type: 'xstate.done.actor.resumeDraft', output: draft(3) },
  { type: 'xstate.done.actor.resumeDraft', output: draft(3, payment('challenge')) },
  { type: 'xstate.done.actor.resumeDraft', output: draft(2) },
  { type: 'xstate.done.actor.resumeDraft', output: draft(1) },
  { type: 'xstate.error.actor.resumeDraft', error: fail(410, 'This registration has expired. Start again.') },
  { type: 'xstate.error.actor.resumeDraft', error: fail(500, 'Something went wrong.') },
]
const visitor: AnyEventObject[] = [
  { type: 'registration.edit', values: VALID },
  { type: 'registration.edit', values: { tax_no: '12' } },
  { type: 'registration.edit', values: { tax_no: '300000000000003' } },
  { type: 'registration.edit', values: { referral_code: '' } },
  { type: 'registration.next' },
  { type: 'registration.back' },
  { type: 'registration.retry' },
  { type: 'registration.dismiss' },
  { type: 'registration.packageChosen', packageId: 2 },
  { type: 'registration.couponApplied', code: 'WELCOME10' },
  { type: 'registration.couponRemoved' },
  { type: 'registration.methodChosen', method: 'BANK_TRANSFER' },
  {
    type: 'registration.payByCard',
    card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', holder_name: 'Walk Holder' },
  },
  { type: 'registration.codeEntered', code: '1234' },
  { type: 'registration.challengeCancelled' },
  { type: 'registration.sendReceipt', paymentNumber: 'TR-1' },
  { type: 'registration.complete' },
  { type: 'registration.navigationBlocked' },
  { type: 'registration.leaveConfirmed' },
  { type: 'registration.leaveCancelled' },
]

/** What the vendor's renewal meets: the renewal's options, its draft (no token), its recorded payment. */
const renewalDraft = (d: Draft): Draft => ({ ...d, token: '' })
const renewal: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadOptions', output: { ...options, packages: options.packages.slice(1) } },
  { type: 'xstate.error.actor.loadOptions', error: fail(409, 'A payment of yours is awaiting approval.') },
  { type: 'xstate.done.actor.quote', output: quote(true) },
  { type: 'xstate.done.actor.savePackage', output: renewalDraft(draft(3)) },
  { type: 'xstate.done.actor.charge', output: renewalDraft(draft(4, payment('paid'))) },
  { type: 'xstate.done.actor.sendReceipt', output: renewalDraft(draft(4, { ...payment('receipt_received'), method: 'BANK_TRANSFER' })) },
  { type: 'xstate.done.actor.complete', output: { payment: { id: 41, status: 'Success', method: 'CREDIT_CARD' } } },
  { type: 'xstate.error.actor.complete', error: fail(404, 'No renewal was found.') },
  { type: 'registration.retry' },
  { type: 'registration.back' },
  { type: 'registration.packageChosen', packageId: 2 },
  { type: 'registration.next' },
  { type: 'registration.methodChosen', method: 'BANK_TRANSFER' },
  {
    type: 'registration.payByCard',
    card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', holder_name: 'Walk Holder' },
  },
  { type: 'registration.sendReceipt', paymentNumber: 'TR-1' },
]

/** The paths the chart's calls take: the public wizard's (with the draft's token) or the vendor's renewal. */
const pathsOf = (ui: Ui) =>
  ui.renewal
    ? {
        options: vendorAreaPaths.renewalOptions,
        package: vendorAreaPaths.renewalPackage,
        payment: vendorAreaPaths.renewalPayment,
        confirm: vendorAreaPaths.renewalConfirm,
        transfer: vendorAreaPaths.renewalTransfer,
        complete: vendorAreaPaths.renewalComplete,
      }
    : {
        options: registrationPaths.options,
        package: registrationPaths.package(TOKEN),
        payment: registrationPaths.payment(TOKEN),
        confirm: registrationPaths.confirmPayment(TOKEN),
        transfer: registrationPaths.transfer(TOKEN),
        complete: registrationPaths.complete(TOKEN),
      }

const changes = (s: S, patch: Partial<StoreValues>) =>
  Object.entries(patch).some(([k, v]) => s.context.values[k as keyof StoreValues] !== v)

/** What the wizard offers in a state (a button that is there, a field that changes). */
const offered = (s: S, e: AnyEventObject) => {
  const c = s.context
  const inEditing = s.matches({ store: { form: 'editing' } })
  switch (e.type) {
    case 'registration.edit': {
      const patch = e.values as Partial<StoreValues>
      if (!inEditing || !changes(s, patch)) return false
      // the whole form is filled once; then the tax number is broken and mended, the code emptied
      if (patch === VALID) return c.values.store_name === ''
      return c.values.store_name !== ''
    }
    case 'registration.next':
      if (s.matches('package')) return c.packageId !== null && !s.matches({ package: 'couponRefused' })
      // the client's check is walked once (on the invalid tax number), then Next sends
      return !inEditing || Object.keys(c.clientErrors).length === 0
    case 'registration.dismiss':
      return c.failure !== null && (s.matches('store') || s.matches('package'))
    case 'registration.navigationBlocked':
      return inEditing && !c.leaveAsked
    case 'registration.leaveConfirmed':
    case 'registration.leaveCancelled':
      return c.leaveAsked
    case 'registration.couponApplied':
      return c.packageId !== null && (c.couponCode === '' || s.matches({ package: 'couponRefused' }))
    case 'registration.couponRemoved':
      return c.packageId !== null && c.couponCode !== ''
    case 'registration.packageChosen':
      return c.packageId === null || s.matches({ package: 'quoting' }) || s.matches({ package: 'couponRefused' })
    case 'xstate.done.actor.quote':
      // the coupon is refused only when one was asked for
      return (e.output as { result: { applies: boolean } }).result.applies || c.couponCode !== ''
    default:
      return !c.leaveAsked
  }
}

const field = (name: string) =>
  screen.getByLabelText(new RegExp(`^${w.store.fields[name as keyof typeof w.store.fields].replace(/[()]/g, '\\$&')}`)) as HTMLInputElement
const type = (name: string, value: string) => {
  if (name === 'marketplaces') {
    // the marketplaces are checkboxes: tick the chosen ones, untick the others
    const wanted = new Set(value.split(','))
    for (const box of screen.getAllByRole('checkbox') as HTMLInputElement[]) if (box.checked !== wanted.has(box.value)) fireEvent.click(box)
    return
  }
  const input = name === 'password' ? (document.querySelector('input[name=password]') as HTMLInputElement) : field(name)
  fireEvent.change(input, { target: { value } })
}
const button = (name: string | RegExp) => screen.getByRole('button', { name })
const answer = (ui: Ui, method: string, path: string, result: ReturnType<typeof ok> | ReturnType<typeof failed>) =>
  ui.net.answer({ method, path }, result)
const failure = (e: AnyEventObject) => {
  const f = e.error as ReturnType<typeof fail>
  return failed(f.status, f.message, f.errors)
}

/** The visitor left the wizard (a navigation that went on): its screen is gone. */
const left = (ui: Ui) => ui.app.router.state.location.pathname !== (ui.renewal ? screens.userRenewal : '/register/vender')

const start = (saved: SavedRegistration | null) => () => {
  net.install()
  net.reset()
  sessionStorage.clear()
  if (saved) sessionStorage.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify(saved))
  net.auto({ method: 'GET', path: registrationPaths.subdomain }, () => ok({ available: true, reason: null, suggestion: null }))
  return { app: renderApp(net, '/register/vender', { signedIn: false }), net, renewal: false }
}
const startRenewal = () => {
  net.install()
  net.reset()
  sessionStorage.clear()
  localStorage.setItem(TOKEN_STORAGE_KEY, 'user-token')
  localStorage.setItem(IDENTITY_STORAGE_KEY, 'user')
  net.auto({ method: 'GET', path: 'user/auth/me' }, () => ok({ user }))
  return { app: renderApp(net, screens.userRenewal, { signedIn: false }), net, renewal: true }
}
const stop = ({ app }: Ui) => {
  app.stop()
  net.uninstall()
  sessionStorage.clear()
}

walk<Ui>({
  name: 'registration',
  machine: registrationMachine,
  timeout: 8000,
  surfaces: [
    {
      name: 'a first visit',
      input: { saved: null, utm: {} },
      events: [...network, ...visitor],
      when: offered,
      vertex: (s) => (s as S).context.couponCode !== '',
      start: start(null),
      stop,
    },
    {
      name: 'a reload with a saved registration',
      input: { saved: SAVED, utm: {} },
      events: [
        ...resume,
        { type: 'xstate.done.actor.loadOptions', output: options },
        { type: 'xstate.done.actor.createDraft', output: draft(1) },
        { type: 'xstate.done.actor.quote', output: quote(true) },
      ],
      when: (s, e) => offered(s as S, e),
      start: start(SAVED),
      stop,
    },
    {
      name: "a signed-in vendor's renewal",
      input: { mode: 'renewal' },
      events: renewal,
      when: (s, e) => offered(s as S, e),
      // a renewal paid by a receipt ends otherwise than one paid by card: both are walked to the end
      vertex: (s) => (s as S).context.draft?.payment?.state === 'receipt_received',
      start: startRenewal,
      stop: (ui) => {
        stop(ui)
        localStorage.clear()
      },
    },
  ],
  perform: {
    'xstate.done.actor.loadOptions': ({ ui, event }) => answer(ui, 'GET', pathsOf(ui).options, ok(event.output)),
    'xstate.error.actor.loadOptions': ({ ui, event }) => answer(ui, 'GET', pathsOf(ui).options, failure(event)),
    'xstate.done.actor.createDraft': ({ ui, event }) => answer(ui, 'POST', registrationPaths.drafts, ok({ draft: event.output })),
    'xstate.error.actor.createDraft': ({ ui, event }) => answer(ui, 'POST', registrationPaths.drafts, failure(event)),
    'xstate.done.actor.resumeDraft': ({ ui, event }) => answer(ui, 'GET', registrationPaths.draft(TOKEN), ok({ draft: event.output })),
    'xstate.error.actor.resumeDraft': ({ ui, event }) => answer(ui, 'GET', registrationPaths.draft(TOKEN), failure(event)),
    'xstate.done.actor.saveStore': ({ ui, event }) => answer(ui, 'PUT', registrationPaths.store(TOKEN), ok({ draft: event.output })),
    'xstate.error.actor.saveStore': ({ ui, event }) => answer(ui, 'PUT', registrationPaths.store(TOKEN), failure(event)),
    'xstate.done.actor.checkReferral': ({ ui, event }) => answer(ui, 'GET', registrationPaths.referralCode, ok(event.output)),
    'xstate.error.actor.checkReferral': ({ ui, event }) => answer(ui, 'GET', registrationPaths.referralCode, failure(event)),
    'xstate.done.actor.quote': ({ ui, event }) => {
      const q = event.output as ReturnType<typeof quote>
      return answer(ui, 'POST', 'coupons/check', ok(q.result, q.message))
    },
    'xstate.error.actor.quote': ({ ui, event }) => answer(ui, 'POST', 'coupons/check', failure(event)),
    'xstate.done.actor.savePackage': ({ ui, event }) => answer(ui, 'PUT', pathsOf(ui).package, ok({ draft: event.output })),
    'xstate.error.actor.savePackage': ({ ui, event }) => answer(ui, 'PUT', pathsOf(ui).package, failure(event)),
    'xstate.done.actor.charge': ({ ui, event }) => answer(ui, 'POST', pathsOf(ui).payment, ok({ draft: event.output })),
    'xstate.error.actor.charge': ({ ui, event }) => answer(ui, 'POST', pathsOf(ui).payment, failure(event)),
    'xstate.done.actor.confirm': ({ ui, event }) => answer(ui, 'POST', pathsOf(ui).confirm, ok({ draft: event.output })),
    'xstate.error.actor.confirm': ({ ui, event }) => answer(ui, 'POST', pathsOf(ui).confirm, failure(event)),
    'xstate.done.actor.sendReceipt': ({ ui, event }) => answer(ui, 'POST', pathsOf(ui).transfer, ok({ draft: event.output })),
    'xstate.error.actor.sendReceipt': ({ ui, event }) => answer(ui, 'POST', pathsOf(ui).transfer, failure(event)),
    // a renewal's payment is Pending after a receipt, Success after a paid card, as the server records it
    'xstate.done.actor.complete': ({ ui, event, actor }) =>
      ui.net.answer(
        { method: 'POST', path: pathsOf(ui).complete },
        {
          status: ui.renewal ? 200 : 201,
          body: { status: true, message: '', result: ui.renewal ? renewalOutcome(actor().getSnapshot().context.draft) : event.output },
        },
      ),
    'xstate.error.actor.complete': ({ ui, event }) => answer(ui, 'POST', pathsOf(ui).complete, failure(event)),

    'registration.edit': ({ event }) => {
      for (const [name, value] of Object.entries(event.values as Partial<StoreValues>)) type(name, value ?? '')
    },
    'registration.next': () => fireEvent.click(button(w.actions.next)),
    'registration.back': ({ ui, actor }) =>
      fireEvent.click(button(ui.renewal && (actor().getSnapshot() as S).matches('package') ? r.backToDashboard : w.actions.back)),
    'registration.retry': ({ ui }) => fireEvent.click(button(ui.renewal ? r.retry : w.actions.retry)),
    'registration.dismiss': () => fireEvent.click(button(w.actions.close)),
    'registration.packageChosen': () => fireEvent.click(button(/: Basic monthly$/)),
    'registration.couponApplied': ({ event }) => {
      fireEvent.change(screen.getByLabelText(w.package.coupon), { target: { value: event.code as string } })
      fireEvent.click(button(w.package.apply))
    },
    'registration.couponRemoved': () => fireEvent.click(button(w.package.remove)),
    'registration.methodChosen': () => fireEvent.click(screen.getByRole('radio', { name: w.payment.bank })),
    'registration.payByCard': () => {
      if (!screen.queryByLabelText(new RegExp(`^${w.payment.number}`))) fireEvent.click(screen.getByRole('radio', { name: w.payment.card }))
      const set = (label: string, value: string) =>
        fireEvent.change(screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`)), { target: { value } })
      set(w.payment.number, '4242424242424242')
      set(w.payment.holder, 'Walk Holder')
      set(w.payment.expMonth, '12')
      set(w.payment.expYear, '2030')
      set(w.payment.cvc, '123')
      fireEvent.click(button(/^Pay /))
    },
    'registration.codeEntered': () => {
      const dialog = screen.getByRole('dialog')
      fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${w.payment.code}`)), { target: { value: '1234' } })
      fireEvent.click(within(dialog).getByRole('button', { name: w.payment.confirm }))
    },
    'registration.challengeCancelled': () => {
      const dialog = screen.getByRole('dialog')
      fireEvent.click(within(dialog).getAllByRole('button', { name: w.payment.cancel }).at(-1)!)
    },
    'registration.sendReceipt': () => {
      if (!screen.queryByText(w.payment.bankIntro)) fireEvent.click(screen.getByRole('radio', { name: w.payment.bank }))
      // the picker speaks the page's language: no file yet, then the chosen file's name
      expect(screen.getByText(w.payment.chooseFileButton)).toBeTruthy()
      expect(screen.getByText(w.payment.noFileChosen)).toBeTruthy()
      fireEvent.change(screen.getByLabelText(w.payment.receipt), {
        target: { files: [new File(['receipt'], 'receipt.png', { type: 'image/png' })] },
      })
      expect(screen.getByText('receipt.png')).toBeTruthy()
      fireEvent.change(screen.getByLabelText(w.payment.paymentNumber), { target: { value: 'TR-1' } })
      fireEvent.click(button(w.payment.send))
    },
    'registration.complete': () => fireEvent.click(button(w.payment.finish)),
    'registration.navigationBlocked': ({ ui }) => act(() => void ui.app.router.navigate('/admin-panel/sign-in')),
    'registration.leaveConfirmed': () => fireEvent.click(button(w.leave)),
    'registration.leaveCancelled': () => fireEvent.click(button(w.stay)),
  },
  states: {
    loading: ({ ui }) => expect(screen.getAllByText(ui.renewal ? r.loading : w.loading).length).toBeGreaterThan(0),
    creating: () => expect(screen.getAllByText(w.loading).length).toBeGreaterThan(0),
    resuming: () => expect(screen.getAllByText(w.loading).length).toBeGreaterThan(0),
    loadFailed: ({ ui }) => {
      expect(screen.getByText(new RegExp(ui.renewal ? r.loadFailed : w.loadFailed))).toBeTruthy()
      expect(button(ui.renewal ? r.retry : w.actions.retry)).toBeTruthy()
      if (ui.renewal) expect(screen.getByText(/awaiting approval/)).toBeTruthy()
    },
    store: ({ actor, ui }) => {
      if (left(ui)) return
      const s = actor().getSnapshot() as S
      // (hidden: the leave question may be open over it)
      expect(screen.getByRole('heading', { name: w.store.title, hidden: true })).toBeTruthy()
      expect(document.querySelector('[aria-current=step]')?.textContent).toContain(w.steps.store)
      // the values typed are on screen, the password never comes back from storage
      expect(field('email').value).toBe(s.context.values.email)
      expect(JSON.stringify(sessionStorage.getItem(REGISTRATION_STORAGE_KEY) ?? '')).not.toContain('Walk#Pass2026')
      if (s.context.errors.email) expect(screen.getByText('email already taken')).toBeTruthy()
      if (s.context.restarted) expect(screen.getByText(w.restarted)).toBeTruthy()
    },
    'store.form.saving': () => expect(button(w.actions.saving).getAttribute('aria-busy')).toBe('true'),
    'store.form.editing': ({ actor, ui }) => {
      if (left(ui)) return
      const s = actor().getSnapshot() as S
      if (s.context.clientErrors.tax_no) expect(field('tax_no').getAttribute('aria-invalid')).toBe('true')
    },
    'store.referral.checking': ({ ui }) => left(ui) || expect(screen.getByText(w.store.referralChecking)).toBeTruthy(),
    'store.referral.valid': ({ ui }) => left(ui) || expect(screen.getByText('Referred by partner Noura Partner')).toBeTruthy(),
    'store.referral.invalid': ({ ui }) => left(ui) || expect(screen.getByText(w.store.referralUnknown)).toBeTruthy(),
    package: ({ ui }) => {
      // a renewal given up from the package: back on the dashboard
      if (left(ui)) return expect(ui.app.router.state.location.pathname).toBe(screens.userDashboard)
      expect(screen.getByRole('heading', { name: w.package.title })).toBeTruthy()
      if (ui.renewal) {
        expect(screen.getByRole('heading', { name: r.title })).toBeTruthy()
        // no free trial is offered for a renewal, and no step 1
        expect(screen.queryByText(/Free trial/)).toBeNull()
        expect(screen.queryByText(w.steps.store)).toBeNull()
      }
      expect(document.querySelector('[aria-current=step]')?.textContent).toContain(w.steps.package)
      expect(screen.getAllByText(w.package.unlimited).length).toBeGreaterThan(0)
    },
    'package.quoting': ({ ui }) => left(ui) || expect(screen.getByText(w.package.pricing)).toBeTruthy(),
    'package.choosing': ({ actor, ui }) => {
      if (left(ui)) return
      const s = actor().getSnapshot() as S
      if (s.context.quote?.applies)
        expect(screen.getByTestId('total').textContent).toContain(s.context.quote.discount ? '103.50' : '115.00')
    },
    'package.couponRefused': () => {
      expect(screen.getByText('This coupon has expired')).toBeTruthy()
      expect((button(w.actions.next) as HTMLButtonElement).disabled).toBe(true)
    },
    payment: () => {
      expect(document.querySelector('[aria-current=step]')?.textContent).toContain(w.steps.payment)
    },
    'payment.choosing': () => expect(screen.getByTestId('amount-due').textContent).toContain('115.00'),
    'payment.declined': () => {
      expect(screen.getByText(w.payment.declined)).toBeTruthy()
      expect(document.body.textContent).toMatch(/insufficient funds|verification code is not correct/)
    },
    'payment.challenge': () => expect(screen.getByRole('dialog', { name: w.payment.challengeTitle })).toBeTruthy(),
    'payment.awaitingApproval': () => expect(screen.getByText(w.payment.awaitingBody)).toBeTruthy(),
    completing: ({ ui }) => expect(screen.getAllByText(ui.renewal ? r.finishing : w.completing).length).toBeGreaterThan(0),
    completeFailed: ({ ui }) =>
      expect(screen.getByText(ui.renewal ? /No renewal was found/ : /This registration is already complete/)).toBeTruthy(),
    renewed: ({ ui, actor }) => {
      // back on the dashboard (which reads the new payment), the vendor still signed in, nothing saved for a reload
      expect(ui.app.router.state.location.pathname).toBe(screens.userDashboard)
      // the message says what happened: renewed, or a receipt awaiting approval
      const pending = renewalOutcome(actor().getSnapshot().context.draft).payment.status === 'Pending'
      expect(screen.getByText(pending ? r.awaitingApproval : r.done)).toBeTruthy()
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('user-token')
      expect(sessionStorage.getItem(REGISTRATION_STORAGE_KEY)).toBeNull()
      const sent = ui.net.seen.filter((q) => q.path.startsWith('user/vendor/renewal/'))
      expect(sent.some((q) => q.path === vendorAreaPaths.renewalComplete)).toBe(true)
      expect(ui.net.seen.some((q) => q.path.startsWith('register/vender'))).toBe(false)
    },
    done: ({ ui }) => {
      expect(localStorage.getItem('id-token')).toBe('vendor-token')
      expect(localStorage.getItem('id-identity')).toBe('user')
      expect(sessionStorage.getItem(REGISTRATION_STORAGE_KEY)).toBeNull()
      expect(ui.app.router.state.location.pathname).not.toBe('/register/vender')
    },
  },
  after: {
    // Leave: the held navigation went on
    'registration.leaveConfirmed': ({ ui }) => expect(ui.app.router.state.location.pathname).toBe('/admin-panel/sign-in'),
    // the landing address's saved registration goes to the server with the step
    'xstate.done.actor.saveStore': ({ ui }) => {
      const sent = ui.net.seen.find((r) => r.method === 'PUT' && r.path === registrationPaths.store(TOKEN))
      expect(sent?.body as Record<string, unknown>).toMatchObject({ email: 'walk@example.com', marketplaces: [2] })
    },
  },
})

describe('registration after a reload', () => {
  it('resumes at the step it was on, with what was typed and without the password', async () => {
    const first = start(null)()
    try {
      await answer(first, 'GET', registrationPaths.options, ok(options))
      await answer(first, 'POST', registrationPaths.drafts, ok({ draft: draft(1) }))
      await screen.findByRole('heading', { name: w.store.title })
      for (const [name, value] of Object.entries(VALID)) type(name, value ?? '')
      fireEvent.click(button(w.actions.next))
      await answer(first, 'PUT', registrationPaths.store(TOKEN), ok({ draft: draft(2) }))
      await screen.findByRole('heading', { name: w.package.title })
      const saved = sessionStorage.getItem(REGISTRATION_STORAGE_KEY) ?? ''
      expect(JSON.parse(saved)).toMatchObject({ token: TOKEN, step: 'package', values: { email: 'walk@example.com' } })
      expect(saved).not.toContain('Walk#Pass2026')
      first.app.unmount()
      first.app.stop()
      cleanup()

      // the page is loaded again: the same step, the same data, the password to be typed again
      const second = { app: renderApp(net, '/register/vender', { signedIn: false }), net, renewal: false }
      await answer(second, 'GET', registrationPaths.options, ok(options))
      await answer(second, 'GET', registrationPaths.draft(TOKEN), ok({ draft: draft(2) }))
      await screen.findByRole('heading', { name: w.package.title })
      fireEvent.click(button(w.actions.back))
      await screen.findByRole('heading', { name: w.store.title })
      expect(field('email').value).toBe('walk@example.com')
      expect(field('store_name').value).toBe('Walk Store')
      expect((screen.getByRole('checkbox', { name: 'Zid' }) as HTMLInputElement).checked).toBe(true)
      expect((screen.getByRole('checkbox', { name: 'Salla' }) as HTMLInputElement).checked).toBe(false)
      expect((document.querySelector('input[name=password]') as HTMLInputElement).value).toBe('')
      expect(screen.getByText(w.store.passwordAgain)).toBeTruthy()
      second.app.stop()
    } finally {
      cleanup()
      net.uninstall()
      sessionStorage.clear()
      localStorage.clear()
    }
  })
})
