import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { changePaymentStatus } from '../api/vendors'
import { canChangePayment, needsReason, nextPaymentStatuses, type PaymentStatus } from '../domain/payments'
import { failureOf, type Failure } from './failure'

export type { PaymentStatus } from '../domain/payments'

export type PaymentStatusInput = { vendorId: number; paymentId: number; status: PaymentStatus }
export type PaymentStatusContext = PaymentStatusInput & {
  /** The status asked for while a reason is asked or the server answers. */
  target: PaymentStatus | null
  failure: Failure | null
  message: string | null
}
export type PaymentStatusEvent =
  | { type: 'payment.change'; to: PaymentStatus }
  | { type: 'payment.confirm'; reason: string }
  | { type: 'payment.cancel' }
  | { type: 'payment.dismiss' }

export type PaymentChangedParams = { paymentId: number; status: PaymentStatus; message: string }

type CallInput = { vendorId: number; paymentId: number; to: PaymentStatus; reason: string | null }
type CallOutput = { message: string; status: PaymentStatus }

const startsAt = (status: PaymentStatus) => ({ type: 'startsAt', params: { status } }) as const

/**
 * A vendor payment's status (DOMAIN.md "Payments"). The chart starts where the payment stands and
 * accepts only the changes the shared table of `domain/payments` allows from there: recorded
 * (DUE_PAYMENT -> Pending), approved (Pending -> Success), rejected with a reason (Pending ->
 * Rejected), resubmitted (Rejected -> Pending). Success is final. The server applies the same table
 * and answers any other change with 409. The app provides `onChanged` (a toast, the list again).
 */
export const paymentStatusMachine = setup({
  types: {
    context: {} as PaymentStatusContext,
    events: {} as PaymentStatusEvent,
    input: {} as PaymentStatusInput,
  },
  actors: {
    change: fromPromise<CallOutput, CallInput>(async ({ input }) => {
      const { message, result } = await changePaymentStatus(input.vendorId, input.paymentId, input.to, input.reason)
      return { message, status: result.item.status }
    }),
  },
  actions: {
    onChanged: (_, _params: PaymentChangedParams) => {},
    setTarget: assign((_, params: { to: PaymentStatus }) => ({ target: params.to, failure: null })),
    clearTarget: assign({ target: null }),
    setStatus: assign((_, params: { status: PaymentStatus; message: string }) => ({
      status: params.status,
      message: params.message,
      target: null,
      failure: null,
    })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error), target: null })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    startsAt: ({ context }, params: { status: PaymentStatus }) => context.status === params.status,
    /** The shared table allows the change from where the payment stands, without a reason. */
    allowed: ({ context }, params: { to: PaymentStatus }) =>
      canChangePayment(context.status, params.to) && !needsReason(context.status, params.to),
    /** The shared table allows the change, with a reason (a rejection). */
    allowedWithReason: ({ context }, params: { to: PaymentStatus }) =>
      canChangePayment(context.status, params.to) && needsReason(context.status, params.to),
    hasReason: (_, params: { reason: string }) => params.reason.trim().length > 0,
  },
}).createMachine({
  id: 'paymentStatus',
  // the path player's starting data and payloads (Flows screen): states only such data reaches
  meta: {
    examples: {
      inputs: [
        { vendorId: 1, paymentId: 1, status: 'DUE_PAYMENT' },
        { vendorId: 1, paymentId: 1, status: 'Pending' },
        { vendorId: 1, paymentId: 1, status: 'Success' },
      ],
      events: [
        { type: 'payment.change', to: 'Rejected' },
        { type: 'payment.change', to: 'Success' },
        { type: 'payment.confirm', reason: 'The receipt is unreadable.' },
      ],
    },
  },
  description: "A vendor payment's status: recorded, approved or rejected with a reason, resubmitted; success is final.",
  context: ({ input }) => ({ ...input, target: null, failure: null, message: null }),
  initial: 'deciding',
  on: { 'payment.dismiss': { actions: 'clearFailure', description: 'The failure dialog was closed.' } },
  states: {
    deciding: {
      description: 'Goes to where the payment stands.',
      always: [
        { guard: startsAt('DUE_PAYMENT'), target: 'settled.due', description: 'A payment due.' },
        { guard: startsAt('Pending'), target: 'settled.pending', description: 'A payment waiting for approval.' },
        { guard: startsAt('Success'), target: 'settled.success', description: 'An approved payment.' },
        { target: 'settled.rejected', description: 'A rejected payment.' },
      ],
    },
    settled: {
      description: 'The payment stands at its status; the menu offers only the changes the shared table allows from there.',
      initial: 'due',
      on: {
        'payment.change': [
          {
            guard: { type: 'allowedWithReason', params: ({ event }) => ({ to: event.to }) },
            target: 'askingReason',
            description: 'Rejecting: a reason is asked first.',
            actions: { type: 'setTarget', params: ({ event }) => ({ to: event.to }) },
          },
          {
            guard: { type: 'allowed', params: ({ event }) => ({ to: event.to }) },
            target: 'changing',
            description: 'The admin picks a status the table allows: it is sent to the server.',
            actions: { type: 'setTarget', params: ({ event }) => ({ to: event.to }) },
          },
        ],
      },
      states: {
        due: { description: 'DUE_PAYMENT: "Record as pending" is offered.' },
        pending: { description: 'Pending: "Approve" and "Reject" are offered.' },
        success: { description: 'Success: final, nothing is offered.' },
        rejected: { description: 'Rejected: "Resubmit" (back to pending) is offered.' },
      },
    },
    askingReason: {
      description: 'The rejection dialog asks for the reason; it cannot be sent empty.',
      on: {
        'payment.confirm': {
          guard: { type: 'hasReason', params: ({ event }) => ({ reason: event.reason }) },
          target: 'changing',
          description: 'A reason was given: the rejection is sent.',
          actions: assign({ message: null }),
        },
        'payment.cancel': {
          target: 'deciding',
          description: 'The dialog was closed: nothing changes.',
          actions: 'clearTarget',
        },
      },
    },
    changing: {
      description: 'The server applies the change with the same table (and, on approval, activates the vendor).',
      invoke: {
        id: 'change',
        src: 'change',
        input: ({ context, event }) => ({
          vendorId: context.vendorId,
          paymentId: context.paymentId,
          to: context.target ?? context.status,
          reason: event.type === 'payment.confirm' ? event.reason.trim() : null,
        }),
        onDone: {
          target: 'deciding',
          description: 'The server changed the status: the payment stands at the new one.',
          actions: [
            { type: 'setStatus', params: ({ event }) => ({ status: event.output.status, message: event.output.message }) },
            {
              type: 'onChanged',
              params: ({ context, event }) => ({
                paymentId: context.paymentId,
                status: event.output.status,
                message: event.output.message,
              }),
            },
          ],
        },
        onError: {
          target: 'deciding',
          description: 'Refused (409, 403, 422) or offline: the message is shown and the status stays.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

export type PaymentStatusSnapshot = SnapshotFrom<typeof paymentStatusMachine>

/** Selectors for views. */
export const isChanging = (s: PaymentStatusSnapshot) => s.matches('changing')
export const isAskingReason = (s: PaymentStatusSnapshot) => s.matches('askingReason')
/** The statuses the menu offers now (those the chart accepts). */
export const offeredStatuses = (s: PaymentStatusSnapshot): PaymentStatus[] =>
  nextPaymentStatuses(s.context.status).filter((to) => s.can({ type: 'payment.change', to }))
export const paymentFailure = (s: PaymentStatusSnapshot) => s.context.failure
export const currentPaymentStatus = (s: PaymentStatusSnapshot) => s.context.status
