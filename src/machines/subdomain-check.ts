import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { checkSubdomain } from '../api/vendors'
import { SEARCH_DEBOUNCE_MS } from '../contract/resource'
import type { SubdomainResult } from '../contract/vendors'

export type SubdomainCheckInput = { exceptId: number | null; value?: string }
export type SubdomainCheckContext = {
  exceptId: number | null
  value: string
  reason: string | null
  /** A free subdomain close to the one typed, when the server offers one (the public registration check does). */
  suggestion: string | null
}
export type SubdomainCheckEvent = { type: 'subdomain.typed'; value: string }

/**
 * The subdomain's availability while the admin types (DOMAIN.md "Vendors"): a pause of 300 ms after
 * the last key, then the server says whether it is well formed, not reserved and free (a vendor
 * being edited keeps its own). A check that fails to arrive says nothing: the save checks again.
 */
export const subdomainCheckMachine = setup({
  types: {
    context: {} as SubdomainCheckContext,
    events: {} as SubdomainCheckEvent,
    input: {} as SubdomainCheckInput,
  },
  actors: {
    check: fromPromise<SubdomainResult, { value: string; exceptId: number | null }>(({ input, signal }) =>
      checkSubdomain(input.value, input.exceptId, signal),
    ),
  },
  actions: {
    setValue: assign((_, params: { value: string }) => ({ value: params.value.trim().toLowerCase(), reason: null, suggestion: null })),
    setReason: assign((_, params: { reason: string | null; suggestion?: string | null | undefined }) => ({
      reason: params.reason,
      suggestion: params.suggestion ?? null,
    })),
  },
  guards: {
    isBlank: (_, params: { value: string }) => params.value.trim() === '',
    isAvailable: (_, params: { result: SubdomainResult }) => params.result.available,
  },
  delays: { pause: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'subdomainCheck',
  // the path player's starting data and payloads (Flows screen): states only such data reaches
  meta: {
    examples: {
      inputs: [{ exceptId: null }],
      events: [
        { type: 'subdomain.typed', value: 'my-store' },
        { type: 'xstate.done.actor.check', output: { available: true, reason: null } },
        { type: 'xstate.done.actor.check', output: { available: false, reason: 'taken' } },
      ],
    },
  },
  description: 'Whether the typed subdomain can be taken, asked of the server after a pause in typing.',
  context: ({ input }) => ({ exceptId: input.exceptId, value: input.value ?? '', reason: null, suggestion: null }),
  initial: 'idle',
  on: {
    'subdomain.typed': [
      {
        guard: { type: 'isBlank', params: ({ event }) => ({ value: event.value }) },
        target: '.idle',
        description: 'The box was emptied: nothing to check.',
        actions: { type: 'setValue', params: ({ event }) => ({ value: event.value }) },
      },
      {
        target: '.waiting',
        reenter: true,
        description: 'A key was typed: the check waits for a pause.',
        actions: { type: 'setValue', params: ({ event }) => ({ value: event.value }) },
      },
    ],
  },
  states: {
    idle: { description: 'Nothing checked (empty, or the value the record already has).' },
    waiting: {
      description: 'Waits 300 ms after the last key before asking.',
      after: { pause: { target: 'checking', description: 'The admin paused: the server is asked.' } },
    },
    checking: {
      description: '"Checking…" is shown while the server answers.',
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => ({ value: context.value, exceptId: context.exceptId }),
        onDone: [
          {
            guard: { type: 'isAvailable', params: ({ event }) => ({ result: event.output }) },
            target: 'available',
            description: 'Free, well formed and not reserved.',
          },
          {
            target: 'unavailable',
            description: 'Taken, reserved or malformed: the server says which.',
            actions: {
              type: 'setReason',
              params: ({ event }) => ({
                reason: event.output.reason,
                suggestion: (event.output as { suggestion?: string | null }).suggestion,
              }),
            },
          },
        ],
        onError: { target: 'idle', description: 'No answer: nothing is said (the save checks again).' },
      },
    },
    available: { description: '"Available" is shown beside the field.' },
    unavailable: { description: 'The reason is shown under the field.' },
  },
})

export type SubdomainCheckSnapshot = SnapshotFrom<typeof subdomainCheckMachine>
export const subdomainState = (s: SubdomainCheckSnapshot) =>
  s.matches('checking') || s.matches('waiting')
    ? ('checking' as const)
    : s.matches('available')
      ? ('available' as const)
      : s.matches('unavailable')
        ? ('unavailable' as const)
        : ('idle' as const)
export const subdomainReason = (s: SubdomainCheckSnapshot) => s.context.reason
export const subdomainSuggestion = (s: SubdomainCheckSnapshot) => s.context.suggestion
