import { assign, fromPromise, setup, transition, type SnapshotFrom } from 'xstate'
import { activateSupportItem, resolveSupportItem } from '../api/resource'
import { failureOf, type Failure } from './failure'

/** The two kinds of support item (DOMAIN.md "Support"). */
export type SupportKind = 'shippingIssue' | 'companyRequest'
/** Where an item stands: a shipping issue is (not) resolved, a company request (not) activated. */
export type SupportStatus = 'notResolved' | 'resolved' | 'notActivated' | 'activated'
/** The actions of support. */
export type SupportAction = 'resolve' | 'activate'

export type SupportItemInput = { kind: SupportKind; status: SupportStatus; path: string; id: number }
export type SupportItemContext = SupportItemInput & { failure: Failure | null; message: string | null }
export type SupportItemEvent = { type: 'support.resolve' } | { type: 'support.activate' } | { type: 'support.dismiss' }

export type SupportDoneParams = { kind: SupportKind; id: number; message: string }

type CallInput = { path: string; id: number }

/**
 * Resolve / activate of a support item, shared by the SPA and the server: the server asks
 * `canTransition` (derived from this chart) before it writes. A second resolve (or activate) is
 * accepted and does nothing. The app provides `onDone` (success dialog, table reload) and may provide `onAlreadyDone`.
 */
export const supportItemMachine = setup({
  types: {
    context: {} as SupportItemContext,
    events: {} as SupportItemEvent,
    input: {} as SupportItemInput,
  },
  actors: {
    resolve: fromPromise(({ input }: { input: CallInput }) => resolveSupportItem(input.path, input.id)),
    activate: fromPromise(({ input }: { input: CallInput }) => activateSupportItem(input.path, input.id)),
  },
  actions: {
    onDone: (_, _params: SupportDoneParams) => {},
    /** The item already is where the action leads: nothing is sent, nothing changes. */
    onAlreadyDone: () => {},
    setMessage: assign((_, params: { message: string }) => ({ message: params.message, failure: null })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    isShippingIssue: ({ context }) => context.kind === 'shippingIssue',
    isResolvedIssue: ({ context }) => context.kind === 'shippingIssue' && context.status === 'resolved',
    isActivated: ({ context }) => context.status === 'activated',
  },
}).createMachine({
  id: 'supportItem',
  context: ({ input }) => ({ ...input, failure: null, message: null }),
  initial: 'deciding',
  on: { 'support.dismiss': { actions: 'clearFailure', description: 'The failure dialog was closed.' } },
  states: {
    deciding: {
      description: 'Starts where the record stands.',
      always: [
        { guard: 'isResolvedIssue', target: 'shippingIssue.resolved' },
        { guard: 'isShippingIssue', target: 'shippingIssue' },
        { guard: 'isActivated', target: 'companyRequest.activated' },
        { target: 'companyRequest' },
      ],
    },
    shippingIssue: {
      description: 'A shipping issue: not resolved until an admin marks it as resolved.',
      initial: 'notResolved',
      states: {
        notResolved: {
          description: 'Open issue; "Mark as resolved" is offered.',
          on: { 'support.resolve': 'resolving' },
        },
        resolving: {
          description: 'The server records resolveAt and the admin.',
          invoke: {
            id: 'resolve',
            src: 'resolve',
            input: ({ context }) => ({ path: context.path, id: context.id }),
            onDone: {
              target: 'resolved',
              actions: [
                assign({ status: 'resolved' }),
                { type: 'setMessage', params: ({ event }) => ({ message: event.output.message }) },
                { type: 'onDone', params: ({ context, event }) => ({ kind: context.kind, id: context.id, message: event.output.message }) },
              ],
            },
            onError: { target: 'notResolved', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        resolved: {
          description: 'Resolved; resolving again is accepted and changes nothing.',
          on: { 'support.resolve': { actions: 'onAlreadyDone', description: 'A second resolve is a no-op.' } },
        },
      },
    },
    companyRequest: {
      description: 'A shipping company request: not activated until an admin activates it.',
      initial: 'notActivated',
      states: {
        notActivated: {
          description: 'Pending request; "Activate" is offered.',
          on: { 'support.activate': 'activating' },
        },
        activating: {
          description: 'The server records activatedAt.',
          invoke: {
            id: 'activate',
            src: 'activate',
            input: ({ context }) => ({ path: context.path, id: context.id }),
            onDone: {
              target: 'activated',
              actions: [
                assign({ status: 'activated' }),
                { type: 'setMessage', params: ({ event }) => ({ message: event.output.message }) },
                { type: 'onDone', params: ({ context, event }) => ({ kind: context.kind, id: context.id, message: event.output.message }) },
              ],
            },
            onError: { target: 'notActivated', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        activated: {
          description: 'Activated; activating again is accepted and changes nothing.',
          on: { 'support.activate': { actions: 'onAlreadyDone', description: 'A second activate is a no-op.' } },
        },
      },
    },
  },
})

export type SupportItemMachine = typeof supportItemMachine
export type SupportItemSnapshot = SnapshotFrom<typeof supportItemMachine>

/** The statuses each kind can be in. */
export const supportStatuses: Record<SupportKind, readonly SupportStatus[]> = {
  shippingIssue: ['notResolved', 'resolved'],
  companyRequest: ['notActivated', 'activated'],
}

/** What an action does to an item: changes it, is accepted without effect, or is refused. */
export type SupportOutcome = 'apply' | 'noop' | 'refused'

function snapshotAt(kind: SupportKind, from: SupportStatus) {
  return supportItemMachine.resolveState({
    value: { [kind]: from },
    context: { kind, status: from, path: '', id: 0, failure: null, message: null },
  })
}

/**
 * What the chart does with `action` on an item of `kind` at `from`, computed by the chart itself
 * (pure: no actor runs). The server writes on 'apply', answers success without writing on 'noop'
 * and refuses 'refused'.
 */
export function outcomeOf(kind: SupportKind, from: SupportStatus, action: SupportAction): SupportOutcome {
  if (!supportStatuses[kind].includes(from)) return 'refused'
  const snapshot = snapshotAt(kind, from)
  const event = { type: `support.${action}` } as const
  if (!snapshot.can(event)) return 'refused'
  const [next] = transition(supportItemMachine, snapshot, event)
  return JSON.stringify(next.value) === JSON.stringify(snapshot.value) ? 'noop' : 'apply'
}

/** The chart accepts `action` on an item of `kind` at `from` (a second resolve is accepted as a no-op). */
export const canTransition = (kind: SupportKind, from: SupportStatus, action: SupportAction) =>
  outcomeOf(kind, from, action) !== 'refused'

/** Selectors for views. */
export const isPending = (s: SupportItemSnapshot) => s.matches({ shippingIssue: 'resolving' }) || s.matches({ companyRequest: 'activating' })
export const statusOf = (s: SupportItemSnapshot) => s.context.status
