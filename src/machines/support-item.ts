import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { activateSupportItem, resolveSupportItem } from '../api/resource'
import { supportOutcome, type SupportAction, type SupportKind, type SupportStatus } from '../domain/support'
import { failureOf, type Failure } from './failure'

export type { SupportKind, SupportStatus } from '../domain/support'

export type SupportItemInput = { kind: SupportKind; status: SupportStatus; path: string; id: number }
export type SupportItemContext = SupportItemInput & { failure: Failure | null; message: string | null }
export type SupportItemEvent = { type: 'support.resolve' } | { type: 'support.activate' } | { type: 'support.dismiss' }

export type SupportDoneParams = { kind: SupportKind; id: number; message: string }

type CallInput = { path: string; id: number }
/** The server's answer: `apply` when this call changed the item, `noop` when it was already done. */
type CallOutput = { message: string; outcome: 'apply' | 'noop' }

const startsAt = (kind: SupportKind, status: SupportStatus) => ({ type: 'startsAt', params: { kind, status } }) as const

/**
 * Resolve a shipping issue / activate a shipping company request (DOMAIN.md "Support"). The chart
 * starts where the record stands, offers the action only where the shared table of `domain/support`
 * lets it change the item, and tells apart the server's two successful answers: this call did it,
 * or someone had done it already (a repeat is a no-op on the server). The app provides `onDone` and
 * `onAlreadyDone` (a message, the record or the table again).
 */
export const supportItemMachine = setup({
  types: {
    context: {} as SupportItemContext,
    events: {} as SupportItemEvent,
    input: {} as SupportItemInput,
  },
  actors: {
    resolve: fromPromise<CallOutput, CallInput>(async ({ input }) => {
      const { message, result } = await resolveSupportItem(input.path, input.id)
      return { message, outcome: result.outcome }
    }),
    activate: fromPromise<CallOutput, CallInput>(async ({ input }) => {
      const { message, result } = await activateSupportItem(input.path, input.id)
      return { message, outcome: result.outcome }
    }),
  },
  actions: {
    onDone: (_, _params: SupportDoneParams) => {},
    onAlreadyDone: (_, _params: SupportDoneParams) => {},
    setMessage: assign((_, params: { message: string }) => ({ message: params.message, failure: null })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    startsAt: ({ context }, params: { kind: SupportKind; status: SupportStatus }) =>
      context.kind === params.kind && context.status === params.status,
    /** The shared table lets `action` change the item where it stands. */
    changes: ({ context }, params: { action: SupportAction }) => supportOutcome(context.kind, context.status, params.action) === 'apply',
    wasAlreadyDone: (_, params: { output: CallOutput }) => params.output.outcome === 'noop',
  },
}).createMachine({
  id: 'supportItem',
  // the path player's starting data and payloads (Flows screen): states only such data reaches
  meta: {
    examples: {
      inputs: [
        { kind: 'shippingIssue', status: 'notResolved', path: 'shipping-issues', id: 1 },
        { kind: 'companyRequest', status: 'notActivated', path: 'shipping-company-requests', id: 1 },
      ],
      events: [
        { type: 'xstate.done.actor.resolve', output: { message: 'Resolved', outcome: 'apply' } },
        { type: 'xstate.done.actor.activate', output: { message: 'Activated', outcome: 'apply' } },
      ],
    },
  },
  description: 'A support item: a shipping issue to resolve or a shipping company request to activate.',
  context: ({ input }) => ({ ...input, failure: null, message: null }),
  initial: 'deciding',
  on: { 'support.dismiss': { actions: 'clearFailure', description: 'The failure dialog was closed.' } },
  states: {
    deciding: {
      description: 'Starts where the record stands.',
      always: [
        { guard: startsAt('shippingIssue', 'resolved'), target: 'shippingIssue.resolved', description: 'A resolved shipping issue.' },
        {
          guard: startsAt('shippingIssue', 'notResolved'),
          target: 'shippingIssue.notResolved',
          description: 'An open shipping issue.',
        },
        {
          guard: startsAt('companyRequest', 'activated'),
          target: 'companyRequest.activated',
          description: 'An activated company request.',
        },
        { target: 'companyRequest.notActivated', description: 'A pending company request.' },
      ],
    },
    shippingIssue: {
      description: 'A shipping issue: not resolved until an admin marks it as resolved.',
      initial: 'notResolved',
      states: {
        notResolved: {
          description: 'Open issue; "Mark as resolved" is offered.',
          on: {
            'support.resolve': {
              guard: { type: 'changes', params: { action: 'resolve' } },
              target: 'resolving',
              description: 'The admin marks it as resolved.',
            },
          },
        },
        resolving: {
          description: 'The server records resolveAt and the admin.',
          invoke: {
            id: 'resolve',
            src: 'resolve',
            input: ({ context }) => ({ path: context.path, id: context.id }),
            onDone: [
              {
                guard: { type: 'wasAlreadyDone', params: ({ event }) => ({ output: event.output }) },
                target: 'resolved',
                description: 'Someone did it first: the server changed nothing and says by whom.',
                actions: [
                  assign({ status: 'resolved' }),
                  { type: 'setMessage', params: ({ event }) => ({ message: event.output.message }) },
                  {
                    type: 'onAlreadyDone',
                    params: ({ context, event }) => ({ kind: context.kind, id: context.id, message: event.output.message }),
                  },
                ],
              },
              {
                target: 'resolved',
                description: 'The server recorded the resolve: when and by whom.',
                actions: [
                  assign({ status: 'resolved' }),
                  { type: 'setMessage', params: ({ event }) => ({ message: event.output.message }) },
                  {
                    type: 'onDone',
                    params: ({ context, event }) => ({ kind: context.kind, id: context.id, message: event.output.message }),
                  },
                ],
              },
            ],
            onError: {
              target: 'notResolved',
              description: 'Refused or offline: the failure is shown and the issue stays open.',
              actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        resolved: { description: 'Resolved: nothing more to do.' },
      },
    },
    companyRequest: {
      description: 'A shipping company request: not activated until an admin activates it.',
      initial: 'notActivated',
      states: {
        notActivated: {
          description: 'Pending request; "Activate" is offered.',
          on: {
            'support.activate': {
              guard: { type: 'changes', params: { action: 'activate' } },
              target: 'activating',
              description: 'The admin activates it.',
            },
          },
        },
        activating: {
          description: 'The server records activatedAt and the admin.',
          invoke: {
            id: 'activate',
            src: 'activate',
            input: ({ context }) => ({ path: context.path, id: context.id }),
            onDone: [
              {
                guard: { type: 'wasAlreadyDone', params: ({ event }) => ({ output: event.output }) },
                target: 'activated',
                description: 'Someone did it first: the server changed nothing and says by whom.',
                actions: [
                  assign({ status: 'activated' }),
                  { type: 'setMessage', params: ({ event }) => ({ message: event.output.message }) },
                  {
                    type: 'onAlreadyDone',
                    params: ({ context, event }) => ({ kind: context.kind, id: context.id, message: event.output.message }),
                  },
                ],
              },
              {
                target: 'activated',
                description: 'The server recorded the activation: when and by whom.',
                actions: [
                  assign({ status: 'activated' }),
                  { type: 'setMessage', params: ({ event }) => ({ message: event.output.message }) },
                  {
                    type: 'onDone',
                    params: ({ context, event }) => ({ kind: context.kind, id: context.id, message: event.output.message }),
                  },
                ],
              },
            ],
            onError: {
              target: 'notActivated',
              description: 'Refused or offline: the failure is shown and the request stays pending.',
              actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        activated: { description: 'Activated: nothing more to do.' },
      },
    },
  },
})

export type SupportItemSnapshot = SnapshotFrom<typeof supportItemMachine>

/** Selectors for views. */
export const isPending = (s: SupportItemSnapshot) =>
  s.matches({ shippingIssue: 'resolving' }) || s.matches({ companyRequest: 'activating' })
/** The action this item offers now (`support.resolve` / `support.activate`), or null when none. */
export const offeredAction = (s: SupportItemSnapshot): SupportItemEvent | null => {
  const event = { type: s.context.kind === 'shippingIssue' ? 'support.resolve' : 'support.activate' } as const
  return s.can(event) ? event : null
}
export const supportFailure = (s: SupportItemSnapshot) => s.context.failure
