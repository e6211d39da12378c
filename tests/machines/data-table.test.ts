import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../src/api/client'
import type { Page } from '../../src/contract'
import {
  dataTableMachine,
  deleteCandidate,
  isEmpty,
  loadFailure,
  loadingFlags,
  normalizeQuery,
  paginationOf,
  queryFromUrl,
  rowsOf,
  sortOf,
  urlOfQuery,
  type DataTableInput,
  type ListQuery,
  type TableRow,
} from '../../src/machines/data-table'
import { createController, createEffects, flush } from './model'
import { replay } from './replay'

const resource = { name: 'categories', path: 'admin-panal/categories' }
const pageOf = (data: TableRow[], page = 1, total = data.length): Page<TableRow> => ({
  data,
  total,
  page,
  rowsPerPage: 15,
  pagesCount: Math.ceil(total / 15),
  total_is_estimate: false,
})
const rows = pageOf([{ id: 1, name: 'Phones', is_active: true }], 1, 40)
const empty = pageOf([])
const down = new ApiError(0, '', {})
const blocked = new ApiError(422, "Sorry You Can't Because This Package Have Active Subscriptions", {})
const AFTER = 'xstate.after.searchDelay.dataTable.search.debouncing'

replay('dataTable', dataTableMachine, {
  events: {
    'load, retry, toggle and delete': [
      { type: 'xstate.done.actor.loadPage', output: rows },
      { type: 'xstate.error.actor.loadPage', error: down },
      { type: 'table.retry' },
      { type: 'table.reload' },
      { type: 'table.toggleActive', id: 1 },
      { type: 'xstate.done.actor.toggleActive', output: null },
      { type: 'xstate.error.actor.toggleActive', error: down },
      { type: 'table.deleteRequested', id: 1 },
      { type: 'table.deleteConfirmed' },
      { type: 'table.deleteCancelled' },
      { type: 'xstate.done.actor.deleteRecord', output: 'Deleted' },
      { type: 'xstate.error.actor.deleteRecord', error: blocked },
      { type: 'table.dismiss' },
    ],
    'page and sort': [
      { type: 'table.pageChanged', page: 3 },
      { type: 'table.sorted', column: 'name' },
      { type: 'xstate.done.actor.loadPage', output: rows },
      { type: 'xstate.done.actor.loadPage', output: empty },
    ],
    'page size, filters and URL': [
      { type: 'table.pageSizeChanged', pageSize: 30 },
      { type: 'table.filtered', filters: { is_active: '1' } },
      { type: 'table.urlChanged', query: { page: 2, sort_column: 'name', sort_direction: 'desc' } },
      { type: 'xstate.done.actor.loadPage', output: rows },
    ],
    search: [
      { type: 'table.searchTyped', text: 'ph' },
      { type: 'table.searchTyped', text: 'p' },
      { type: 'table.searchTyped', text: '' },
      { type: AFTER },
      { type: 'xstate.done.actor.loadPage', output: rows },
    ],
  },
  actors: ['loadPage', 'toggleActive', 'deleteRecord'],
  inputs: [{ resource } satisfies DataTableInput],
})

function start(input: DataTableInput = { resource }) {
  const ctl = createController()
  const effects = createEffects()
  const machine = dataTableMachine.provide({
    actors: { loadPage: ctl.logic('loadPage'), toggleActive: ctl.logic('toggleActive'), deleteRecord: ctl.logic('deleteRecord') },
    actions: { syncUrl: effects.record('syncUrl'), onToggled: effects.record('onToggled'), onDeleted: effects.record('onDeleted') },
  })
  const actor = createActor(machine, { input }).start()
  return { actor, ctl, effects }
}

const loadedQuery = (ctl: ReturnType<typeof createController>) =>
  (ctl.inputs.get('loadPage') as { query: ListQuery } | undefined)?.query

describe('dataTable chart, edge cases', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
  afterEach(() => vi.useRealTimers())

  it('starts from the query of the URL with the defaults of the spec', () => {
    const { actor, ctl } = start({ resource, query: { page: 4, sort_column: 'name', filters: { is_active: '1', parent: '' } } })
    expect(loadedQuery(ctl)).toEqual({ page: 4, pageSize: 15, sort_column: 'name', sort_direction: 'asc', filters: { is_active: '1' } })
    expect(loadingFlags(actor.getSnapshot())).toEqual({ table: true, item: false, crud: false })
  })

  it('debounces the search 300 ms after the last keystroke', async () => {
    const { actor, ctl, effects } = start()
    await ctl.settle({ type: 'xstate.done.actor.loadPage', output: rows })
    actor.send({ type: 'table.pageChanged', page: 2 })
    await ctl.settle({ type: 'xstate.done.actor.loadPage', output: rows })
    effects.take()
    actor.send({ type: 'table.searchTyped', text: 'ph' })
    vi.advanceTimersByTime(200)
    actor.send({ type: 'table.searchTyped', text: 'pho' })
    vi.advanceTimersByTime(299)
    expect(ctl.running('loadPage')).toBe(false)
    expect(effects.take()).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ctl.running('loadPage')).toBe(true)
    expect(loadedQuery(ctl)).toEqual({ page: 1, pageSize: 15, search: 'pho', filters: {} })
    expect(effects.take()).toEqual([['syncUrl', { query: { page: 1, pageSize: 15, search: 'pho', filters: {} } }]])
  })

  it('a term shorter than 2 characters does not query; clearing does', async () => {
    const { actor, ctl, effects } = start()
    await ctl.settle({ type: 'xstate.done.actor.loadPage', output: rows })
    actor.send({ type: 'table.searchTyped', text: ' p ' })
    vi.advanceTimersByTime(300)
    expect(ctl.running('loadPage')).toBe(false)
    actor.send({ type: 'table.searchTyped', text: 'ph' })
    vi.advanceTimersByTime(300)
    await ctl.settle({ type: 'xstate.done.actor.loadPage', output: rows })
    actor.send({ type: 'table.searchTyped', text: '' })
    vi.advanceTimersByTime(300)
    expect(loadedQuery(ctl)).toEqual({ page: 1, pageSize: 15, filters: {} })
    expect(effects.take().map(([name]) => name)).toEqual(['syncUrl', 'syncUrl'])
  })

  it('a stale response never overwrites a newer one', async () => {
    const answers: { query: ListQuery; resolve: (page: Page<TableRow>) => void; aborted: boolean }[] = []
    const machine = dataTableMachine.provide({
      actors: {
        loadPage: fromPromise<Page<TableRow>, { resource: typeof resource; query: ListQuery }>(
          ({ input, signal }) =>
            new Promise((resolve) => {
              const answer = { query: input.query, resolve, aborted: false }
              signal.addEventListener('abort', () => (answer.aborted = true))
              answers.push(answer)
            }),
        ),
      },
    })
    const actor = createActor(machine, { input: { resource } }).start()
    actor.send({ type: 'table.pageChanged', page: 2 })
    expect(answers.map((a) => [a.query.page, a.aborted])).toEqual([
      [1, true],
      [2, false],
    ])
    answers[1]?.resolve(pageOf([{ id: 20 }], 2, 40))
    await flush()
    answers[0]?.resolve(pageOf([{ id: 1 }], 1, 40))
    await flush()
    expect(rowsOf(actor.getSnapshot())).toEqual([{ id: 20 }])
    expect(paginationOf(actor.getSnapshot())).toEqual({ page: 2, pageSize: 15, total: 40, pagesCount: 3, totalIsEstimate: false })
  })

  it('the active toggle flips the record, then reloads the table', async () => {
    const { actor, ctl, effects } = start()
    await ctl.settle({ type: 'xstate.done.actor.loadPage', output: rows })
    actor.send({ type: 'table.toggleActive', id: 1 })
    expect(loadingFlags(actor.getSnapshot())).toEqual({ table: false, item: true, crud: false })
    expect(ctl.inputs.get('toggleActive')).toEqual({ resource, id: 1 })
    await ctl.settle({ type: 'xstate.done.actor.toggleActive', output: null })
    expect(effects.take()).toEqual([['onToggled', { id: 1 }]])
    expect(loadingFlags(actor.getSnapshot()).table).toBe(true)
    expect(ctl.running('loadPage')).toBe(true)
  })

  it('delete asks first; No keeps the record', async () => {
    const { actor, ctl } = start()
    await ctl.settle({ type: 'xstate.done.actor.loadPage', output: rows })
    actor.send({ type: 'table.deleteRequested', id: 1 })
    expect(deleteCandidate(actor.getSnapshot())).toBe(1)
    actor.send({ type: 'table.deleteCancelled' })
    expect(actor.getSnapshot().matches({ table: 'ready' })).toBe(true)
    expect(ctl.running('deleteRecord')).toBe(false)
    expect(actor.getSnapshot().context.targetId).toBeNull()
  })

  it('delete confirmed: the server message is kept and the table reloads', async () => {
    const { actor, ctl, effects } = start()
    await ctl.settle({ type: 'xstate.done.actor.loadPage', output: rows })
    actor.send({ type: 'table.deleteRequested', id: 1 })
    actor.send({ type: 'table.deleteConfirmed' })
    expect(loadingFlags(actor.getSnapshot())).toEqual({ table: false, item: false, crud: true })
    await ctl.settle({ type: 'xstate.done.actor.deleteRecord', output: 'Deleted successfully' })
    expect(effects.take()).toEqual([['onDeleted', { id: 1, message: 'Deleted successfully' }]])
    expect(actor.getSnapshot().context.actionMessage).toBe('Deleted successfully')
    expect(ctl.running('loadPage')).toBe(true)
  })

  it('a failed delete keeps the server message and the rows', async () => {
    const { actor, ctl } = start()
    await ctl.settle({ type: 'xstate.done.actor.loadPage', output: rows })
    actor.send({ type: 'table.deleteRequested', id: 1 })
    actor.send({ type: 'table.deleteConfirmed' })
    await ctl.settle({ type: 'xstate.error.actor.deleteRecord', error: blocked })
    expect(actor.getSnapshot().context.actionFailure?.message).toBe("Sorry You Can't Because This Package Have Active Subscriptions")
    expect(rowsOf(actor.getSnapshot())).toEqual(rows.data)
    actor.send({ type: 'table.dismiss' })
    expect(actor.getSnapshot().context.actionFailure).toBeNull()
  })

  it('a failed load leaves the table usable with a retry', async () => {
    const { actor, ctl } = start()
    await ctl.settle({ type: 'xstate.done.actor.loadPage', output: rows })
    actor.send({ type: 'table.pageChanged', page: 2 })
    await ctl.settle({ type: 'xstate.error.actor.loadPage', error: down })
    expect(loadFailure(actor.getSnapshot())).toEqual({ status: 0, message: '', errors: {} })
    expect(rowsOf(actor.getSnapshot())).toEqual(rows.data)
    actor.send({ type: 'table.retry' })
    expect(loadedQuery(ctl)?.page).toBe(2)
    await ctl.settle({ type: 'xstate.done.actor.loadPage', output: rows })
    expect(loadFailure(actor.getSnapshot())).toBeNull()
  })

  it('sorting the same column flips the direction; filters and page size go back to page 1', async () => {
    const { actor, ctl, effects } = start({ resource, query: { page: 3 } })
    actor.send({ type: 'table.sorted', column: 'name' })
    expect(sortOf(actor.getSnapshot(), 'name')).toBe('ascending')
    actor.send({ type: 'table.sorted', column: 'name' })
    expect(sortOf(actor.getSnapshot(), 'name')).toBe('descending')
    expect(sortOf(actor.getSnapshot(), 'id')).toBe('none')
    actor.send({ type: 'table.pageChanged', page: 3 })
    actor.send({ type: 'table.filtered', filters: { is_active: '0' } })
    expect(loadedQuery(ctl)).toEqual({ page: 1, pageSize: 15, sort_column: 'name', sort_direction: 'desc', filters: { is_active: '0' } })
    actor.send({ type: 'table.pageChanged', page: 2 })
    actor.send({ type: 'table.pageSizeChanged', pageSize: 50 })
    expect(loadedQuery(ctl)?.page).toBe(1)
    expect(effects.take().map(([name]) => name)).toEqual(Array(6).fill('syncUrl'))
  })

  it('adopts a query from the URL (Back) without writing it back; the same query does not reload', async () => {
    const { actor, ctl, effects } = start()
    await ctl.settle({ type: 'xstate.done.actor.loadPage', output: rows })
    actor.send({ type: 'table.urlChanged', query: { page: 1, pageSize: 15 } })
    expect(ctl.running('loadPage')).toBe(false)
    actor.send({ type: 'table.urlChanged', query: { page: 2, search: 'ph', filters: { is_active: '1' } } })
    expect(loadedQuery(ctl)).toEqual({ page: 2, pageSize: 15, search: 'ph', filters: { is_active: '1' } })
    expect(actor.getSnapshot().context.searchText).toBe('ph')
    expect(effects.take()).toEqual([])
  })

  it('a page emptied by a delete falls back to the last page', async () => {
    const { actor, ctl, effects } = start({ resource, query: { page: 3 } })
    await ctl.settle({ type: 'xstate.done.actor.loadPage', output: pageOf([], 3, 30) })
    expect(loadedQuery(ctl)?.page).toBe(2)
    expect(effects.take()).toEqual([['syncUrl', { query: { page: 2, pageSize: 15, filters: {} } }]])
    await ctl.settle({ type: 'xstate.done.actor.loadPage', output: pageOf([{ id: 16 }], 2, 16) })
    expect(isEmpty(actor.getSnapshot())).toBe(false)
    expect(actor.getSnapshot().matches({ table: 'ready' })).toBe(true)
  })

  it('reads and writes the URL', () => {
    const query = queryFromUrl(new URLSearchParams('page=2&pageSize=30&sort_column=name&sort_direction=desc&search=ph&is_active=1'))
    expect(query).toEqual({ page: 2, pageSize: 30, sort_column: 'name', sort_direction: 'desc', search: 'ph', filters: { is_active: '1' } })
    expect(queryFromUrl(urlOfQuery(query))).toEqual(query)
    expect(queryFromUrl(new URLSearchParams('page=x&search=p'))).toEqual(normalizeQuery())
  })
})
