import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { copyToClipboard, fetchVendorDashboard, type VendorDashboardData } from '../api/vendor-area'
import { failureOf, type Failure } from './failure'

export type VendorDashboardContext = { data: VendorDashboardData | null; failure: Failure | null }
export type VendorDashboardEvent = { type: 'dashboard.retry' } | { type: 'dashboard.copyReferral'; link: string }

/** How long "Copied" stays before the button reads "Copy link" again. */
export const COPIED_MS = 3000

/**
 * The vendor's dashboard (issue 11): its store, subscription state, package limits, payments and
 * invoices are read once; the referral link is copied to the clipboard on demand.
 */
export const vendorDashboardMachine = setup({
  types: {
    context: {} as VendorDashboardContext,
    events: {} as VendorDashboardEvent,
  },
  actors: {
    load: fromPromise<VendorDashboardData>(({ signal }) => fetchVendorDashboard(signal)),
    copy: fromPromise<void, { link: string }>(({ input }) => copyToClipboard(input.link)),
  },
  actions: {
    setData: assign((_, params: { data: VendorDashboardData }) => ({ data: params.data, failure: null })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
  },
  delays: { copiedFor: COPIED_MS },
}).createMachine({
  id: 'vendorDashboard',
  description: "The signed-in vendor's dashboard: read once, shown read-only; the referral link can be copied.",
  context: { data: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: '"Loading…" while the store, its payments and subscriptions arrive.',
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          description: 'Everything arrived: the dashboard is shown.',
          actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) },
        },
        onError: {
          target: 'failed',
          description: 'Refused, no store on this account, or offline: the message and Try again.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The dashboard could not be loaded: the message and Try again.',
      on: { 'dashboard.retry': { target: 'loading', description: 'Try again.' } },
    },
    ready: {
      description: 'The dashboard is shown; the referral link can be copied.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The Copy link button is ready.',
          on: { 'dashboard.copyReferral': { target: 'copying', description: 'Copy link: the referral link goes to the clipboard.' } },
        },
        copying: {
          description: 'The link is being put on the clipboard.',
          invoke: {
            id: 'copy',
            src: 'copy',
            input: ({ event }) => {
              assertEvent(event, 'dashboard.copyReferral')
              return { link: event.link }
            },
            onDone: { target: 'copied', description: 'On the clipboard: "Copied" is announced.' },
            onError: { target: 'copyFailed', description: 'The browser refused: the page says to select the link and copy it by hand.' },
          },
        },
        copied: {
          description: '"Copied" is announced for a few seconds.',
          after: { copiedFor: { target: 'idle', description: 'The button reads Copy link again.' } },
          on: { 'dashboard.copyReferral': { target: 'copying', description: 'Copy again.' } },
        },
        copyFailed: {
          description: 'Copying failed: the page says to copy the link by hand.',
          on: { 'dashboard.copyReferral': { target: 'copying', description: 'Try copying again.' } },
        },
      },
    },
  },
})

export type VendorDashboardSnapshot = SnapshotFrom<typeof vendorDashboardMachine>
