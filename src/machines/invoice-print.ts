import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { fetchInvoice } from '../api/subscriptions'
import { fetchVendorInvoice } from '../api/vendor-area'
import type { Invoice } from '../contract/subscriptions'
import { failureOf, type Failure } from './failure'

/** `source`: the admins' invoice endpoint (the default) or the signed-in vendor's own. */
export type InvoicePrintInput = { id: number; source?: 'admin' | 'vendor' }
export type InvoicePrintContext = InvoicePrintInput & { invoice: Invoice | null; failure: Failure | null }
export type InvoicePrintEvent = { type: 'invoice.retry' } | { type: 'invoice.print' }

/** The spec's print window delay: the dialog opens 1 s after the invoice is on the page. */
export const PRINT_DELAY_MS = 1000

/**
 * A subscription's printable tax invoice: loaded, shown, and 1 s later handed to the browser's print
 * dialog once (the app provides `print`). The admin may print again from the page.
 */
export const invoicePrintMachine = setup({
  types: {
    context: {} as InvoicePrintContext,
    events: {} as InvoicePrintEvent,
    input: {} as InvoicePrintInput,
  },
  actors: {
    load: fromPromise<Invoice, InvoicePrintInput>(({ input, signal }) =>
      input.source === 'vendor' ? fetchVendorInvoice(input.id, signal) : fetchInvoice(input.id, signal),
    ),
  },
  actions: {
    print: () => {},
    setInvoice: assign((_, params: { invoice: Invoice }) => ({ invoice: params.invoice, failure: null })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
  },
  delays: { printDelay: PRINT_DELAY_MS },
}).createMachine({
  id: 'invoicePrint',
  description: "A subscription's tax invoice: loaded, shown on an A4 page, then the print dialog opens after 1 s.",
  context: ({ input }) => ({ ...input, invoice: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      description: '"Loading the invoice…" while it arrives.',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id, ...(context.source ? { source: context.source } : {}) }),
        onDone: {
          target: 'ready',
          description: 'The invoice arrived: shown on the page.',
          actions: { type: 'setInvoice', params: ({ event }) => ({ invoice: event.output }) },
        },
        onError: {
          target: 'failed',
          description: 'Refused, missing or offline: the message and Try again.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {
      description: 'The invoice is on the page; the print dialog opens after the print delay (1 s).',
      after: { printDelay: { target: 'printed', description: 'The page had time to lay out: the print dialog opens.' } },
    },
    printed: {
      description: 'The print dialog was opened once; Print opens it again.',
      entry: 'print',
      on: { 'invoice.print': { target: 'printed', reenter: true, description: 'Print again.' } },
    },
    failed: {
      description: 'The invoice could not be loaded.',
      on: { 'invoice.retry': { target: 'loading', description: 'Try again.' } },
    },
  },
})

export type InvoicePrintSnapshot = SnapshotFrom<typeof invoicePrintMachine>
