import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { addGroupVendors } from '../api/referral-code-groups'
import { failureOf, type Failure } from './failure'

export type GroupVendorsInput = { groupId: number }
export type GroupVendorsContext = GroupVendorsInput & { failure: Failure | null; message: string | null }
export type GroupVendorsEvent = { type: 'group.add'; codes: string[] }

/**
 * Adding vendors to a referral code group by their referral codes: they leave the group they were
 * in, and their codes follow this group from then on. Moving a vendor twice leaves it where it is,
 * so a repeat is harmless. The app provides `onAdded` (the group's vendors again).
 */
export const groupVendorsMachine = setup({
  types: {
    context: {} as GroupVendorsContext,
    events: {} as GroupVendorsEvent,
    input: {} as GroupVendorsInput,
  },
  actors: {
    add: fromPromise<{ message: string; moved: number }, { groupId: number; codes: string[] }>(async ({ input }) => {
      const { message, result } = await addGroupVendors(input.groupId, input.codes)
      return { message, moved: result.moved }
    }),
  },
  actions: {
    onAdded: (_, _params: { moved: number }) => {},
    setMessage: assign((_, params: { message: string }) => ({ message: params.message, failure: null })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error), message: null })),
    clear: assign({ failure: null, message: null }),
  },
}).createMachine({
  id: 'groupVendors',
  // the path player's starting data and payloads (Flows screen)
  meta: {
    examples: {
      inputs: [{ groupId: 1 }],
      events: [
        { type: 'group.add', codes: ['VENDOR01', 'VENDOR02'] },
        { type: 'xstate.done.actor.add', output: { moved: 2, message: 'The vendors were added to the group.' } },
      ],
    },
  },
  description: 'Adding vendors to a referral code group by their referral codes.',
  context: ({ input }) => ({ ...input, failure: null, message: null }),
  initial: 'editing',
  states: {
    editing: {
      description: "The codes field and its button, with the last addition's message or the reason it was refused.",
      on: {
        'group.add': { target: 'adding', description: 'The admin adds the vendors of the codes typed.', actions: 'clear' },
      },
    },
    adding: {
      description: 'Sent; the button says "Adding…".',
      invoke: {
        id: 'add',
        src: 'add',
        input: ({ context, event }) => ({ groupId: context.groupId, codes: (event as GroupVendorsEvent).codes }),
        onDone: {
          target: 'editing',
          description: "Added: the message says so, the field is emptied and the group's vendors are shown again.",
          actions: [
            { type: 'setMessage', params: ({ event }) => ({ message: event.output.message }) },
            { type: 'onAdded', params: ({ event }) => ({ moved: event.output.moved }) },
          ],
        },
        onError: {
          target: 'editing',
          description: 'Refused (a code of no vendor) or offline: the reason is shown and the codes stay.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

export type GroupVendorsSnapshot = SnapshotFrom<typeof groupVendorsMachine>
export const isAdding = (s: GroupVendorsSnapshot) => s.matches('adding')
