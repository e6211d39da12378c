import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { createVendorPayment, type PaymentFields } from '../api/vendors'
import type { Payment } from '../contract/vendors'
import { failureOf, type Failure } from './failure'

export type PaymentRecordInput = { vendorId: number }
export type PaymentRecordContext = PaymentRecordInput & {
  /** Sent as `Idempotency-Key`: the same for every retry of one payment, new for the next one. */
  key: string
  failure: Failure | null
}
export type PaymentRecordEvent =
  { type: 'payment.submit'; fields: PaymentFields; file: File | null } | { type: 'payment.dismiss' } | { type: 'payment.another' }

export type PaymentRecordedParams = { payment: Payment; message: string }

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`)

/**
 * Recording a vendor's payment (multipart with its receipt). One `Idempotency-Key` per payment: a
 * retry after a failure (a lost answer) sends the same key, so the server returns the payment it
 * may already have recorded instead of a second one. The app provides `onRecorded`.
 */
export const paymentRecordMachine = setup({
  types: {
    context: {} as PaymentRecordContext,
    events: {} as PaymentRecordEvent,
    input: {} as PaymentRecordInput,
  },
  actors: {
    record: fromPromise<{ message: string; payment: Payment }, { vendorId: number; key: string; fields: PaymentFields; file: File | null }>(
      async ({ input }) => {
        const { message, result } = await createVendorPayment(input.vendorId, input.fields, input.file, input.key)
        return { message, payment: result.item }
      },
    ),
  },
  actions: {
    onRecorded: (_, _params: PaymentRecordedParams) => {},
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'paymentRecord',
  description: "Recording a vendor's payment with its receipt, once whatever the retries.",
  context: ({ input }) => ({ ...input, key: newKey(), failure: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: package, method, amount, number, date and receipt.',
      on: {
        'payment.submit': { target: 'recording', description: 'The admin records the payment.', actions: 'clearFailure' },
        'payment.dismiss': { actions: 'clearFailure', description: 'The failure dialog was closed.' },
      },
    },
    recording: {
      description: 'Sent as multipart with the Idempotency-Key; the button says "Recording…".',
      invoke: {
        id: 'record',
        src: 'record',
        input: ({ context, event }) => {
          const submitted = event as Extract<PaymentRecordEvent, { type: 'payment.submit' }>
          return { vendorId: context.vendorId, key: context.key, fields: submitted.fields, file: submitted.file }
        },
        onDone: {
          target: 'recorded',
          description: 'Recorded (or found recorded under the same key): the payments tab shows it.',
          actions: { type: 'onRecorded', params: ({ event }) => ({ payment: event.output.payment, message: event.output.message }) },
        },
        onError: {
          target: 'editing',
          description: 'Refused (field errors) or offline: the form stays with the same key, so a retry records it once.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    recorded: {
      type: 'final',
      description: 'Done: the payments tab shows it; the next payment starts a new form with a new key.',
    },
  },
})

export type PaymentRecordSnapshot = SnapshotFrom<typeof paymentRecordMachine>
export const isRecording = (s: PaymentRecordSnapshot) => s.matches('recording')
export const recordFailure = (s: PaymentRecordSnapshot) => s.context.failure
