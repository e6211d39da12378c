import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { fetchCommon, fetchList, type CommonLists, type QueryValue } from '../api/resource'
import type { ListItem } from '../contract/resource'
import { failureOf, type Failure } from './failure'

export type ListFilters = Record<string, QueryValue>
export type ListRequest = { name: string; filters: ListFilters }

export type ListsContext = {
  /** Select lists already fetched, by `listKey(name, filters)`. */
  cache: Record<string, ListItem[]>
  /** Requests waiting to be fetched, one at a time, head first. */
  queue: ListRequest[]
  /** Last failure of a list, by key; requesting it again retries. */
  failures: Record<string, Failure>
  common: CommonLists | null
  commonFailure: Failure | null
}

export type ListsEvent =
  { type: 'lists.request'; name: string; filters?: ListFilters } | { type: 'lists.adminCurrent' } | { type: 'lists.reset' }

/** Cache key of a select list: its name and its filters in a stable order. */
export function listKey(name: string, filters: ListFilters = {}): string {
  const sorted = Object.keys(filters)
    .sort()
    .map((k) => [k, filters[k]])
  return `${name}?${JSON.stringify(sorted)}`
}

const requestOf = (event: { name: string; filters?: ListFilters }): ListRequest => ({ name: event.name, filters: event.filters ?? {} })
const keyOfRequest = (r: ListRequest) => listKey(r.name, r.filters)

const initialContext = (): ListsContext => ({ cache: {}, queue: [], failures: {}, common: null, commonFailure: null })

/**
 * Select lists (`core/list/{name}`) fetched once per name and filters, then served from the cache;
 * constants (`core/common`) fetched once after an admin becomes current. `lists.reset` (sign out)
 * forgets everything.
 */
export const listsMachine = setup({
  types: {
    context: {} as ListsContext,
    events: {} as ListsEvent,
  },
  actors: {
    fetchList: fromPromise(({ input }: { input: ListRequest }) => fetchList(input.name, input.filters)),
    fetchCommon: fromPromise(() => fetchCommon()),
  },
  actions: {
    enqueue: assign(({ context }, params: ListRequest) => ({ queue: [...context.queue, params] })),
    store: assign(({ context }, params: { list: ListItem[] }) => {
      // fetching always has a head: the request being fetched
      const [head, ...rest] = context.queue
      const key = keyOfRequest(head!)
      const { [key]: _failure, ...failures } = context.failures
      return { cache: { ...context.cache, [key]: params.list }, queue: rest, failures }
    }),
    storeFailure: assign(({ context }, params: { error: unknown }) => {
      const [head, ...rest] = context.queue
      return { queue: rest, failures: { ...context.failures, [keyOfRequest(head!)]: failureOf(params.error) } }
    }),
    setCommon: assign((_, params: { lists: CommonLists }) => ({ common: params.lists, commonFailure: null })),
    setCommonFailure: assign((_, params: { error: unknown }) => ({ commonFailure: failureOf(params.error) })),
    clear: assign(() => initialContext()),
  },
  guards: {
    /** Neither cached nor already waiting. */
    isNew: ({ context }, params: ListRequest) => {
      const key = keyOfRequest(params)
      return !(key in context.cache) && !context.queue.some((r) => keyOfRequest(r) === key)
    },
    /** Another request waits behind the one just settled (guards run before the actions dequeue it). */
    hasMoreQueued: ({ context }) => context.queue.length > 1,
  },
}).createMachine({
  id: 'lists',
  description: 'The select lists and constants of the signed-in admin, fetched once and cached.',
  context: initialContext,
  type: 'parallel',
  on: {
    'lists.reset': {
      target: ['.list.idle', '.common.none'],
      description: 'Sign out: the cache and the constants are forgotten; a fetch under way is dropped.',
      actions: 'clear',
    },
  },
  states: {
    list: {
      description: 'Select lists, fetched one at a time in request order.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing to fetch; cached lists are served from context.',
          on: {
            'lists.request': {
              guard: { type: 'isNew', params: ({ event }) => requestOf(event) },
              target: 'fetching',
              description: 'A screen asks for a list not cached yet: it is fetched.',
              actions: { type: 'enqueue', params: ({ event }) => requestOf(event) },
            },
          },
        },
        fetching: {
          description: 'Fetching the head of the queue; new requests join the queue, cached ones are not fetched again.',
          on: {
            'lists.request': {
              guard: { type: 'isNew', params: ({ event }) => requestOf(event) },
              description: 'Another list asked for: it joins the queue.',
              actions: { type: 'enqueue', params: ({ event }) => requestOf(event) },
            },
          },
          invoke: {
            id: 'fetchList',
            src: 'fetchList',
            input: ({ context }) => context.queue[0]!,
            onDone: [
              {
                guard: 'hasMoreQueued',
                target: 'fetching',
                reenter: true,
                description: 'Cached; the next request is fetched.',
                actions: { type: 'store', params: ({ event }) => ({ list: event.output }) },
              },
              {
                target: 'idle',
                description: 'Cached; nothing more queued.',
                actions: { type: 'store', params: ({ event }) => ({ list: event.output }) },
              },
            ],
            onError: [
              {
                guard: 'hasMoreQueued',
                target: 'fetching',
                reenter: true,
                description: 'The failure is kept for that list; the next request is fetched.',
                actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'idle',
                description: 'The failure is kept for that list; nothing more queued.',
                actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
    common: {
      description: 'The constants of core/common.',
      initial: 'none',
      states: {
        none: {
          description: 'No admin yet (start, or after a sign-out): `lists.adminCurrent` is sent when one becomes current.',
          on: { 'lists.adminCurrent': { target: 'fetching', description: 'An admin became current: the constants are fetched.' } },
        },
        fetching: {
          description: 'The constants are fetched.',
          invoke: {
            id: 'fetchCommon',
            src: 'fetchCommon',
            onDone: {
              target: 'ready',
              description: 'The constants are kept.',
              actions: { type: 'setCommon', params: ({ event }) => ({ lists: event.output }) },
            },
            onError: {
              target: 'failed',
              description: 'The failure is kept.',
              actions: { type: 'setCommonFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {
          description: 'Fetched once for the admin who became current; a sign-out (`lists.reset`) forgets them.',
        },
        failed: {
          description:
            'The fetch failed; the constants are asked again when an admin next becomes current (after a sign-out has reset the chart).',
        },
      },
    },
  },
})

export type ListsSnapshot = SnapshotFrom<typeof listsMachine>

/** A cached select list, or null while it is not (yet) fetched. */
export const listOf = (s: ListsSnapshot, name: string, filters: ListFilters = {}): ListItem[] | null =>
  s.context.cache[listKey(name, filters)] ?? null
/** The list is waiting or being fetched. */
export const isListLoading = (s: ListsSnapshot, name: string, filters: ListFilters = {}) =>
  s.context.queue.some((r) => keyOfRequest(r) === listKey(name, filters))
/** The last failure of a list, if its fetch failed. */
export const listFailureOf = (s: ListsSnapshot, name: string, filters: ListFilters = {}): Failure | null =>
  s.context.failures[listKey(name, filters)] ?? null
/** The constants of core/common once fetched. */
export const commonOf = (s: ListsSnapshot) => s.context.common
