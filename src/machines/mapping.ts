import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { fetchMappingCategories, fetchMappingCategory, fetchMappingSuggestions, mapCategory } from '../api/mapping'
import type { MappingCategory, MappingProgress, MappingSuggestion } from '../contract/mapping'
import { failureOf, type Failure } from './failure'

export type MappingInput = { marketplaceId: number; categoryId: number | null }

/** What the screen says besides the category: someone else changed it meanwhile, or "next" went round. */
export type MappingNotice = 'conflict' | 'wrapped' | 'allMapped'

export type MappingContext = {
  marketplaceId: number
  /** The marketplace category chosen (in the address), or null. */
  selectedId: number | null
  /** It as the server last said. */
  category: MappingCategory | null
  suggestions: MappingSuggestion[]
  /** The platform category being saved (null: unmapping). */
  target: number | null
  failure: Failure | null
  notice: MappingNotice | null
}

export type MappingEvent =
  | { type: 'mapping.select'; id: number }
  | { type: 'mapping.map'; categoryId: number }
  | { type: 'mapping.accept' }
  | { type: 'mapping.unmap' }
  | { type: 'mapping.next' }
  | { type: 'mapping.retry' }
  | { type: 'mapping.dismiss' }

type Loaded = { category: MappingCategory; suggestions: MappingSuggestion[] }
type Saved = { message: string; category: MappingCategory; progress: MappingProgress }
/** The next unmapped category in tree order (`nodes`: it and its ancestors), from the start again (`wrapped`), or none at all. */
export type NextUnmapped = { outcome: 'found' | 'wrapped' | 'none'; nodes: MappingCategory[] }

export type MappingSavedParams = Saved & { target: number | null }

const foundOf = (out: NextUnmapped) => out.nodes.find((n) => n.match) ?? out.nodes.at(-1) ?? null

/** The first unmapped category after `after` in tree order (with its ancestors), going round to the start once. */
export async function findNextUnmapped(marketplaceId: number, after: number | null): Promise<NextUnmapped> {
  // the category read on from is never its own "next" (whatever the answer holds besides)
  const ask = async (from: number | null) => {
    const result = await fetchMappingCategories(marketplaceId, { status: 'unmapped', limit: 1, ...(from ? { after: from } : {}) })
    const found = result.nodes.find((n) => n.match && n.id !== from)
    if (!found) return { nodes: [] }
    // it and its ancestors, top first (the one read on from may be one of them)
    const byId = new Map(result.nodes.map((n) => [n.id, n]))
    const chain = [found]
    for (let p = found.parent_id, i = 0; p !== null && i < 64; i += 1) {
      const parent = byId.get(p)
      if (!parent) break
      chain.unshift({ ...parent, match: false })
      p = parent.parent_id
    }
    return { nodes: chain }
  }
  const first = await ask(after)
  if (first.nodes.some((n) => n.match)) return { outcome: 'found', nodes: first.nodes }
  if (after === null) return { outcome: 'none', nodes: [] }
  const again = await ask(null)
  return again.nodes.some((n) => n.match) ? { outcome: 'wrapped', nodes: again.nodes } : { outcome: 'none', nodes: [] }
}

/**
 * Mapping a marketplace's categories onto the platform's (issue 12): choose a marketplace category
 * (its state and the suggestions are read), map it to a suggestion or a picked platform category,
 * unmap it, or go to the next unmapped one. Every write carries the mapping the admin saw: when
 * someone else changed it meanwhile the server refuses (409) and the chart reads it again. The app
 * provides the address (`onSelected`), the tree's reveal and update, and the toasts.
 */
export const mappingMachine = setup({
  types: {
    context: {} as MappingContext,
    events: {} as MappingEvent,
    input: {} as MappingInput,
  },
  actors: {
    loadCategory: fromPromise<Loaded, { id: number }>(async ({ input, signal }) => {
      const [category, suggestions] = await Promise.all([fetchMappingCategory(input.id, signal), fetchMappingSuggestions(input.id, signal)])
      return { category, suggestions }
    }),
    saveMapping: fromPromise<Saved, { id: number; categoryId: number | null; expected: number | null }>(async ({ input }) => {
      const { message, result } = await mapCategory(input.id, input.categoryId, input.expected)
      return { message, category: result.category, progress: result.progress }
    }),
    findNext: fromPromise<NextUnmapped, { marketplaceId: number; after: number | null }>(({ input }) =>
      findNextUnmapped(input.marketplaceId, input.after),
    ),
  },
  actions: {
    /** The address follows the chosen category (a reload or a shared link comes back to it). */
    onSelected: (_, _params: { id: number }) => {},
    /** The tree shows the category found (its ancestors expanded) and scrolls to it. */
    onReveal: (_, _params: { nodes: MappingCategory[] }) => {},
    /** The category changed (saved, or read again after a conflict): the tree's row and the progress follow. */
    onChanged: (_, _params: { category: MappingCategory; progress: MappingProgress | null }) => {},
    /** A saved mapping: a toast says so. */
    onSaved: (_, _params: MappingSavedParams) => {},
    /** Nothing is left to map. */
    onAllMapped: () => {},
    select: assign((_, params: { id: number }) => ({ selectedId: params.id, notice: null, failure: null })),
    setLoaded: assign((_, params: Loaded) => ({ category: params.category, suggestions: params.suggestions, failure: null })),
    setTarget: assign((_, params: { target: number | null }) => ({ target: params.target, notice: null, failure: null })),
    setSaved: assign((_, params: { category: MappingCategory }) => ({ category: params.category, failure: null })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    setNotice: assign((_, params: { notice: MappingNotice | null }) => ({ notice: params.notice })),
    clear: assign({ failure: null, notice: null }),
  },
  guards: {
    hasSelection: ({ context }) => context.selectedId !== null,
    hasCategory: ({ context }) => context.category !== null,
    isOther: ({ context }, params: { id: number }) => params.id !== context.selectedId,
    /** Another platform category than the one it is mapped to now. */
    changes: ({ context }, params: { categoryId: number }) => context.category?.mapped_to?.id !== params.categoryId,
    hasSuggestion: ({ context }) => context.suggestions.length > 0 && context.category?.mapped_to?.id !== context.suggestions[0]?.id,
    isMapped: ({ context }) => Boolean(context.category?.mapped_to),
    isConflict: (_, params: { error: unknown }) => failureOf(params.error).status === 409,
    isOutcome: (_, params: { output: NextUnmapped; outcome: NextUnmapped['outcome'] }) => params.output.outcome === params.outcome,
  },
}).createMachine({
  id: 'mapping',
  // the path player's starting data (Flows screen)
  meta: { examples: { inputs: [{ marketplaceId: 1, categoryId: null }] } },
  description: 'Mapping one marketplace category after another onto a platform category: suggestions, picker, unmap, next unmapped.',
  context: ({ input }) => ({
    marketplaceId: input.marketplaceId,
    selectedId: input.categoryId,
    category: null,
    suggestions: [],
    target: null,
    failure: null,
    notice: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'The address says whether a category is chosen.',
      always: [
        { guard: 'hasSelection', target: 'loading', description: 'A category in the address (a reload, a shared link): it is read.' },
        { target: 'idle', description: 'No category in the address.' },
      ],
    },
    idle: {
      description: 'Nothing chosen: the panel asks to choose a category in the tree or go to the next unmapped one.',
      on: {
        'mapping.select': {
          target: 'loading',
          description: 'A category chosen in the tree.',
          actions: [
            { type: 'select', params: ({ event }) => event },
            { type: 'onSelected', params: ({ event }) => event },
          ],
        },
        'mapping.next': { target: 'seeking', description: '"Next unmapped" (or N) from the start of the tree.' },
      },
    },
    loading: {
      description: "The category's mapping and its suggestions are read.",
      invoke: {
        id: 'loadCategory',
        src: 'loadCategory',
        input: ({ context }) => ({ id: context.selectedId ?? 0 }),
        onDone: {
          target: 'ready',
          description: 'Read: where it is mapped and what is suggested.',
          actions: { type: 'setLoaded', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          description: 'Not read (offline, a missing category): the message and Try again.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'mapping.select': {
          guard: { type: 'isOther', params: ({ event }) => event },
          target: 'loading',
          reenter: true,
          description: 'Another category chosen before this one was read: that one is read instead.',
          actions: [
            { type: 'select', params: ({ event }) => event },
            { type: 'onSelected', params: ({ event }) => event },
          ],
        },
      },
    },
    failed: {
      description: 'The category could not be read: the message and Try again.',
      on: {
        'mapping.retry': { target: 'loading', description: 'Try again.' },
        'mapping.select': {
          target: 'loading',
          description: 'Another category chosen.',
          actions: [
            { type: 'select', params: ({ event }) => event },
            { type: 'onSelected', params: ({ event }) => event },
          ],
        },
      },
    },
    ready: {
      description: 'The category is shown: where it is mapped, the suggestions, the picker, Unmap and Next unmapped.',
      on: {
        'mapping.select': {
          guard: { type: 'isOther', params: ({ event }) => event },
          target: 'loading',
          description: 'Another category chosen in the tree.',
          actions: [
            { type: 'select', params: ({ event }) => event },
            { type: 'onSelected', params: ({ event }) => event },
          ],
        },
        'mapping.map': {
          guard: { type: 'changes', params: ({ event }) => event },
          target: 'saving',
          description: 'A platform category picked (or a suggestion clicked): it is saved.',
          actions: { type: 'setTarget', params: ({ event }) => ({ target: event.categoryId }) },
        },
        'mapping.accept': {
          guard: 'hasSuggestion',
          target: 'saving',
          description: 'The best suggestion accepted with one key (A).',
          actions: { type: 'setTarget', params: ({ context }) => ({ target: context.suggestions[0]?.id ?? null }) },
        },
        'mapping.unmap': {
          guard: 'isMapped',
          target: 'saving',
          description: 'Unmap: the category is left without a platform category.',
          actions: { type: 'setTarget', params: () => ({ target: null }) },
        },
        'mapping.next': { target: 'seeking', description: '"Next unmapped" (or N) after this category.' },
        'mapping.dismiss': { actions: 'clear', description: 'A notice was closed.' },
      },
    },
    saving: {
      description: 'The mapping (or the unmapping) is sent with the mapping the admin saw.',
      invoke: {
        id: 'saveMapping',
        src: 'saveMapping',
        input: ({ context }) => ({
          id: context.selectedId ?? 0,
          categoryId: context.target,
          expected: context.category?.mapped_to?.id ?? null,
        }),
        onDone: {
          target: 'ready',
          description: "Saved: the tree's row and the progress change, a toast says so.",
          actions: [
            { type: 'setSaved', params: ({ event }) => event.output },
            { type: 'onChanged', params: ({ event }) => event.output },
            { type: 'onSaved', params: ({ context, event }) => ({ ...event.output, target: context.target }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'reloading',
            description: 'Someone else changed it meanwhile (409): nothing was written; the latest is read.',
            actions: { type: 'setNotice', params: { notice: 'conflict' } },
          },
          {
            target: 'saveFailed',
            description: "Refused or offline: the server's message and Try again.",
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    saveFailed: {
      description: "The save failed: the server's message, Try again or Cancel.",
      on: {
        'mapping.retry': { target: 'saving', description: 'Try again: the same save is sent again.' },
        'mapping.dismiss': { target: 'ready', description: 'Cancel: the category stays as it was.', actions: 'clear' },
      },
    },
    reloading: {
      description: 'After a conflict: the category as it stands now and its suggestions are read again.',
      invoke: {
        id: 'reloadCategory',
        src: 'loadCategory',
        input: ({ context }) => ({ id: context.selectedId ?? 0 }),
        onDone: {
          target: 'ready',
          description: 'The latest is shown, with a note that someone else changed it.',
          actions: [
            { type: 'setLoaded', params: ({ event }) => event.output },
            { type: 'onChanged', params: ({ event }) => ({ category: event.output.category, progress: null }) },
          ],
        },
        onError: {
          target: 'failed',
          description: 'Not read: the message and Try again.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    seeking: {
      description: 'The server is asked for the next unmapped category in tree order, going round to the start once.',
      invoke: {
        id: 'findNext',
        src: 'findNext',
        input: ({ context }) => ({ marketplaceId: context.marketplaceId, after: context.selectedId }),
        onDone: [
          {
            guard: { type: 'isOutcome', params: ({ event }) => ({ output: event.output, outcome: 'found' }) },
            target: 'loading',
            description: 'Found after this one: it is revealed in the tree, chosen and read.',
            actions: [
              { type: 'select', params: ({ event }) => ({ id: foundOf(event.output)?.id ?? 0 }) },
              { type: 'onSelected', params: ({ event }) => ({ id: foundOf(event.output)?.id ?? 0 }) },
              { type: 'onReveal', params: ({ event }) => event.output },
            ],
          },
          {
            guard: { type: 'isOutcome', params: ({ event }) => ({ output: event.output, outcome: 'wrapped' }) },
            target: 'loading',
            description: 'None after this one: the first from the start of the tree is revealed, chosen and read.',
            actions: [
              { type: 'select', params: ({ event }) => ({ id: foundOf(event.output)?.id ?? 0 }) },
              { type: 'setNotice', params: { notice: 'wrapped' } },
              { type: 'onSelected', params: ({ event }) => ({ id: foundOf(event.output)?.id ?? 0 }) },
              { type: 'onReveal', params: ({ event }) => event.output },
            ],
          },
          {
            guard: 'hasCategory',
            target: 'ready',
            description: 'None at all: "Everything is mapped"; the category stays shown.',
            actions: [{ type: 'setNotice', params: { notice: 'allMapped' } }, 'onAllMapped'],
          },
          {
            target: 'idle',
            description: 'None at all and nothing chosen: "Everything is mapped".',
            actions: [{ type: 'setNotice', params: { notice: 'allMapped' } }, 'onAllMapped'],
          },
        ],
        onError: {
          target: 'seekFailed',
          description: "Refused or offline: the server's message and Try again.",
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    seekFailed: {
      description: 'The next unmapped category could not be asked for: the message, Try again or Cancel.',
      on: {
        'mapping.retry': { target: 'seeking', description: 'Try again.' },
        'mapping.dismiss': [
          { guard: 'hasCategory', target: 'ready', description: 'Cancel: back to the category shown.', actions: 'clear' },
          { target: 'idle', description: 'Cancel: back to choosing.', actions: 'clear' },
        ],
      },
    },
  },
})

export type MappingSnapshot = SnapshotFrom<typeof mappingMachine>

/** Selectors for the view. */
export const isDetailLoading = (s: MappingSnapshot) => s.matches('loading') || s.matches('starting')
export const isSaving = (s: MappingSnapshot) => s.matches('saving')
export const isSeeking = (s: MappingSnapshot) => s.matches('seeking')
export const detailFailure = (s: MappingSnapshot) => (s.matches('failed') ? s.context.failure : null)
export const saveFailure = (s: MappingSnapshot) => (s.matches('saveFailed') || s.matches('seekFailed') ? s.context.failure : null)
