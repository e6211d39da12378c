import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import type { Page } from '../../src/contract/resource'
import {
  actionFailureOf,
  dataTableMachine,
  deleteTarget,
  filterValueOf,
  isBusy,
  isFiltered,
  loadFailure,
  rowsOf,
  sortStateOf,
  type ListQuery,
  isEmpty,
  isSearchTooShort,
  loadingFlags,
  normalizeQuery,
  paginationOf,
  queryFromUrl,
  sortOf,
  urlOfQuery,
  type DataTableContext,
  type TableResource,
  type TableRow,
} from '../../src/machines/data-table'

/**
 * The pure parts of the dataTable chart: the query as the address holds it and the selectors the
 * walk does not read on screen. The chart itself is walked through the categories list
 * (tests/walks/data-table.walk.test.tsx).
 */

const resource = { name: 'categories', path: 'admin-panal/categories' }
const pageOf = (data: TableRow[], total = data.length): Page<TableRow> => ({
  data,
  total,
  page: 1,
  rowsPerPage: 15,
  pagesCount: Math.ceil(total / 15),
  total_is_estimate: false,
})
const context = (patch: Partial<DataTableContext> = {}): DataTableContext => ({
  resource,
  query: normalizeQuery(),
  searchText: '',
  page: null,
  failure: null,
  targetId: null,
  actionFailure: null,
  actionMessage: null,
  ...patch,
})
const at = (table: string, patch: Partial<DataTableContext> = {}) =>
  dataTableMachine.resolveState({ value: { table, search: 'idle' }, context: context(patch) })

describe('the table query and the address', () => {
  it('fills the defaults of spec section 9 and drops what the server would refuse', () => {
    expect(normalizeQuery()).toEqual({ page: 1, pageSize: 15, filters: {} })
    expect(
      normalizeQuery({ page: 0, pageSize: -3, search: ' p ', sort_column: 'name', filters: { is_active: '1', parent_id: '' } }),
    ).toEqual({
      page: 1,
      pageSize: 15,
      sort_column: 'name',
      sort_direction: 'asc',
      filters: { is_active: '1' },
    })
    expect(normalizeQuery({ page: 2.7, search: '  phones ' })).toEqual({ page: 2, pageSize: 15, search: 'phones', filters: {} })
  })

  it('reads the address (other parameters are filters) and writes it back the same', () => {
    const query = queryFromUrl(new URLSearchParams('page=2&pageSize=30&sort_column=name&sort_direction=desc&search=ph&is_active=1'))
    expect(query).toEqual({ page: 2, pageSize: 30, sort_column: 'name', sort_direction: 'desc', search: 'ph', filters: { is_active: '1' } })
    expect(queryFromUrl(urlOfQuery(query))).toEqual(query)
    expect(urlOfQuery(normalizeQuery()).toString()).toBe('page=1&pageSize=15')
  })

  it('ignores what an edited address cannot mean', () => {
    expect(queryFromUrl(new URLSearchParams('page=x&search=p&sort_direction=sideways'))).toEqual(normalizeQuery())
  })
})

describe('selectors', () => {
  it('the loading flags of spec section 4: table, item, crud', () => {
    expect(loadingFlags(at('loading'))).toEqual({ table: true, item: false, crud: false })
    expect(loadingFlags(at('toggling'))).toEqual({ table: false, item: true, crud: false })
    expect(loadingFlags(at('deleting'))).toEqual({ table: false, item: false, crud: true })
    expect(loadingFlags(at('ready'))).toEqual({ table: false, item: false, crud: false })
  })

  it('sort and pagination as the table shows them', () => {
    const sorted = at('ready', { query: normalizeQuery({ sort_column: 'name', sort_direction: 'desc', page: 2 }), page: pageOf([], 40) })
    expect(sortOf(sorted, 'name')).toBe('descending')
    expect(sortOf(sorted, 'created_at')).toBe('none')
    expect(sortOf(at('ready', { query: normalizeQuery({ sort_column: 'name' }) }), 'name')).toBe('ascending')
    expect(paginationOf(sorted)).toEqual({ page: 2, pageSize: 15, total: 40, pagesCount: 3, totalIsEstimate: false })
  })

  it('empty only once loaded without rows', () => {
    expect(isEmpty(at('ready', { page: pageOf([]) }))).toBe(true)
    expect(isEmpty(at('loading', { page: pageOf([]) }))).toBe(false)
    expect(isEmpty(at('ready', { page: pageOf([{ id: 1 }]) }))).toBe(false)
  })

  it('the search box says when the term is too short (spaces do not count)', () => {
    expect(isSearchTooShort(at('ready', { searchText: ' p ' }))).toBe(true)
    expect(isSearchTooShort(at('ready', { searchText: '' }))).toBe(false)
    expect(isSearchTooShort(at('ready', { searchText: 'ph' }))).toBe(false)
  })
})

/** The chart with the server's answers and the app's effects in the test's hands, on a simulated clock. */
function table(query: Partial<ListQuery> = {}) {
  type Load = {
    input: { resource: TableResource; query: ListQuery }
    signal: AbortSignal
    done: (p: Page<TableRow>) => void
    fail: (e: unknown) => void
  }
  type Act = { input: { resource: TableResource; id: number }; done: (v: unknown) => void; fail: (e: unknown) => void }
  const loads: Load[] = []
  const toggles: Act[] = []
  const deletes: Act[] = []
  const effects: string[] = []
  const clock = new SimulatedClock()
  const machine = dataTableMachine.provide({
    actors: {
      loadPage: fromPromise<Page<TableRow>, Load['input']>(
        ({ input, signal }) => new Promise((done, fail) => void loads.push({ input, signal, done, fail })),
      ),
      toggleActive: fromPromise<unknown, Act['input']>(
        ({ input }) => new Promise((done, fail) => void toggles.push({ input, done, fail })),
      ),
      deleteRecord: fromPromise<string, Act['input']>(
        ({ input }) => new Promise((done, fail) => void deletes.push({ input, done: done as (v: unknown) => void, fail })),
      ),
    },
    actions: {
      syncUrl: (_, { query: q }) => void effects.push(`url ${urlOfQuery(q).toString()}`),
      onToggled: (_, p) => void effects.push(`toggled ${JSON.stringify(p)}`),
      onDeleted: (_, p) => void effects.push(`deleted ${JSON.stringify(p)}`),
    },
  })
  const actor = createActor(machine, { input: { resource, query }, clock }).start()
  const snap = () => actor.getSnapshot()
  const q = () => snap().context.query
  const tableState = () => (snap().value as { table: string }).table
  const searchState = () => (snap().value as { search: string }).search
  return { actor, loads, toggles, deletes, effects, clock, snap, q, tableState, searchState }
}
const settle = () => new Promise((r) => setTimeout(r, 0))
const rows = (...ids: number[]) => ids.map((id) => ({ id }))
const pageWith = (data: TableRow[], pagesCount: number, total = data.length): Page<TableRow> => ({
  data,
  total,
  page: 1,
  rowsPerPage: 15,
  pagesCount,
  total_is_estimate: false,
})
async function loaded(t: ReturnType<typeof table>, page: Page<TableRow> = pageWith(rows(1, 2), 3, 40)) {
  t.loads.at(-1)!.done(page)
  await settle()
}

describe('dataTable: the query changes and what loads', () => {
  it('loads the query it starts with, shows the rows and keeps them while the next page loads', async () => {
    const t = table({ page: 2, sort_column: 'name' })
    expect(t.tableState()).toBe('loading')
    expect(t.loads[0]!.input).toEqual({
      resource,
      query: { page: 2, pageSize: 15, sort_column: 'name', sort_direction: 'asc', filters: {} },
    })
    await loaded(t)
    expect(t.tableState()).toBe('ready')
    expect(rowsOf(t.snap())).toEqual(rows(1, 2))
    t.actor.send({ type: 'table.pageChanged', page: 3 })
    expect([t.tableState(), t.q().page, rowsOf(t.snap())]).toEqual(['loading', 3, rows(1, 2)])
    expect(t.effects).toEqual(['url page=3&pageSize=15&sort_column=name&sort_direction=asc'])
    t.actor.send({ type: 'table.pageChanged', page: 0 })
    expect(t.q().page).toBe(1)
  })

  it('a new query stops the load under way: its answer never lands', async () => {
    const t = table()
    t.actor.send({ type: 'table.pageChanged', page: 2 })
    expect(t.loads.map((l) => l.signal.aborted)).toEqual([true, false])
    t.loads[0]!.done(pageWith(rows(9), 1))
    await settle()
    expect(t.tableState()).toBe('loading')
    await loaded(t, pageWith(rows(3), 2, 16))
    expect(rowsOf(t.snap())).toEqual(rows(3))
  })

  it('page size and sort go back to page 1; the same column flips the direction, another sorts ascending', async () => {
    const t = table({ page: 3 })
    t.actor.send({ type: 'table.pageSizeChanged', pageSize: 50 })
    expect([t.q().page, t.q().pageSize]).toEqual([1, 50])
    t.actor.send({ type: 'table.pageChanged', page: 2 })
    t.actor.send({ type: 'table.sorted', column: 'name' })
    expect(sortStateOf(t.snap())).toEqual({ column: 'name', direction: 'asc' })
    expect(t.q().page).toBe(1)
    t.actor.send({ type: 'table.sorted', column: 'name' })
    expect(sortStateOf(t.snap())).toEqual({ column: 'name', direction: 'desc' })
    t.actor.send({ type: 'table.sorted', column: 'name' })
    expect(sortStateOf(t.snap())).toEqual({ column: 'name', direction: 'asc' })
    t.actor.send({ type: 'table.sorted', column: 'name' })
    t.actor.send({ type: 'table.sorted', column: 'created_at' })
    expect(sortStateOf(t.snap())).toEqual({ column: 'created_at', direction: 'asc' })
    expect(t.loads).toHaveLength(8)
  })

  it('other filters load page 1 without their empty fields; the same filters in another order load nothing', async () => {
    const t = table({ page: 2 })
    await loaded(t)
    t.actor.send({ type: 'table.filtered', filters: { status: 'active', parent: '', level: 2 } })
    expect([t.tableState(), t.q().page, t.q().filters]).toEqual(['loading', 1, { status: 'active', level: 2 }])
    expect(filterValueOf(t.snap(), 'level')).toBe('2')
    expect(filterValueOf(t.snap(), 'parent')).toBe('')
    expect(isFiltered(t.snap())).toBe(true)
    await loaded(t)
    t.actor.send({ type: 'table.filtered', filters: { level: '2', status: 'active', parent: '' } })
    expect([t.tableState(), t.loads.length]).toEqual(['ready', 2])
    t.actor.send({ type: 'table.filtered', filters: { status: 'active' } })
    expect([t.tableState(), t.loads.length]).toEqual(['loading', 3])
  })

  it('a failed load offers a retry and keeps the rows; paging still works there', async () => {
    const t = table()
    await loaded(t)
    t.actor.send({ type: 'table.reload' })
    t.loads[1]!.fail({ status: 500, message: 'Down', errors: {} })
    await settle()
    expect(t.tableState()).toBe('failed')
    expect(loadFailure(t.snap())).toEqual({ status: 500, message: 'Down', errors: {} })
    expect(rowsOf(t.snap())).toEqual(rows(1, 2))
    expect(isBusy(t.snap())).toBe(false)
    t.actor.send({ type: 'table.retry' })
    expect([t.tableState(), t.loads.length]).toEqual(['loading', 3])
    await loaded(t)
    expect(t.snap().context.failure).toBeNull()
    expect(loadFailure(t.snap())).toBeNull()
  })

  it('a page past the end (its last row deleted) loads the last page instead; page 1 empty is just empty', async () => {
    const t = table({ page: 4 })
    t.loads[0]!.done(pageWith([], 2, 30))
    await settle()
    expect([t.tableState(), t.q().page, t.loads.length]).toEqual(['loading', 2, 2])
    expect(t.effects).toEqual(['url page=2&pageSize=15'])
    await loaded(t, pageWith(rows(30), 2, 30))
    expect(t.tableState()).toBe('ready')

    const none = table({ page: 2 })
    none.loads[0]!.done(pageWith([], 0, 0))
    await settle()
    expect(none.q().page).toBe(1)
    await loaded(none, pageWith([], 0, 0))
    expect([none.tableState(), isEmpty(none.snap())]).toEqual(['ready', true])
  })
})

describe('dataTable: the search box', () => {
  it('applies a term 300 ms after the last keystroke, back to page 1; shorter or unchanged terms load nothing', async () => {
    const t = table({ page: 3 })
    await loaded(t)
    t.actor.send({ type: 'table.searchTyped', text: 'ph' })
    expect(t.searchState()).toBe('debouncing')
    t.clock.increment(299)
    t.actor.send({ type: 'table.searchTyped', text: ' pho ' })
    t.clock.increment(299)
    expect([t.searchState(), t.loads.length]).toEqual(['debouncing', 1])
    t.clock.increment(1)
    expect([t.searchState(), t.tableState(), t.q().search, t.q().page]).toEqual(['idle', 'loading', 'pho', 1])
    expect(t.effects.at(-1)).toBe('url page=1&pageSize=15&search=pho')
    await loaded(t)
    t.actor.send({ type: 'table.searchTyped', text: 'pho' })
    t.clock.increment(300)
    t.actor.send({ type: 'table.searchTyped', text: 'p' })
    expect(isSearchTooShort(t.snap())).toBe(true)
    t.clock.increment(300)
    expect([t.tableState(), t.loads.length, t.q().search]).toEqual(['ready', 2, 'pho'])
    // the box emptied by typing: the search is dropped after the wait
    t.actor.send({ type: 'table.searchTyped', text: '' })
    t.clock.increment(300)
    expect([t.tableState(), t.q().search]).toEqual(['loading', undefined])
  })

  it('the clear button drops an applied search at once, and only empties the box otherwise', async () => {
    const t = table({ search: 'phones' })
    await loaded(t)
    expect(t.snap().context.searchText).toBe('phones')
    t.actor.send({ type: 'table.searchTyped', text: 'phonesx' })
    t.actor.send({ type: 'table.searchCleared' })
    expect([t.searchState(), t.tableState(), t.q().search, t.snap().context.searchText]).toEqual(['idle', 'loading', undefined, ''])
    await loaded(t)
    t.actor.send({ type: 'table.searchTyped', text: 'ab' })
    t.actor.send({ type: 'table.searchCleared' })
    expect([t.searchState(), t.tableState(), t.snap().context.searchText, t.loads.length]).toEqual(['idle', 'ready', '', 2])
  })

  it('"clear the search and filters" loads the whole list; with nothing narrowed it does nothing', async () => {
    const t = table({ search: 'zz', filters: { status: 'active' }, page: 2 })
    await loaded(t, pageWith(rows(1), 3))
    t.actor.send({ type: 'table.searchTyped', text: 'zzz' })
    t.actor.send({ type: 'table.filtersCleared' })
    expect([t.tableState(), t.searchState(), t.q(), t.snap().context.searchText]).toEqual([
      'loading',
      'idle',
      { page: 1, pageSize: 15, filters: {} },
      '',
    ])
    expect(t.effects).toEqual(['url page=1&pageSize=15'])
    await loaded(t)
    t.actor.send({ type: 'table.filtersCleared' })
    expect([t.tableState(), t.loads.length]).toEqual(['ready', 2])
  })
})

describe('dataTable: the address', () => {
  it('adopts a query from the address without writing it back; the same query loads nothing', async () => {
    const t = table()
    await loaded(t)
    t.actor.send({ type: 'table.searchTyped', text: 'abc' })
    t.actor.send({ type: 'table.urlChanged', query: { page: 2, search: 'tv', filters: { status: 'active' } } })
    expect([t.tableState(), t.searchState(), t.q(), t.snap().context.searchText]).toEqual([
      'loading',
      'idle',
      { page: 2, pageSize: 15, search: 'tv', filters: { status: 'active' } },
      'tv',
    ])
    expect(t.effects).toEqual([])
    await loaded(t)
    t.actor.send({ type: 'table.urlChanged', query: { page: 2, search: ' tv ', filters: { status: 'active' } } })
    expect([t.tableState(), t.loads.length]).toEqual(['ready', 2])
  })
})

describe('dataTable: row actions', () => {
  it('a toggle flips the row then reloads; a refusal shows its message once at rest', async () => {
    const t = table()
    await loaded(t)
    t.actor.send({ type: 'table.toggleActive', id: 2 })
    expect([t.tableState(), loadingFlags(t.snap()).item, isBusy(t.snap())]).toEqual(['toggling', true, true])
    expect(t.toggles[0]!.input).toEqual({ resource, id: 2 })
    t.toggles[0]!.done({})
    await settle()
    expect([t.tableState(), t.snap().context.targetId, t.effects]).toEqual(['loading', null, ['toggled {"id":2}']])
    await loaded(t)
    t.actor.send({ type: 'table.toggleActive', id: 1 })
    t.toggles[1]!.fail({ status: 403, message: 'Not allowed', errors: {} })
    await settle()
    expect([t.tableState(), actionFailureOf(t.snap()), t.snap().context.targetId]).toEqual(['ready', 'Not allowed', null])
    t.actor.send({ type: 'table.dismiss' })
    expect(actionFailureOf(t.snap())).toBeNull()
  })

  it('a delete asks first; No changes nothing; Yes deletes, reloads and keeps the message; a refusal is shown', async () => {
    const t = table()
    await loaded(t)
    t.actor.send({ type: 'table.deleteRequested', id: 2 })
    expect([t.tableState(), deleteTarget(t.snap()), isBusy(t.snap())]).toEqual(['confirmingDelete', 2, false])
    t.actor.send({ type: 'table.deleteCancelled' })
    expect([t.tableState(), deleteTarget(t.snap()), t.snap().context.targetId]).toEqual(['ready', null, null])
    t.actor.send({ type: 'table.deleteRequested', id: 1 })
    t.actor.send({ type: 'table.deleteConfirmed' })
    expect([t.tableState(), deleteTarget(t.snap()), loadingFlags(t.snap()).crud]).toEqual(['deleting', 1, true])
    expect(t.deletes[0]!.input).toEqual({ resource, id: 1 })
    t.deletes[0]!.done('Deleted')
    await settle()
    expect([t.tableState(), t.snap().context.actionMessage, t.snap().context.targetId]).toEqual(['loading', 'Deleted', null])
    expect(t.effects).toEqual(['deleted {"id":1,"message":"Deleted"}'])
    await loaded(t)
    t.actor.send({ type: 'table.dismiss' })
    expect(t.snap().context.actionMessage).toBeNull()
    t.actor.send({ type: 'table.deleteRequested', id: 2 })
    expect(t.snap().context.actionFailure).toBeNull()
    t.actor.send({ type: 'table.deleteConfirmed' })
    t.deletes[1]!.fail({ status: 409, message: 'In use', errors: {} })
    await settle()
    expect([t.tableState(), actionFailureOf(t.snap())]).toEqual(['ready', 'In use'])
  })
})
