import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { createPayout, type PayoutFields } from '../api/partners'
import type { Payout } from '../contract/partners'
import { failureOf, type Failure } from './failure'

export type PayoutInput = { partnerId: number; balance: number }
export type PayoutContext = PayoutInput & {
  /** Sent as `Idempotency-Key`: the same for every retry of one payout, new for the next one. */
  key: string
  fields: PayoutFields | null
  file: File | null
  payout: Payout | null
  failure: Failure | null
}
export type PayoutEvent =
  | { type: 'payout.review'; fields: PayoutFields; file: File | null }
  | { type: 'payout.edit' }
  | { type: 'payout.confirm' }
  | { type: 'payout.retry' }
  | { type: 'payout.another' }

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`)

/** Halalas of an amount typed in SR ("12.5" -> 1250), or null when it is not one. */
const halalasOf = (amount: string) => {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount.trim())
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null
}

/**
 * Paying a partner out of its wallet: the form, then a confirmation that shows the balance before
 * and after, then the multipart request with one `Idempotency-Key` per payout (a retry sends the
 * same key, so a lost answer never pays twice). The server refuses more than the balance; so does
 * the review step.
 */
export const payoutMachine = setup({
  types: { context: {} as PayoutContext, events: {} as PayoutEvent, input: {} as PayoutInput },
  actors: {
    pay: fromPromise<{ payout: Payout; message: string }, { partnerId: number; key: string; fields: PayoutFields; file: File | null }>(
      async ({ input }) => {
        const { message, result } = await createPayout(input.partnerId, input.fields, input.file, input.key)
        return { payout: result.item, message }
      },
    ),
  },
  guards: {
    withinBalance: ({ context }, params: { fields: PayoutFields }) => {
      const amount = halalasOf(params.fields.payment_amount)
      return amount !== null && amount > 0 && amount <= context.balance
    },
  },
  actions: {
    keep: assign((_, params: { fields: PayoutFields; file: File | null }) => ({ fields: params.fields, file: params.file, failure: null })),
    paid: assign((_, params: { payout: Payout }) => ({ payout: params.payout, failure: null })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    restart: assign(({ context }) => ({
      key: newKey(),
      fields: null,
      file: null,
      failure: null,
      balance: context.payout ? Math.round(Number(context.payout.balance_after) * 100) : context.balance,
      payout: null,
    })),
    onPaid: (_, _params: { payout: Payout; message: string }) => {},
  },
}).createMachine({
  id: 'payout',
  // the path player's starting data and payloads (Flows screen): a balance to pay from, a form within it
  meta: {
    examples: {
      inputs: [{ partnerId: 1, balance: 50_000 }],
      events: [
        { type: 'payout.review', fields: { payment_no: 'PO-1', payment_amount: '120.50', payment_date: '2026-11-28' }, file: null },
        { type: 'xstate.done.actor.pay', output: { payout: { id: 1, balance_after: '379.50' }, message: 'Recorded' } },
      ],
    },
  },
  description: 'Paying a partner out of its wallet: never more than the balance, once whatever the retries.',
  context: ({ input }) => ({ ...input, key: newKey(), fields: null, file: null, payout: null, failure: null }),
  initial: 'entering',
  states: {
    entering: {
      description: 'The form: payment number, amount (at most the balance shown), date and the transfer receipt.',
      on: {
        'payout.review': {
          guard: { type: 'withinBalance', params: ({ event }) => ({ fields: event.fields }) },
          target: 'confirming',
          description: 'The amount is within the balance: the admin is asked to confirm.',
          actions: { type: 'keep', params: ({ event }) => ({ fields: event.fields, file: event.file }) },
        },
      },
    },
    confirming: {
      description: 'The confirmation shows the amount, the balance now and after the payout.',
      on: {
        'payout.confirm': { target: 'submitting', description: 'The admin confirms: the payout is sent.' },
        'payout.edit': { target: 'entering', description: 'Back to the form, as it was filled.' },
      },
    },
    submitting: {
      description: 'Sent as multipart with the Idempotency-Key; the button says "Recording the payout…".',
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({ partnerId: context.partnerId, key: context.key, fields: context.fields!, file: context.file }),
        onDone: {
          target: 'done',
          description: 'Paid (or found paid under the same key): the new balance is shown.',
          actions: [
            { type: 'paid', params: ({ event }) => ({ payout: event.output.payout }) },
            { type: 'onPaid', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'failed',
          description: 'Refused (more than the balance, a bad field) or offline: the reason is shown.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The reason is shown, with "Try again" (the same key) and a way back to the form.',
      on: {
        'payout.retry': { target: 'submitting', description: 'Sent again with the same key: paid at most once.' },
        'payout.edit': { target: 'entering', description: 'Back to the form to correct a field.' },
      },
    },
    done: {
      description: 'The payout is recorded; "Another payout" starts a new form with a new key.',
      on: {
        'payout.another': { target: 'entering', description: 'A new payout, from the new balance.', actions: 'restart' },
      },
    },
  },
})

export type PayoutSnapshot = SnapshotFrom<typeof payoutMachine>
export const payoutStep = (s: PayoutSnapshot) =>
  s.matches('confirming')
    ? 'confirming'
    : s.matches('submitting')
      ? 'submitting'
      : s.matches('failed')
        ? 'failed'
        : s.matches('done')
          ? 'done'
          : 'entering'
