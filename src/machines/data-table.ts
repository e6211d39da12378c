import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate'
import { deleteResource, listResource, queryStringOf, toggleResource, type ListQuery, type QueryValue } from '../api/resource'
import {
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_LENGTH,
  type Page,
  type ResourceDef,
  type SortDirection,
} from '../contract/resource'
import { failureOf, type Failure } from './failure'

export type { ListQuery } from '../api/resource'

/** A row of a generic table: any record with an id. */
export type TableRow = { id: number } & Record<string, unknown>
export type TableResource = Pick<ResourceDef, 'name' | 'path'>

export type DataTableInput = { resource: TableResource; query?: Partial<ListQuery> }

export type DataTableContext = {
  resource: TableResource
  /** The query of the rows shown (or being loaded); mirrored in the URL. */
  query: ListQuery
  /** What is typed in the search box; applied to `query.search` after the debounce. */
  searchText: string
  /** The last page received; kept while reloading and after a failure so the table stays usable. */
  page: Page<TableRow> | null
  /** Failure of the last load (the table offers a retry). */
  failure: Failure | null
  /** The record a toggle or a delete is about. */
  targetId: number | null
  /** Failure of the last toggle or delete (the server's message is shown). */
  actionFailure: Failure | null
  /** Server message of the last successful delete. */
  actionMessage: string | null
}

export type DataTableEvent =
  | { type: 'table.pageChanged'; page: number }
  | { type: 'table.pageSizeChanged'; pageSize: number }
  | { type: 'table.sorted'; column: string }
  | { type: 'table.filtered'; filters: Record<string, QueryValue> }
  | { type: 'table.searchTyped'; text: string }
  /** The box's clear button, or Escape in it: the box empties and a search applied is dropped at once. */
  | { type: 'table.searchCleared' }
  /** "Clear the search and filters" of a list that found nothing: the whole list again. */
  | { type: 'table.filtersCleared' }
  | { type: 'table.retry' }
  | { type: 'table.reload' }
  | { type: 'table.toggleActive'; id: number }
  | { type: 'table.deleteRequested'; id: number }
  | { type: 'table.deleteConfirmed' }
  | { type: 'table.deleteCancelled' }
  | { type: 'table.dismiss' }
  | { type: 'table.urlChanged'; query: Partial<ListQuery> }
  /** Raised by the search region when a debounced term applies; not sent by views. */
  | { type: 'table.searchApplied' }

export type SyncUrlParams = { query: ListQuery }
export type TableActionDoneParams = { id: number; message?: string }

const cleanFilters = (filters: Record<string, QueryValue> = {}) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) as Record<string, QueryValue>

/** A full query from a partial one (the URL's): defaults of spec section 3. */
export function normalizeQuery(query: Partial<ListQuery> = {}): ListQuery {
  const search = query.search?.trim() ?? ''
  return {
    page: query.page && query.page >= FIRST_PAGE ? Math.floor(query.page) : FIRST_PAGE,
    pageSize: query.pageSize && query.pageSize >= 1 ? Math.floor(query.pageSize) : DEFAULT_PAGE_SIZE,
    ...(query.sort_column ? { sort_column: query.sort_column, sort_direction: query.sort_direction ?? 'asc' } : {}),
    ...(search.length >= SEARCH_MIN_LENGTH ? { search } : {}),
    filters: cleanFilters(query.filters),
  }
}

const sameQuery = (a: ListQuery, b: ListQuery) => JSON.stringify(queryStringOf(a)) === JSON.stringify(queryStringOf(b))

const queryKeys = new Set(['page', 'pageSize', 'sort_column', 'sort_direction', 'search'])

/** Reads a table query from the URL's search params; other params are the resource's filters. */
export function queryFromUrl(params: URLSearchParams): ListQuery {
  const filters: Record<string, QueryValue> = {}
  for (const [key, value] of params) if (!queryKeys.has(key)) filters[key] = value
  const direction = params.get('sort_direction')
  return normalizeQuery({
    page: Number(params.get('page')) || FIRST_PAGE,
    pageSize: Number(params.get('pageSize')) || DEFAULT_PAGE_SIZE,
    ...(params.get('sort_column') ? { sort_column: params.get('sort_column') ?? '' } : {}),
    ...(direction === 'asc' || direction === 'desc' ? { sort_direction: direction } : {}),
    search: params.get('search') ?? '',
    filters,
  })
}

/** The URL search params of a table query (what `syncUrl` writes). */
export const urlOfQuery = (query: ListQuery) => new URLSearchParams(Object.entries(queryStringOf(query)).map(([k, v]) => [k, String(v)]))

/** A term typed but too short to search with (spec section 9: from 2 characters). */
const isTooShort = (text: string) => {
  const term = text.trim()
  return term.length > 0 && term.length < SEARCH_MIN_LENGTH
}

/** The search term that applies once the debounce ends, or null when none does. */
const appliedSearch = (text: string, current: string | undefined): string | null => {
  const term = text.trim()
  if (isTooShort(term)) return null
  return term === (current ?? '') ? null : term
}

/** The query is narrowed by a search or a filter. */
const isNarrowedQuery = (query: ListQuery) => Boolean(query.search) || Object.keys(query.filters).length > 0

/** The same filters, whatever their order. */
const sameFilters = (a: Record<string, QueryValue>, b: Record<string, QueryValue>) => {
  const keys = Object.keys(a).sort()
  return JSON.stringify(keys) === JSON.stringify(Object.keys(b).sort()) && keys.every((k) => String(a[k]) === String(b[k]))
}

const syncUrl = { type: 'syncUrl', params: ({ context }: { context: DataTableContext }) => ({ query: context.query }) } as const

/**
 * A generic resource table (spec sections 3, 4 and 7): page, sort, filters and search mirrored in
 * the URL, active toggle then reload, delete after confirmation. A new query stops the load under
 * way (its answer can no longer arrive). The app provides `syncUrl` (write the query into the URL
 * without a navigation) and may provide `onToggled` / `onDeleted` (toasts).
 */
export const dataTableMachine = setup({
  types: {
    context: {} as DataTableContext,
    events: {} as DataTableEvent,
    input: {} as DataTableInput,
  },
  actors: {
    loadPage: fromPromise(({ input, signal }: { input: { resource: TableResource; query: ListQuery }; signal: AbortSignal }) =>
      listResource<TableRow>(input.resource.path, input.resource.name, input.query, signal),
    ),
    toggleActive: fromPromise(({ input }: { input: { resource: TableResource; id: number } }) =>
      toggleResource<unknown>(input.resource.path, input.id),
    ),
    deleteRecord: fromPromise(({ input }: { input: { resource: TableResource; id: number } }) =>
      deleteResource(input.resource.path, input.id),
    ),
  },
  actions: {
    syncUrl: (_, _params: SyncUrlParams) => {},
    onToggled: (_, _params: TableActionDoneParams) => {},
    onDeleted: (_, _params: TableActionDoneParams) => {},
    setPageNumber: assign(({ context }, params: { page: number }) => ({
      query: { ...context.query, page: Math.max(FIRST_PAGE, params.page) },
    })),
    setPageSize: assign(({ context }, params: { pageSize: number }) => ({
      query: { ...context.query, pageSize: params.pageSize, page: FIRST_PAGE },
    })),
    sortBy: assign(({ context }, params: { column: string }) => {
      const direction: SortDirection =
        context.query.sort_column === params.column && context.query.sort_direction === 'asc' ? 'desc' : 'asc'
      return { query: { ...context.query, sort_column: params.column, sort_direction: direction, page: FIRST_PAGE } }
    }),
    setFilters: assign(({ context }, params: { filters: Record<string, QueryValue> }) => ({
      query: { ...context.query, filters: cleanFilters(params.filters), page: FIRST_PAGE },
    })),
    setSearchText: assign((_, params: { text: string }) => ({ searchText: params.text })),
    applySearch: assign(({ context }) => {
      const { search: _old, ...rest } = context.query
      const term = context.searchText.trim()
      return { query: { ...rest, ...(term ? { search: term } : {}), page: FIRST_PAGE } }
    }),
    clearQuery: assign(({ context }) => {
      const { search: _search, ...rest } = context.query
      return { query: { ...rest, filters: {}, page: FIRST_PAGE }, searchText: '' }
    }),
    adoptQuery: assign((_, params: { query: Partial<ListQuery> }) => {
      const query = normalizeQuery(params.query)
      return { query, searchText: query.search ?? '' }
    }),
    setPage: assign((_, params: { page: Page<TableRow> }) => ({ page: params.page, failure: null })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    setTarget: assign((_, params: { id: number }) => ({ targetId: params.id, actionFailure: null, actionMessage: null })),
    clearTarget: assign({ targetId: null }),
    setActionFailure: assign((_, params: { error: unknown }) => ({ actionFailure: failureOf(params.error), targetId: null })),
    setActionMessage: assign((_, params: { message: string }) => ({ actionMessage: params.message, targetId: null })),
    dismiss: assign({ actionFailure: null, actionMessage: null }),
    lastPage: assign(({ context }, params: { page: Page<TableRow> }) => ({
      query: { ...context.query, page: Math.max(FIRST_PAGE, params.page.pagesCount) },
    })),
  },
  guards: {
    searchApplies: ({ context }) => appliedSearch(context.searchText, context.query.search) !== null,
    searchIsApplied: ({ context }) => Boolean(context.query.search),
    isNarrowed: ({ context }) => isNarrowedQuery(context.query),
    queryDiffers: ({ context }, params: { query: Partial<ListQuery> }) => !sameQuery(context.query, normalizeQuery(params.query)),
    filtersDiffer: ({ context }, params: { filters: Record<string, QueryValue> }) =>
      !sameFilters(context.query.filters, cleanFilters(params.filters)),
    /** After a delete emptied the last page: the page asked for is past the end. */
    isPastLastPage: ({ context }, params: { page: Page<TableRow> }) =>
      params.page.data.length === 0 && context.query.page > Math.max(FIRST_PAGE, params.page.pagesCount),
  },
  delays: { searchDelay: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'dataTable',
  description: "A resource's list: page, sort, filters and search in the address, row toggles and deletes.",
  context: ({ input }) => {
    const query = normalizeQuery(input.query)
    return {
      resource: input.resource,
      query,
      searchText: query.search ?? '',
      page: null,
      failure: null,
      targetId: null,
      actionFailure: null,
      actionMessage: null,
    }
  },
  type: 'parallel',
  on: {
    'table.filtersCleared': {
      guard: 'isNarrowed',
      target: ['.table.loading', '.search.idle'],
      description: 'A search or filters found nothing: both are dropped, back to page 1, and the whole list loads.',
      actions: ['clearQuery', syncUrl],
    },
    'table.urlChanged': {
      guard: { type: 'queryDiffers', params: ({ event }) => event },
      target: ['.table.loading', '.search.idle'],
      description: 'Back, reload or a shared link: the query of the URL is adopted (not written back) and loaded.',
      actions: { type: 'adoptQuery', params: ({ event }) => event },
    },
  },
  states: {
    table: {
      description: 'The rows. Every query change (re)starts the load; the load it replaces is stopped, so a stale answer never lands.',
      initial: 'loading',
      on: {
        'table.pageChanged': {
          target: '.loading',
          description: 'Another page is loaded.',
          actions: [{ type: 'setPageNumber', params: ({ event }) => event }, syncUrl],
        },
        'table.pageSizeChanged': {
          target: '.loading',
          description: 'Back to page 1.',
          actions: [{ type: 'setPageSize', params: ({ event }) => event }, syncUrl],
        },
        'table.sorted': {
          target: '.loading',
          description: 'The same column again flips the direction; another column sorts ascending. Back to page 1.',
          actions: [{ type: 'sortBy', params: ({ event }) => event }, syncUrl],
        },
        'table.filtered': {
          guard: { type: 'filtersDiffer', params: ({ event }) => event },
          target: '.loading',
          description: 'Other filters: back to page 1 and load. The filters already applied (a field left unchanged) load nothing.',
          actions: [{ type: 'setFilters', params: ({ event }) => event }, syncUrl],
        },
        'table.searchApplied': { target: '.loading', description: 'A search term applies: back to page 1 and load.', actions: syncUrl },
        'table.reload': { target: '.loading', description: 'The rows are loaded again (after a save elsewhere).' },
      },
      states: {
        loading: {
          description: 'Loading flag "table": rows of `query` are fetched; the previous rows stay visible.',
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ resource: context.resource, query: context.query }),
            onDone: [
              {
                guard: { type: 'isPastLastPage', params: ({ event }) => ({ page: event.output }) },
                target: 'loading',
                reenter: true,
                description: 'The page is past the end (its last row was deleted): the last page is loaded instead.',
                actions: [{ type: 'lastPage', params: ({ event }) => ({ page: event.output }) }, syncUrl],
              },
              {
                target: 'ready',
                description: 'The rows are shown.',
                actions: { type: 'setPage', params: ({ event }) => ({ page: event.output }) },
              },
            ],
            onError: {
              target: 'failed',
              description: 'Not loaded: the failure is shown with a retry.',
              actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {
          description: 'Rows shown; row actions are offered.',
          on: {
            'table.toggleActive': {
              target: 'toggling',
              description: "A row's active switch is flipped.",
              actions: { type: 'setTarget', params: ({ event }) => event },
            },
            'table.deleteRequested': {
              target: 'confirmingDelete',
              description: "A row's delete button: ask first.",
              actions: { type: 'setTarget', params: ({ event }) => event },
            },
            'table.dismiss': { actions: 'dismiss', description: 'The message of the last toggle or delete was closed.' },
          },
        },
        failed: {
          description: 'The load failed: `failure` is shown with a retry; paging, sorting and filtering still work.',
          on: { 'table.retry': { target: 'loading', description: 'Load again.' } },
        },
        toggling: {
          description: 'Loading flag "item": the record\'s active state is flipped, then the table reloads.',
          invoke: {
            id: 'toggleActive',
            src: 'toggleActive',
            input: ({ context }) => ({ resource: context.resource, id: context.targetId ?? 0 }),
            onDone: {
              target: 'loading',
              description: 'Flipped: the rows reload.',
              actions: [{ type: 'onToggled', params: ({ context }) => ({ id: context.targetId ?? 0 }) }, 'clearTarget'],
            },
            onError: {
              target: 'ready',
              description: "Refused or offline: the server's message is shown.",
              actions: { type: 'setActionFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        confirmingDelete: {
          description: 'The view asks "Are You Sure You Want To Delete?" with Yes / No.',
          on: {
            'table.deleteConfirmed': { target: 'deleting', description: 'Yes: the record is deleted.' },
            'table.deleteCancelled': { target: 'ready', description: 'No: nothing changes.', actions: 'clearTarget' },
          },
        },
        deleting: {
          description:
            'Loading flag "crud": the record is deleted; success reloads, a refusal shows the server\'s message in the error dialog.',
          invoke: {
            id: 'deleteRecord',
            src: 'deleteRecord',
            input: ({ context }) => ({ resource: context.resource, id: context.targetId ?? 0 }),
            onDone: {
              target: 'loading',
              description: 'Deleted: the rows reload and the message is shown.',
              actions: [
                { type: 'onDeleted', params: ({ context, event }) => ({ id: context.targetId ?? 0, message: event.output }) },
                { type: 'setActionMessage', params: ({ event }) => ({ message: event.output }) },
              ],
            },
            onError: {
              target: 'ready',
              description: "Refused (in use, not allowed) or offline: the server's message is shown.",
              actions: { type: 'setActionFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    search: {
      description: 'The search box: a term applies 300 ms after the last keystroke.',
      initial: 'idle',
      on: {
        'table.searchCleared': [
          {
            guard: 'searchIsApplied',
            target: '.idle',
            description: 'A search was applied: it is dropped at once (no wait), back to page 1 and query.',
            actions: [{ type: 'setSearchText', params: { text: '' } }, 'applySearch', raise({ type: 'table.searchApplied' })],
          },
          {
            target: '.idle',
            description: 'Only typed, never applied: the box empties, nothing is asked.',
            actions: { type: 'setSearchText', params: { text: '' } },
          },
        ],
      },
      states: {
        idle: {
          description: 'No typing pending.',
          on: {
            'table.searchTyped': {
              target: 'debouncing',
              description: 'A keystroke in the search box starts the wait.',
              actions: { type: 'setSearchText', params: ({ event }) => event },
            },
          },
        },
        debouncing: {
          description: 'Waiting for typing to pause; each keystroke restarts the wait.',
          on: {
            'table.searchTyped': {
              target: 'debouncing',
              reenter: true,
              description: 'Another keystroke restarts the wait.',
              actions: { type: 'setSearchText', params: ({ event }) => event },
            },
          },
          after: {
            searchDelay: [
              {
                guard: 'searchApplies',
                target: 'idle',
                description: 'A term of at least 2 characters, or a cleared box: back to page 1 and query.',
                actions: ['applySearch', raise({ type: 'table.searchApplied' })],
              },
              { target: 'idle', description: 'Shorter than 2 characters, or unchanged: no query.' },
            ],
          },
        },
      },
    },
  },
})

export type DataTableSnapshot = SnapshotFrom<typeof dataTableMachine>

/** The loading flags of spec section 4: table (rows), item (a row's toggle), crud (a delete). */
export const loadingFlags = (s: DataTableSnapshot) => ({
  table: s.matches({ table: 'loading' }),
  item: s.matches({ table: 'toggling' }),
  crud: s.matches({ table: 'deleting' }),
})
/** Rows to show (the previous ones while a new page loads). */
export const rowsOf = (s: DataTableSnapshot): TableRow[] => s.context.page?.data ?? []
/** Pagination props of the table. */
export const paginationOf = (s: DataTableSnapshot) => ({
  page: s.context.query.page,
  pageSize: s.context.query.pageSize,
  total: s.context.page?.total ?? 0,
  pagesCount: s.context.page?.pagesCount ?? 0,
  totalIsEstimate: s.context.page?.total_is_estimate ?? false,
})
/** `aria-sort` of a column header. */
export const sortOf = (s: DataTableSnapshot, column: string): 'ascending' | 'descending' | 'none' =>
  s.context.query.sort_column !== column ? 'none' : s.context.query.sort_direction === 'desc' ? 'descending' : 'ascending'
/** The table shows the empty state (loaded, no rows). */
export const isEmpty = (s: DataTableSnapshot) => s.matches({ table: 'ready' }) && rowsOf(s).length === 0
/** The load failed and a retry is offered. */
export const loadFailure = (s: DataTableSnapshot) => (s.matches({ table: 'failed' }) ? s.context.failure : null)
/** The table is loading rows, or a row's toggle or delete is under way. */
export const isBusy = (s: DataTableSnapshot) =>
  !s.matches({ table: 'ready' }) && !s.matches({ table: 'failed' }) && !s.matches({ table: 'confirmingDelete' })
/** What is typed in the search box is too short to search with: the box says why nothing happens. */
export const isSearchTooShort = (s: DataTableSnapshot) => isTooShort(s.context.searchText)
/** The list is narrowed by a search or a filter (its empty state says so). */
export const isFiltered = (s: DataTableSnapshot) => isNarrowedQuery(s.context.query)
/** The current sort, or null for the server's default order. */
export const sortStateOf = (s: DataTableSnapshot) =>
  s.context.query.sort_column ? { column: s.context.query.sort_column, direction: s.context.query.sort_direction ?? 'asc' } : null
/** The failure of the last toggle or delete, shown once the table is at rest. */
export const actionFailureOf = (s: DataTableSnapshot) => (s.matches({ table: 'ready' }) ? (s.context.actionFailure?.message ?? null) : null)
/** The record a delete is about (asked, or being deleted), or null. */
export const deleteTarget = (s: DataTableSnapshot) =>
  s.matches({ table: 'confirmingDelete' }) || s.matches({ table: 'deleting' }) ? s.context.targetId : null
/** The value of the filter `name` as the address holds it, '' when the list is not filtered by it. */
export const filterValueOf = (s: DataTableSnapshot, name: string) => String(s.context.query.filters[name] ?? '')
