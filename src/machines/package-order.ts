import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { fetchPackageOrder, savePackageOrder } from '../api/package-order'
import { failureOf, type Failure } from './failure'

export type OrderItem = { id: number; title: string }

export type PackageOrderContext = {
  items: OrderItem[]
  /** The order before the move being saved (put back if the save fails). */
  previous: OrderItem[]
  failure: Failure | null
  /** What a screen reader hears after a move: the package and its new position. */
  moved: { title: string; position: number } | null
}

export type PackageOrderEvent = { type: 'order.moved'; id: number; to: number } | { type: 'order.retry' } | { type: 'order.dismiss' }

/** `items` with the package `id` moved to index `to` (clamped), or null when nothing moves. */
export function reordered(items: readonly OrderItem[], id: number, to: number): OrderItem[] | null {
  const from = items.findIndex((item) => item.id === id)
  const target = Math.max(0, Math.min(items.length - 1, to))
  if (from < 0 || from === target) return null
  const next = [...items]
  const [item] = next.splice(from, 1)
  next.splice(target, 0, item!)
  return next
}

/**
 * The packages' display order: loaded once, then each move (a drag, or an arrow key on a row's
 * handle) is shown at once and saved as the whole order; a failed save puts the order back and says
 * why. The app provides `onSaved` (the list reloads, so its numbers follow).
 */
export const packageOrderMachine = setup({
  types: {
    context: {} as PackageOrderContext,
    events: {} as PackageOrderEvent,
  },
  actors: {
    loadOrder: fromPromise<OrderItem[]>(({ signal }) => fetchPackageOrder(signal)),
    saveOrder: fromPromise(({ input }: { input: { ids: number[] } }) => savePackageOrder(input.ids)),
  },
  actions: {
    onSaved: () => {},
    setItems: assign((_, params: { items: OrderItem[] }) => ({ items: params.items, previous: params.items, failure: null })),
    move: assign(({ context }, params: { id: number; to: number }) => {
      const next = reordered(context.items, params.id, params.to) ?? context.items
      const position = next.findIndex((item) => item.id === params.id)
      return { previous: context.items, items: next, failure: null, moved: { title: next[position]!.title, position: position + 1 } }
    }),
    putBack: assign(({ context }, params: { error: unknown }) => ({
      items: context.previous,
      failure: failureOf(params.error),
      moved: null,
    })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    dismiss: assign({ failure: null }),
  },
  guards: {
    changesOrder: ({ context }, params: { id: number; to: number }) => reordered(context.items, params.id, params.to) !== null,
  },
}).createMachine({
  id: 'packageOrder',
  // the path player's starting data and payloads (Flows screen): states only such data reaches
  meta: {
    examples: {
      events: [
        {
          type: 'xstate.done.actor.loadOrder',
          output: [
            { id: 1, title: 'Basic' },
            { id: 2, title: 'Pro' },
          ],
        },
        { type: 'order.moved', id: 2, to: 0 },
      ],
    },
  },
  description: "The packages' display order: moved by drag or keyboard, each move saved as the whole order.",
  context: { items: [], previous: [], failure: null, moved: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Every package is fetched in display order.',
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        onDone: {
          target: 'ready',
          description: 'Loaded: the packages are shown in order, each with its handle.',
          actions: { type: 'setItems', params: ({ event }) => ({ items: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          description: 'Not loaded: the failure is shown with a retry.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The order could not be loaded.',
      on: { 'order.retry': { target: 'loading', description: 'Load again.' } },
    },
    ready: {
      description: 'The admin may move a package: drag it onto another place, or press an arrow key on its handle.',
      on: {
        'order.moved': {
          guard: { type: 'changesOrder', params: ({ event }) => event },
          target: 'saving',
          description: 'A package moved: the new order shows at once and is saved.',
          actions: { type: 'move', params: ({ event }) => event },
        },
        'order.dismiss': { description: 'The failure message is closed.', actions: 'dismiss' },
      },
    },
    saving: {
      description: 'The whole order is saved; moves wait until it is.',
      invoke: {
        id: 'saveOrder',
        src: 'saveOrder',
        input: ({ context }) => ({ ids: context.items.map((item) => item.id) }),
        onDone: {
          target: 'ready',
          description: 'Saved: the order as the server keeps it; the list reloads.',
          actions: [{ type: 'setItems', params: ({ event }) => ({ items: event.output.items }) }, 'onSaved'],
        },
        onError: {
          target: 'ready',
          description: 'Not saved (someone changed the packages, offline): the order is put back and the failure shown.',
          actions: { type: 'putBack', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

type PackageOrderSnapshot = SnapshotFrom<typeof packageOrderMachine>

/** What the order panel shows. */
export const packageOrderViewOf = (s: PackageOrderSnapshot) => ({
  items: s.context.items,
  loading: s.matches('loading'),
  loadFailed: s.matches('loadFailed'),
  saving: s.matches('saving'),
  failure: s.context.failure?.message ?? null,
  moved: s.context.moved,
})
