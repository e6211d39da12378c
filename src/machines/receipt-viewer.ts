import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { fetchReceipt } from '../api/vendors'
import { failureOf, type Failure } from './failure'

export type ReceiptViewerInput = { vendorId: number; paymentId: number }
export type ReceiptViewerContext = ReceiptViewerInput & { url: string | null; type: string | null; failure: Failure | null }
export type ReceiptViewerEvent = { type: 'receipt.retry' }

/**
 * A payment's receipt, fetched with the admin's token (receipts are never public) and shown from a
 * local address: an image inline, a PDF in the browser's viewer. The address is released when the
 * viewer closes (the app provides `release`).
 */
export const receiptViewerMachine = setup({
  types: {
    context: {} as ReceiptViewerContext,
    events: {} as ReceiptViewerEvent,
    input: {} as ReceiptViewerInput,
  },
  actors: {
    load: fromPromise<{ url: string; type: string }, ReceiptViewerInput>(({ input, signal }) =>
      fetchReceipt(input.vendorId, input.paymentId, signal),
    ),
  },
  actions: {
    release: (_, _params: { url: string | null }) => {},
    setReceipt: assign((_, params: { url: string; type: string }) => ({ url: params.url, type: params.type, failure: null })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
  },
}).createMachine({
  id: 'receiptViewer',
  description: "A payment's receipt in the secondary modal: loaded with the admin's token, then shown.",
  context: ({ input }) => ({ ...input, url: null, type: null, failure: null }),
  initial: 'loading',
  exit: { type: 'release', params: ({ context }) => ({ url: context.url }) },
  states: {
    loading: {
      description: '"Loading the receipt…" while the file arrives.',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ vendorId: context.vendorId, paymentId: context.paymentId }),
        onDone: {
          target: 'shown',
          description: 'The file arrived: shown by its type.',
          actions: { type: 'setReceipt', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          description: 'Refused or offline: the message and Try again.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    shown: { description: 'The image, or the PDF in the browser viewer, with a download link.' },
    failed: {
      description: 'The receipt could not be loaded.',
      on: { 'receipt.retry': { target: 'loading', description: 'Try again.' } },
    },
  },
})

export type ReceiptViewerSnapshot = SnapshotFrom<typeof receiptViewerMachine>
