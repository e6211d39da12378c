import { assign, fromPromise, setup, type AnyActorRef, type SnapshotFrom } from 'xstate'
import { quotePrice } from '../api/coupons'
import * as api from '../api/registration'
import type { MessageRef } from '../contract/common'
import type { CouponCheckResult } from '../contract/coupons'
import type { SubdomainResult } from '../contract/vendors'
import {
  storeStepBody,
  utmKeys,
  type CardPaymentBody,
  type CompletionResult,
  type Draft,
  type ReferralCodeResult,
  type RegistrationOptions,
} from '../contract/registration'
import { SEARCH_DEBOUNCE_MS } from '../contract/resource'
import type { RenewalResult } from '../contract/vendor-area'
import { issueMessage } from '../contract/validation'
import { failureOf, type Failure } from './failure'

/** The renewal's calls, fetched only by a signed-in vendor's renewal (a guest's first visit does without them). */
const renewalApi = () => import('../api/vendor-area')
import { subdomainCheckMachine } from './subdomain-check'

/** The fields of step 1 as typed (`website` is the honeypot a person never sees). */
export const storeFields = [
  'store_name',
  'company_name',
  'commercial_registration',
  'commercial_registration_expiry',
  'phone',
  'email',
  'password',
  'password_confirmation',
  'subdomain',
  'tax_no',
  'referral_code',
  /** The marketplaces of interest: their ids, comma-separated ("" for none). */
  'marketplaces',
  'website',
] as const
export type StoreField = (typeof storeFields)[number]
export type StoreValues = Record<StoreField, string>
export type Step = 'store' | 'package' | 'payment'
export type PaymentMethod = 'CREDIT_CARD' | 'APPLE_PAY' | 'BANK_TRANSFER'
export type Card = CardPaymentBody['card']

/** What a reload finds in sessionStorage: everything but the password. */
export type SavedRegistration = {
  token: string
  step: Step
  values: Omit<StoreValues, 'password' | 'password_confirmation'>
  utm: Record<string, string>
  packageId: number | null
  couponCode: string
  method: PaymentMethod
}

export const REGISTRATION_STORAGE_KEY = 'vendor-registration'

/**
 * `registration`: the public wizard (steps 1 to 3, then the account). `renewal`: a signed-in vendor
 * renews or changes its package through the same steps 2 and 3 (no step 1, no draft of a guest).
 */
export type RegistrationMode = 'registration' | 'renewal'

export type RegistrationInput = {
  mode?: RegistrationMode
  /** The snapshot a reload left (see `readSavedRegistration`). */
  saved?: SavedRegistration | null
  /** The utm_* values of the landing address. */
  utm?: Record<string, string>
  /** A referral code the landing address carries (a vendor's shared link: `?referral_code=`). */
  referralCode?: string
}

export type RegistrationContext = {
  mode: RegistrationMode
  token: string | null
  /** The step a reload resumes at. */
  resumeAt: Step
  options: RegistrationOptions | null
  draft: Draft | null
  values: StoreValues
  utm: Record<string, string>
  /** Step 1 typed since it was last accepted by the server. */
  dirty: boolean
  /** Client checks that failed on Next, by field. */
  clientErrors: Record<string, MessageRef>
  /** The server's field errors of the last step sent (422), by field. */
  errors: Record<string, string[]>
  /** The last failure to show (not a field's). */
  failure: Failure | null
  /** A saved registration could not be resumed (expired or unknown): it started over. */
  restarted: boolean
  referral: ReferralCodeResult | null
  packageId: number | null
  couponCode: string
  quote: CouponCheckResult | null
  /** Why the coupon does not apply, in the visitor's language. */
  couponMessage: string
  method: PaymentMethod
  /** Why the card was declined (the server's words). */
  declineReason: string
  completion: CompletionResult | null
  /** What a renewal recorded (its payment). */
  renewal: RenewalResult | null
  /** A navigation away is held back, waiting for the visitor's answer. */
  leaveAsked: boolean
}

export type RegistrationEvent =
  | { type: 'registration.edit'; values: Partial<StoreValues> }
  | { type: 'registration.next' }
  | { type: 'registration.back' }
  | { type: 'registration.retry' }
  | { type: 'registration.dismiss' }
  | { type: 'registration.packageChosen'; packageId: number }
  | { type: 'registration.couponApplied'; code: string }
  | { type: 'registration.couponRemoved' }
  | { type: 'registration.methodChosen'; method: PaymentMethod }
  | { type: 'registration.payByCard'; card: Card }
  | { type: 'registration.codeEntered'; code: string }
  | { type: 'registration.challengeCancelled' }
  | { type: 'registration.sendReceipt'; file: File; paymentNumber: string }
  | { type: 'registration.complete' }
  | { type: 'registration.navigationBlocked' }
  | { type: 'registration.leaveConfirmed' }
  | { type: 'registration.leaveCancelled' }

const emptyValues = (): StoreValues => Object.fromEntries(storeFields.map((f) => [f, ''])) as StoreValues

const today = () => new Date().toISOString().slice(0, 10)

/** The client checks of step 1: the contract's rules (as the server's), and an expiry not in the past. */
export function storeIssues(values: StoreValues, utm: Record<string, string>): Record<string, MessageRef> {
  const out: Record<string, MessageRef> = {}
  const parsed = storeStepBody.safeParse(storeBody(values, utm), { reportInput: true })
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '')
      if (field && !out[field]) out[field] = issueMessage(issue)
    }
  if (!out.commercial_registration_expiry && values.commercial_registration_expiry < today())
    out.commercial_registration_expiry = { key: 'registration.errors.expiryPast' }
  return out
}

/** Step 1 as the server takes it. */
function storeBody(values: StoreValues, utm: Record<string, string>) {
  const { referral_code, website, marketplaces, ...rest } = values
  return {
    ...rest,
    ...(referral_code.trim() ? { referral_code: referral_code.trim() } : {}),
    ...(marketplaces ? { marketplaces: marketplaceIds(marketplaces) } : {}),
    ...(website ? { website } : {}),
    ...Object.fromEntries(utmKeys.filter((k) => utm[k]).map((k) => [k, utm[k]])),
  }
}

/** The ids a `marketplaces` value holds ("3,1" -> [3, 1]). */
export const marketplaceIds = (value: string): number[] =>
  value
    .split(',')
    .filter((id) => id !== '')
    .map(Number)

const removeKeys = <T>(record: Record<string, T>, keys: string[]) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => !keys.includes(k)))

const statusOf = (error: unknown) => failureOf(error).status

/** Reads the snapshot a reload left (null when none, or not ours). */
export function readSavedRegistration(): SavedRegistration | null {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(REGISTRATION_STORAGE_KEY)
    const saved = raw ? (JSON.parse(raw) as SavedRegistration) : null
    return saved && typeof saved.token === 'string' ? saved : null
  } catch {
    return null
  }
}

/** The utm_* values of a landing address's query. */
/** The referral code of a vendor's shared link (`/register/vender?referral_code=…`), if any. */
export const referralCodeOf = (search: string): string | undefined =>
  new URLSearchParams(search).get('referral_code')?.trim().slice(0, 50) || undefined

export const utmOf = (search: string): Record<string, string> => {
  const query = new URLSearchParams(search)
  return Object.fromEntries(utmKeys.flatMap((k) => (query.get(k) ? [[k, query.get(k)!.slice(0, 100)]] : [])))
}

/**
 * The public vendor self-registration wizard (issue 11): store information, package, payment, then
 * the completion that signs the new vendor in. Each step is checked on the client, then stored by
 * the server in a draft (so a step cannot be skipped); back and next keep what was typed. The
 * subdomain, the referral code and the coupon are checked while typing by invoked actors that a new
 * value cancels. A card may be declined (the reason shown, retry or another method) or ask for a
 * 3-D Secure code; a bank transfer sends its receipt and awaits an admin's approval; a free trial
 * skips payment. Everything but the password is kept in sessionStorage so a reload resumes at the
 * same step; completion clears it. The app provides `registered` (adopt the session, go to the
 * vendor's area), `proceedNavigation` and `stayOnPage`.
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
  },
  actors: {
    loadOptions: fromPromise<RegistrationOptions, { mode: RegistrationMode }>(({ input, signal }) =>
      input.mode === 'renewal' ? renewalApi().then((r) => r.fetchRenewalOptions(signal)) : api.fetchRegistrationOptions(signal),
    ),
    createDraft: fromPromise<Draft>(() => api.createDraft()),
    resumeDraft: fromPromise(({ input }: { input: { token: string } }) => api.fetchDraft(input.token)),
    saveStore: fromPromise(({ input }: { input: { token: string; values: StoreValues; utm: Record<string, string> } }) =>
      api.saveStoreStep(input.token, storeBody(input.values, input.utm) as Parameters<typeof api.saveStoreStep>[1]),
    ),
    subdomainCheck: subdomainCheckMachine.provide({
      actors: {
        // the public check's answer also carries a suggestion, which the chart keeps
        check: fromPromise<SubdomainResult, { value: string; exceptId: number | null }>(({ input, signal }) =>
          api.checkRegistrationSubdomain(input.value, signal),
        ),
      },
    }),
    checkReferral: fromPromise(({ input, signal }: { input: { code: string }; signal: AbortSignal }) =>
      api.checkReferralCode(input.code, signal),
    ),
    quote: fromPromise(async ({ input, signal }: { input: { packageId: number; code: string }; signal: AbortSignal }) => {
      const { message, result } = await quotePrice(input.packageId, input.code, signal)
      return { message, result }
    }),
    savePackage: fromPromise(({ input }: { input: { mode: RegistrationMode; token: string; packageId: number; code: string } }) => {
      const body = { package_id: input.packageId, ...(input.code ? { coupon_code: input.code } : {}) }
      return input.mode === 'renewal' ? renewalApi().then((r) => r.saveRenewalPackage(body)) : api.savePackageStep(input.token, body)
    }),
    charge: fromPromise(({ input }: { input: { mode: RegistrationMode; token: string; body: CardPaymentBody } }) =>
      input.mode === 'renewal' ? renewalApi().then((r) => r.payRenewalByCard(input.body)) : api.payByCard(input.token, input.body),
    ),
    confirm: fromPromise(({ input }: { input: { mode: RegistrationMode; token: string; code: string } }) =>
      input.mode === 'renewal'
        ? renewalApi().then((r) => r.confirmRenewalCard(input.code))
        : api.confirmCardPayment(input.token, input.code),
    ),
    sendReceipt: fromPromise(({ input }: { input: { mode: RegistrationMode; token: string; file: File; paymentNumber: string } }) =>
      input.mode === 'renewal'
        ? renewalApi().then((r) => r.sendRenewalReceipt(input.file, input.paymentNumber))
        : api.sendTransferReceipt(input.token, input.file, input.paymentNumber),
    ),
    complete: fromPromise<CompletionResult | RenewalResult, { mode: RegistrationMode; token: string }>(({ input }) =>
      input.mode === 'renewal' ? renewalApi().then((r) => r.completeRenewal()) : api.completeRegistration(input.token),
    ),
  },
  actions: {
    /** The vendor is registered: the app adopts the session and goes to the vendor's area. */
    registered: (_, _params: { result: CompletionResult }) => {},
    /** The renewal is recorded: the app goes back to the vendor's dashboard, which shows the new payment. */
    renewed: (_, _params: { result: RenewalResult }) => {},
    /** A renewal given up from its first step: the app goes back to the dashboard. */
    leaveRenewal: () => {},
    proceedNavigation: () => {},
    stayOnPage: () => {},
    persist: ({ context }, params: { step?: Step }) => {
      if (context.mode === 'renewal' || !context.token || typeof sessionStorage === 'undefined') return
      const { password: _p, password_confirmation: _c, ...values } = context.values
      const saved: SavedRegistration = {
        token: context.token,
        step: params.step ?? context.resumeAt,
        values,
        utm: context.utm,
        packageId: context.packageId,
        couponCode: context.couponCode,
        method: context.method,
      }
      try {
        sessionStorage.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify(saved))
      } catch {
        // a full or blocked storage: the wizard goes on without resuming
      }
    },
    clearSaved: () => {
      try {
        if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(REGISTRATION_STORAGE_KEY)
      } catch {
        // nothing to clear
      }
    },
    setStep: assign((_, params: { step: Step }) => ({ resumeAt: params.step })),
    setOptions: assign((_, params: { options: RegistrationOptions }) => ({ options: params.options })),
    // a renewal's draft has no token (the vendor's session is its key)
    setDraft: assign(({ context }, params: { draft: Draft }) => ({
      draft: params.draft,
      token: params.draft.token || context.token,
      failure: null,
      errors: {},
    })),
    storeAccepted: assign({ dirty: false, clientErrors: {} }),
    restart: assign(({ context }) => ({
      token: null,
      draft: null,
      resumeAt: 'store' as const,
      restarted: true,
      values: emptyValues(),
      utm: context.utm,
      packageId: null,
      couponCode: '',
      quote: null,
      referral: null,
    })),
    edit: assign(({ context }, params: { values: Partial<StoreValues> }) => {
      const fields = Object.keys(params.values)
      return {
        values: { ...context.values, ...params.values },
        dirty: true,
        errors: removeKeys(context.errors, fields),
        clientErrors: removeKeys(context.clientErrors, fields),
      }
    }),
    /** A typed subdomain goes to its check (which a new value restarts, cancelling the one under way). */
    // sent to the invoked check by hand: a model of the chart without its invocations (the walks) has no such child
    forwardSubdomain: ({ self }, params: { value: string }) => {
      const check = (self.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> } | undefined)?.children?.subdomain
      check?.send({ type: 'subdomain.typed', value: params.value })
    },
    showClientErrors: assign(({ context }) => ({ clientErrors: storeIssues(context.values, context.utm) })),
    setFieldErrors: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      return { errors: failure.errors, failure: Object.keys(failure.errors).length ? null : failure }
    }),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    dismiss: assign({ failure: null, restarted: false }),
    setReferral: assign((_, params: { referral: ReferralCodeResult | null }) => ({ referral: params.referral })),
    choosePackage: assign((_, params: { packageId: number }) => ({ packageId: params.packageId, quote: null, errors: {} })),
    // the price shown was for the code before: a new code is priced again, here or on coming back to the step
    setCoupon: assign((_, params: { code: string }) => ({ couponCode: params.code.trim(), quote: null, couponMessage: '', errors: {} })),
    setQuote: assign((_, params: { quote: { message: string; result: CouponCheckResult } }) => ({
      quote: params.quote.result,
      couponMessage: params.quote.result.applies ? '' : params.quote.message,
    })),
    setMethod: assign((_, params: { method: PaymentMethod }) => ({ method: params.method, errors: {}, failure: null })),
    setDecline: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      return { declineReason: failure.errors.card?.[0] ?? failure.message, errors: {} }
    }),
    setCompletion: assign((_, params: { result: CompletionResult }) => ({ completion: params.result })),
    setRenewal: assign((_, params: { result: RenewalResult }) => ({ renewal: params.result })),
    askLeave: assign({ leaveAsked: true }),
    answerLeave: assign({ leaveAsked: false }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isRenewal: ({ context }) => context.mode === 'renewal',
    resumesAtPayment: ({ context }, params: { draft: Draft }) => context.resumeAt === 'payment' && params.draft.step >= 3,
    /** A receipt was received before the reload: the payment awaits approval. */
    resumesAwaitingApproval: (_, params: { draft: Draft }) => params.draft.payment?.state === 'receipt_received',
    resumesInChallenge: ({ context }, params: { draft: Draft }) =>
      context.resumeAt === 'payment' && params.draft.step >= 3 && params.draft.payment?.state === 'challenge',
    resumesAtPackage: ({ context }, params: { draft: Draft }) => context.resumeAt !== 'store' && params.draft.step >= 2,
    /** Unknown (404), completed (409) or expired (410): the saved registration cannot go on. */
    isGone: (_, params: { error: unknown }) => [404, 409, 410].includes(statusOf(params.error)),
    isValidation: (_, params: { error: unknown }) => statusOf(params.error) === 422,
    isDeclined: (_, params: { error: unknown }) => statusOf(params.error) === 402,
    storeValid: ({ context }) => Object.keys(storeIssues(context.values, context.utm)).length === 0,
    subdomainEdited: (_, params: { values: Partial<StoreValues> }) => params.values.subdomain !== undefined,
    referralEdited: (_, params: { values: Partial<StoreValues> }) => params.values.referral_code !== undefined,
    referralBlank: (_, params: { values: Partial<StoreValues> }) => params.values.referral_code?.trim() === '',
    hasPackage: ({ context }) => context.packageId !== null,
    /** No price for the package and code shown (never asked, asked before a change, or a refused code): asked again. */
    needsQuote: ({ context }) =>
      context.packageId !== null && (context.quote === null || !context.quote.applies) && context.failure === null,
    couponApplies: (_, params: { result: CouponCheckResult }) => params.result.applies,
    referralValid: (_, params: { referral: ReferralCodeResult }) => params.referral.valid,
    paymentRequired: (_, params: { draft: Draft }) => params.draft.package?.payment_required === true,
    isPaid: (_, params: { draft: Draft }) => params.draft.payment?.state === 'paid',
    unsaved: ({ context }) => context.dirty,
  },
  delays: { pause: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'registration',
  // the path player's starting data and payloads (Flows screen): states only such data reaches
  meta: {
    examples: {
      inputs: [
        { saved: { token: 'draft', step: 'package', values: {}, utm: {}, packageId: 2, couponCode: '', method: 'CREDIT_CARD' } },
        { saved: { token: 'draft', step: 'payment', values: {}, utm: {}, packageId: 2, couponCode: '', method: 'CREDIT_CARD' } },
        { mode: 'renewal' },
      ],
      events: [
        {
          type: 'xstate.done.actor.resumeDraft',
          output: { token: 'draft', step: 3, store: null, package: { payment_required: true }, payment: null },
        },
        {
          type: 'registration.edit',
          values: {
            store_name: 'Noura Store',
            company_name: 'Noura Trading',
            commercial_registration: '2000000001',
            commercial_registration_expiry: '2099-06-30',
            phone: '+966512345678',
            email: 'noura@example.com',
            password: 'Strong#Pass2026',
            password_confirmation: 'Strong#Pass2026',
            subdomain: 'noura-store',
            tax_no: '310000000000003',
            referral_code: 'AB12CD',
          },
        },
        { type: 'xstate.done.actor.checkReferral', output: { valid: false, owner: null } },
        { type: 'xstate.done.actor.checkReferral', output: { valid: true, owner: { kind: 'vendor', name: 'Noura Store' } } },
        { type: 'xstate.done.actor.saveStore', output: { token: 'draft', step: 2, store: null, package: null, payment: null } },
        { type: 'registration.packageChosen', packageId: 2 },
        { type: 'xstate.done.actor.quote', output: { result: { applies: false }, message: 'This coupon has expired.' } },
        {
          type: 'xstate.done.actor.savePackage',
          output: { token: 'draft', step: 3, store: null, package: { payment_required: true }, payment: null },
        },
        {
          type: 'xstate.done.actor.charge',
          output: { token: 'draft', step: 3, package: { payment_required: true }, payment: { state: 'challenge' } },
        },
        {
          type: 'xstate.done.actor.charge',
          output: { token: 'draft', step: 4, package: { payment_required: true }, payment: { state: 'paid' } },
        },
        { type: 'xstate.error.actor.charge', error: { status: 402, message: 'Declined', errors: {} } },
        { type: 'registration.methodChosen', method: 'BANK_TRANSFER' },
      ],
    },
  },
  description:
    "The public vendor registration: store information, package, payment, each stored by the server in a draft, then the completion that signs the vendor in. A signed-in vendor's renewal (mode renewal) goes through the same package and payment steps.",
  context: ({ input }) => ({
    mode: input.mode ?? 'registration',
    token: input.mode === 'renewal' ? null : (input.saved?.token ?? null),
    resumeAt: input.saved?.step ?? 'store',
    options: null,
    draft: null,
    values: {
      ...emptyValues(),
      ...(input.referralCode ? { referral_code: input.referralCode } : {}),
      ...input.saved?.values,
      password: '',
      password_confirmation: '',
    },
    utm: Object.keys(input.utm ?? {}).length ? (input.utm ?? {}) : (input.saved?.utm ?? {}),
    dirty: false,
    clientErrors: {},
    errors: {},
    failure: null,
    restarted: false,
    referral: null,
    packageId: input.saved?.packageId ?? null,
    couponCode: input.saved?.couponCode ?? '',
    quote: null,
    couponMessage: '',
    method: input.saved?.method ?? 'CREDIT_CARD',
    declineReason: '',
    completion: null,
    renewal: null,
    leaveAsked: false,
  }),
  initial: 'loading',
  on: {
    'registration.navigationBlocked': [
      {
        guard: 'unsaved',
        actions: 'askLeave',
        description: 'A link or Back while step 1 holds typing the server has not stored: "Leave the registration?" is asked.',
      },
      {
        actions: 'proceedNavigation',
        description: 'Nothing typed is lost (the draft and the saved snapshot keep it): the navigation goes on.',
      },
    ],
    'registration.leaveConfirmed': {
      actions: ['answerLeave', 'proceedNavigation'],
      description: 'Leave: the held navigation goes on.',
    },
    'registration.leaveCancelled': { actions: ['answerLeave', 'stayOnPage'], description: 'Stay: the navigation is dropped.' },
    'registration.dismiss': { actions: 'dismiss', description: 'The failure or "started over" message is closed.' },
  },
  states: {
    loading: {
      description: 'The packages, VAT, trial days and bank accounts are fetched ("Loading…").',
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        input: ({ context }) => ({ mode: context.mode }),
        onDone: [
          {
            guard: 'isRenewal',
            target: 'package',
            description: "A renewal: straight to the package (the vendor's store is known; no draft to start or resume).",
            actions: { type: 'setOptions', params: ({ event }) => ({ options: event.output }) },
          },
          {
            guard: 'hasToken',
            target: 'resuming',
            description: 'A reload: the saved registration is asked for.',
            actions: { type: 'setOptions', params: ({ event }) => ({ options: event.output }) },
          },
          {
            target: 'creating',
            description: 'A first visit: a draft is started.',
            actions: { type: 'setOptions', params: ({ event }) => ({ options: event.output }) },
          },
        ],
        onError: {
          target: 'loadFailed',
          description: 'Nothing came: "could not be loaded" with Try again.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: '"The registration could not be loaded" with Try again.',
      on: { 'registration.retry': { target: 'loading', description: 'Asked again.' } },
    },
    creating: {
      description: 'A new draft is asked of the server.',
      invoke: {
        id: 'createDraft',
        src: 'createDraft',
        onDone: {
          target: 'store',
          description: 'The draft exists: step 1 is shown.',
          actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          description: 'No draft: "could not be loaded" with Try again.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    resuming: {
      description: 'The draft a reload left is asked for, to resume at the step it was on.',
      invoke: {
        id: 'resumeDraft',
        src: 'resumeDraft',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'resumesAwaitingApproval', params: ({ event }) => ({ draft: event.output }) },
            target: '#registration.payment.awaitingApproval',
            description: 'The receipt was sent before the reload: "awaiting approval" again, with Finish registration.',
            actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
          },
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ draft: event.output }) },
            target: 'completing',
            description: 'Paid before the reload (the registration had not completed): it completes now.',
            actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
          },
          {
            guard: { type: 'resumesInChallenge', params: ({ event }) => ({ draft: event.output }) },
            target: '#registration.payment.challenge',
            description: 'The bank was asking for a 3-D Secure code before the reload: the code dialog again.',
            actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
          },
          {
            guard: { type: 'resumesAtPayment', params: ({ event }) => ({ draft: event.output }) },
            target: 'payment',
            description: 'Steps 1 and 2 are stored: back at the payment.',
            actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
          },
          {
            guard: { type: 'resumesAtPackage', params: ({ event }) => ({ draft: event.output }) },
            target: 'package',
            description: 'Step 1 is stored: back at the package, as chosen.',
            actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
          },
          {
            target: 'store',
            description: 'Back at step 1 with what was typed (the password is typed again).',
            actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
            target: 'creating',
            description: 'The draft expired or is unknown: the registration starts over and says so.',
            actions: ['restart', 'clearSaved'],
          },
          {
            target: 'loadFailed',
            description: 'No answer: "could not be loaded" with Try again.',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    store: {
      description: 'Step 1, the store information; the subdomain and the referral code are checked while typing.',
      type: 'parallel',
      entry: [
        { type: 'setStep', params: { step: 'store' } },
        { type: 'persist', params: { step: 'store' } },
      ],
      invoke: {
        id: 'subdomain',
        src: 'subdomainCheck',
        input: ({ context }) => ({ exceptId: null, value: context.values.subdomain }),
      },
      states: {
        form: {
          description: 'The form and its Next.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The fields, their errors (client and server) and Next.',
              on: {
                'registration.edit': [
                  {
                    guard: { type: 'subdomainEdited', params: ({ event }) => ({ values: event.values }) },
                    description: 'The subdomain changed: kept and saved, and its availability checked again after a pause.',
                    actions: [
                      { type: 'edit', params: ({ event }) => ({ values: event.values }) },
                      { type: 'forwardSubdomain', params: ({ event }) => ({ value: event.values.subdomain ?? '' }) },
                      { type: 'persist', params: { step: 'store' } },
                    ],
                  },
                  {
                    description: 'A field changed: kept (and saved, but never the password), its error cleared.',
                    actions: [
                      { type: 'edit', params: ({ event }) => ({ values: event.values }) },
                      { type: 'persist', params: { step: 'store' } },
                    ],
                  },
                ],
                'registration.next': [
                  { guard: 'storeValid', target: 'saving', description: 'Every field passes the client checks: step 1 is sent.' },
                  { actions: 'showClientErrors', description: 'A field fails its check: the errors are shown under the fields.' },
                ],
              },
            },
            saving: {
              description: 'Step 1 is sent ("Saving…"); the server checks it again (email taken, subdomain taken).',
              invoke: {
                id: 'saveStore',
                src: 'saveStore',
                input: ({ context }) => ({ token: context.token ?? '', values: context.values, utm: context.utm }),
                onDone: {
                  target: '#registration.package',
                  description: 'Stored: step 2.',
                  actions: [{ type: 'setDraft', params: ({ event }) => ({ draft: event.output }) }, 'storeAccepted'],
                },
                onError: [
                  {
                    guard: { type: 'isValidation', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    description: 'Refused: the server\'s errors go under their fields ("email already taken").',
                    actions: { type: 'setFieldErrors', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    target: 'editing',
                    description: 'Not stored (offline, rate limited): the failure is shown, the form stays as typed.',
                    actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
          },
        },
        referral: {
          description: 'The referral code, checked after a pause in typing; whose it is shown under it.',
          initial: 'idle',
          on: {
            'registration.edit': [
              {
                guard: { type: 'referralBlank', params: ({ event }) => ({ values: event.values }) },
                target: '.idle',
                description: 'The code was emptied: nothing to check.',
                actions: { type: 'setReferral', params: { referral: null } },
              },
              {
                guard: { type: 'referralEdited', params: ({ event }) => ({ values: event.values }) },
                target: '.waiting',
                reenter: true,
                description: 'The code changed: a check under way is cancelled, the next waits for a pause.',
                actions: { type: 'setReferral', params: { referral: null } },
              },
            ],
          },
          states: {
            idle: { description: 'No code (it is optional).' },
            waiting: {
              description: 'Waits 300 ms after the last key.',
              after: { pause: { target: 'checking', description: 'A pause: the server is asked.' } },
            },
            checking: {
              description: '"Checking…" under the code.',
              invoke: {
                id: 'checkReferral',
                src: 'checkReferral',
                input: ({ context }) => ({ code: context.values.referral_code.trim() }),
                onDone: [
                  {
                    guard: { type: 'referralValid', params: ({ event }) => ({ referral: event.output }) },
                    target: 'valid',
                    description: "A partner's or a vendor's code: whose it is shown.",
                    actions: { type: 'setReferral', params: ({ event }) => ({ referral: event.output }) },
                  },
                  {
                    target: 'invalid',
                    description: 'Nobody\'s code: "This referral code does not exist".',
                    actions: { type: 'setReferral', params: ({ event }) => ({ referral: event.output }) },
                  },
                ],
                onError: { target: 'idle', description: 'No answer: nothing is said (Next checks it again).' },
              },
            },
            valid: { description: '"Referred by <name>" under the code.' },
            invalid: { description: '"This referral code does not exist" under the code.' },
          },
        },
      },
    },
    package: {
      description: 'Step 2, the package (monthly or yearly) and a coupon; price, discount, VAT and total as the server prices them.',
      entry: [
        { type: 'setStep', params: { step: 'package' } },
        { type: 'persist', params: { step: 'package' } },
      ],
      initial: 'choosing',
      on: {
        'registration.back': [
          { guard: 'isRenewal', actions: 'leaveRenewal', description: 'A renewal has no step 1: Back returns to the dashboard.' },
          { target: 'store', description: 'Back to step 1 with what was typed (the password is typed again).' },
        ],
      },
      states: {
        choosing: {
          description: 'The packages side by side; once one is chosen, its totals; Next once a package is chosen.',
          always: { guard: 'needsQuote', target: 'quoting', description: 'A package chosen before (a reload, Back): it is priced again.' },
          on: {
            'registration.packageChosen': {
              target: 'quoting',
              description: 'A package was chosen: it is priced (with the coupon, if any).',
              actions: [
                { type: 'choosePackage', params: ({ event }) => ({ packageId: event.packageId }) },
                { type: 'persist', params: { step: 'package' } },
              ],
            },
            'registration.couponApplied': {
              guard: 'hasPackage',
              target: 'quoting',
              description: 'A coupon code is applied to the chosen package.',
              actions: { type: 'setCoupon', params: ({ event }) => ({ code: event.code }) },
            },
            'registration.couponRemoved': {
              target: 'quoting',
              guard: 'hasPackage',
              description: 'The coupon is taken off.',
              actions: { type: 'setCoupon', params: { code: '' } },
            },
            'registration.next': { guard: 'hasPackage', target: 'saving', description: 'Step 2 is sent.' },
          },
        },
        quoting: {
          description: '"Pricing…": the server prices the package with the coupon; another choice cancels it.',
          invoke: {
            id: 'quote',
            src: 'quote',
            input: ({ context }) => ({ packageId: context.packageId ?? 0, code: context.couponCode }),
            onDone: [
              {
                guard: { type: 'couponApplies', params: ({ event }) => ({ result: event.output.result }) },
                target: 'choosing',
                description: 'Priced: price, discount, VAT and the new total are shown.',
                actions: [
                  { type: 'setQuote', params: ({ event }) => ({ quote: event.output }) },
                  { type: 'persist', params: { step: 'package' } },
                ],
              },
              {
                target: 'couponRefused',
                description: 'The coupon does not apply: why is shown under it.',
                actions: { type: 'setQuote', params: ({ event }) => ({ quote: event.output }) },
              },
            ],
            onError: {
              target: 'choosing',
              description: 'No price came: the failure is shown; Next still sends the step (the server prices it).',
              actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
          on: {
            'registration.packageChosen': {
              target: 'quoting',
              reenter: true,
              description: 'Another package while pricing: the pricing under way is cancelled.',
              actions: { type: 'choosePackage', params: ({ event }) => ({ packageId: event.packageId }) },
            },
            'registration.couponApplied': {
              target: 'quoting',
              reenter: true,
              description: 'A code applied while pricing (just after removing one): the pricing under way gives way to this one.',
              actions: { type: 'setCoupon', params: ({ event }) => ({ code: event.code }) },
            },
            'registration.couponRemoved': {
              target: 'quoting',
              reenter: true,
              description: 'The code taken off while pricing: priced again without it.',
              actions: { type: 'setCoupon', params: { code: '' } },
            },
          },
        },
        couponRefused: {
          description: 'Why the coupon does not apply is shown under it; Next waits until it is changed or removed.',
          on: {
            'registration.couponApplied': {
              target: 'quoting',
              description: 'Another code is tried.',
              actions: { type: 'setCoupon', params: ({ event }) => ({ code: event.code }) },
            },
            'registration.couponRemoved': {
              target: 'quoting',
              description: "The code is given up: the package's own price.",
              actions: { type: 'setCoupon', params: { code: '' } },
            },
            'registration.packageChosen': {
              target: 'quoting',
              description: 'Another package, priced with the same code.',
              actions: { type: 'choosePackage', params: ({ event }) => ({ packageId: event.packageId }) },
            },
          },
        },
        saving: {
          description: 'Step 2 is sent ("Saving…").',
          invoke: {
            id: 'savePackage',
            src: 'savePackage',
            input: ({ context }) => ({
              mode: context.mode,
              token: context.token ?? '',
              packageId: context.packageId ?? 0,
              code: context.couponCode,
            }),
            onDone: [
              {
                guard: { type: 'paymentRequired', params: ({ event }) => ({ draft: event.output }) },
                target: '#registration.payment',
                description: 'Stored, with an amount to pay: step 3.',
                actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
              },
              {
                target: '#registration.completing',
                description: 'A free trial (or nothing left to pay): no payment, the registration completes.',
                actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
              },
            ],
            onError: {
              target: 'choosing',
              description: "Refused: the server's reason is shown and the choice stays.",
              actions: { type: 'setFieldErrors', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    payment: {
      description: 'Step 3: card or Apple Pay through the gateway (a sandbox, labelled), or a bank transfer with its receipt.',
      entry: [
        { type: 'setStep', params: { step: 'payment' } },
        { type: 'persist', params: { step: 'payment' } },
      ],
      initial: 'choosing',
      states: {
        choosing: {
          description: 'The methods; the card form, Apple Pay, or the bank accounts and the receipt upload.',
          on: {
            'registration.methodChosen': {
              description: 'Another method is shown.',
              actions: [
                { type: 'setMethod', params: ({ event }) => ({ method: event.method }) },
                { type: 'persist', params: { step: 'payment' } },
              ],
            },
            'registration.payByCard': { target: 'charging', description: 'Pay: the card is sent to the gateway.' },
            'registration.sendReceipt': { target: 'uploading', description: 'The receipt is sent.' },
            'registration.back': { target: '#registration.package', description: 'Back to the package, as chosen.' },
          },
        },
        charging: {
          description: '"Paying…": the gateway charges the card.',
          invoke: {
            id: 'charge',
            src: 'charge',
            input: ({ context, event }) => ({
              mode: context.mode,
              token: context.token ?? '',
              body: {
                method: context.method === 'APPLE_PAY' ? ('APPLE_PAY' as const) : ('CREDIT_CARD' as const),
                card: (event as { card: Card }).card,
              },
            }),
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => ({ draft: event.output }) },
                target: '#registration.completing',
                description: 'Paid: the registration completes.',
                actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
              },
              {
                target: 'challenge',
                description: 'The bank asks for a 3-D Secure code.',
                actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
              },
            ],
            onError: [
              {
                guard: { type: 'isDeclined', params: ({ event }) => ({ error: event.error }) },
                target: 'declined',
                description: 'Declined (402): the reason is shown.',
                actions: { type: 'setDecline', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'choosing',
                description: 'Refused (a malformed card) or not sent: the errors are shown, the card form stays.',
                actions: { type: 'setFieldErrors', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        challenge: {
          description: 'The 3-D Secure dialog asks for the code the bank sent.',
          on: {
            'registration.codeEntered': { target: 'confirming', description: 'The code is sent.' },
            'registration.challengeCancelled': { target: 'choosing', description: 'The dialog is closed: back to the methods.' },
          },
        },
        confirming: {
          description: '"Verifying…": the code is checked.',
          invoke: {
            id: 'confirm',
            src: 'confirm',
            input: ({ context, event }) => ({ mode: context.mode, token: context.token ?? '', code: (event as { code: string }).code }),
            onDone: {
              target: '#registration.completing',
              description: 'Verified and paid: the registration completes.',
              actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isDeclined', params: ({ event }) => ({ error: event.error }) },
                target: 'declined',
                description: 'A wrong code declines the card: the reason is shown.',
                actions: { type: 'setDecline', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'challenge',
                description: 'Not checked (offline): the failure is shown and the code can be sent again.',
                actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        declined: {
          description: 'The card was declined: the reason, with the card form to try again or another method.',
          on: {
            'registration.payByCard': { target: 'charging', description: 'Try again (the same or another card).' },
            'registration.methodChosen': {
              target: 'choosing',
              description: 'Another method.',
              actions: [
                { type: 'setMethod', params: ({ event }) => ({ method: event.method }) },
                { type: 'persist', params: { step: 'payment' } },
              ],
            },
            'registration.back': { target: '#registration.package', description: 'Back to the package.' },
          },
        },
        uploading: {
          description: '"Sending…": the receipt is uploaded.',
          invoke: {
            id: 'sendReceipt',
            src: 'sendReceipt',
            input: ({ context, event }) => {
              const e = event as { file: File; paymentNumber: string }
              return { mode: context.mode, token: context.token ?? '', file: e.file, paymentNumber: e.paymentNumber }
            },
            onDone: [
              {
                guard: 'isRenewal',
                target: '#registration.completing',
                description: "A renewal's receipt is recorded as a Pending payment: the renewal finishes.",
                actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
              },
              {
                target: 'awaitingApproval',
                description: "Received: the payment awaits an admin's approval.",
                actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
              },
            ],
            onError: {
              target: 'choosing',
              description: 'Refused (wrong type, too large) or not sent: the reason is shown under the upload.',
              actions: { type: 'setFieldErrors', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        awaitingApproval: {
          description: '"Receipt received, awaiting approval", with Finish registration.',
          on: { 'registration.complete': { target: '#registration.completing', description: 'Finish: the account is created.' } },
        },
      },
    },
    completing: {
      description:
        '"Creating your account…": the account, the vendor and its payment are created (a renewal: the payment it recorded is read).',
      invoke: {
        id: 'complete',
        src: 'complete',
        input: ({ context }) => ({ mode: context.mode, token: context.token ?? '' }),
        onDone: [
          {
            guard: 'isRenewal',
            target: 'renewed',
            description: 'Renewed: the vendor goes back to its dashboard, which shows the new payment.',
            actions: [
              { type: 'setRenewal', params: ({ event }) => ({ result: event.output as RenewalResult }) },
              { type: 'renewed', params: ({ event }) => ({ result: event.output as RenewalResult }) },
            ],
          },
          {
            target: 'done',
            description: 'Registered: the saved snapshot is cleared, the vendor signed in and sent to its area.',
            actions: [
              { type: 'setCompletion', params: ({ event }) => ({ result: event.output as CompletionResult }) },
              'clearSaved',
              { type: 'registered', params: ({ event }) => ({ result: event.output as CompletionResult }) },
            ],
          },
        ],
        onError: {
          target: 'completeFailed',
          description: 'Not completed: the reason, with Try again.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    completeFailed: {
      description: '"The registration could not be completed" with the reason and Try again.',
      on: { 'registration.retry': { target: 'completing', description: 'Completion asked again.' } },
    },
    done: { type: 'final', description: 'Registered and signed in; the vendor is on its way to its area.' },
    renewed: {
      type: 'final',
      description: 'The renewal is recorded (paid, or awaiting approval); the vendor is on its way to its dashboard.',
    },
  },
})

export type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>

/** The step the indicator marks. */
export const currentStep = (s: RegistrationSnapshot): 1 | 2 | 3 | 4 =>
  s.matches('store')
    ? 1
    : s.matches('package')
      ? 2
      : s.matches('payment')
        ? 3
        : s.matches('completing') || s.matches('done') || s.matches('renewed') || s.matches('completeFailed')
          ? 4
          : 1

/** Leaving now would lose typed changes (closing or reloading the tab asks too). */
export const hasUnsavedChanges = (s: RegistrationSnapshot) => s.status === 'active' && s.context.dirty
export const isLeaveAsked = (s: RegistrationSnapshot) => s.status === 'active' && s.context.leaveAsked
