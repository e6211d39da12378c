import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { quotePrice } from '../api/coupons'
import type { CouponCheckResult } from '../contract/coupons'

export type PaymentQuoteInput = { packageId: string }
type Quote = { result: CouponCheckResult; message: string }
export type PaymentQuoteContext = {
  packageId: string
  /** The code asked for (kept in `refused` to say why it does not apply). */
  code: string
  quote: Quote | null
}
export type PaymentQuoteEvent =
  { type: 'quote.package'; packageId: string } | { type: 'quote.apply'; code: string } | { type: 'quote.remove' } | { type: 'quote.retry' }

/**
 * The amount of a payment an admin records (DOMAIN.md "Money and tax", "Coupons"): the package's
 * price, less the coupon's discount before VAT, plus VAT, as the server prices it. Each answer fills
 * the amount; a coupon that does not apply says why and the package's own price stands.
 */
export const paymentQuoteMachine = setup({
  types: {
    context: {} as PaymentQuoteContext,
    events: {} as PaymentQuoteEvent,
    input: {} as PaymentQuoteInput,
  },
  actors: {
    quote: fromPromise<Quote, { packageId: string; code: string }>(async ({ input, signal }) => {
      const { message, result } = await quotePrice(Number(input.packageId), input.code, signal)
      return { message, result }
    }),
  },
  actions: {
    setPackage: assign((_, params: { packageId: string }) => ({ packageId: params.packageId, quote: null })),
    setCode: assign((_, params: { code: string }) => ({ code: params.code.trim() })),
    setQuote: assign((_, params: { quote: Quote }) => ({ quote: params.quote })),
    /** The view fills the amount field with the total (SAR, 2 decimals). */
    priced: (_, _params: { total: number }) => {},
  },
  guards: {
    hasPackage: ({ context }) => context.packageId !== '',
    isChosen: (_, params: { value: string }) => params.value.trim() !== '',
    applies: (_, params: { quote: Quote }) => params.quote.result.applies,
  },
}).createMachine({
  id: 'paymentQuote',
  // the path player's starting data and payloads (Flows screen): states only such data reaches
  meta: {
    examples: {
      inputs: [{ packageId: '' }, { packageId: '1' }],
      events: [
        { type: 'xstate.done.actor.quote', output: { result: { applies: false, reason: 'expired' }, message: 'This coupon has expired.' } },
        { type: 'xstate.done.actor.quote', output: { result: { applies: true, reason: null, total: 11385 }, message: '' } },
      ],
    },
  },
  description: "The payment's amount from its package and coupon, as the server prices them.",
  context: ({ input }) => ({ packageId: input.packageId, code: '', quote: null }),
  initial: 'idle',
  on: {
    'quote.package': {
      guard: { type: 'isChosen', params: ({ event }) => ({ value: event.packageId }) },
      target: '.quoting',
      reenter: true,
      description: 'Another package: priced again with the coupon asked for.',
      actions: { type: 'setPackage', params: ({ event }) => ({ packageId: event.packageId }) },
    },
  },
  states: {
    idle: {
      description: 'No package: the amount is typed by hand.',
      always: { guard: 'hasPackage', target: 'quoting', description: 'The vendor has a package: it is priced at once.' },
    },
    quoting: {
      description: 'The price is asked of the server ("Pricing…").',
      invoke: {
        id: 'quote',
        src: 'quote',
        input: ({ context }) => ({ packageId: context.packageId, code: context.code }),
        onDone: [
          {
            guard: { type: 'applies', params: ({ event }) => ({ quote: event.output }) },
            target: 'priced',
            description: 'Priced (with the coupon when one was asked for): the amount is filled with the total.',
            actions: [
              { type: 'setQuote', params: ({ event }) => ({ quote: event.output }) },
              { type: 'priced', params: ({ event }) => ({ total: event.output.result.total }) },
            ],
          },
          {
            target: 'refused',
            description: "The coupon does not apply: why is shown, and the package's own price fills the amount.",
            actions: [
              { type: 'setQuote', params: ({ event }) => ({ quote: event.output }) },
              { type: 'priced', params: ({ event }) => ({ total: event.output.result.total }) },
            ],
          },
        ],
        onError: { target: 'failed', description: 'No price came: the amount is typed by hand, or asked again.' },
      },
    },
    priced: {
      description: 'Price, discount, net, VAT and total are shown.',
      on: {
        'quote.apply': {
          target: 'quoting',
          description: 'A coupon code is applied.',
          actions: { type: 'setCode', params: ({ event }) => ({ code: event.code }) },
        },
        'quote.remove': {
          target: 'quoting',
          description: 'The coupon is taken off.',
          actions: { type: 'setCode', params: () => ({ code: '' }) },
        },
      },
    },
    refused: {
      description: "Why the coupon does not apply is shown under it; the package's own price stands.",
      on: {
        'quote.apply': {
          target: 'quoting',
          description: 'Another code is tried.',
          actions: { type: 'setCode', params: ({ event }) => ({ code: event.code }) },
        },
        'quote.remove': {
          target: 'quoting',
          description: 'The code is given up.',
          actions: { type: 'setCode', params: () => ({ code: '' }) },
        },
      },
    },
    failed: {
      description: '"The price could not be fetched" with Try again.',
      on: { 'quote.retry': { target: 'quoting', description: 'Asked again.' } },
    },
  },
})

export type PaymentQuoteSnapshot = SnapshotFrom<typeof paymentQuoteMachine>
/** The coupon code the payment is priced with: only one the server accepted. */
export const appliedCoupon = (s: PaymentQuoteSnapshot) => (s.matches('priced') && s.context.code ? s.context.code : null)
