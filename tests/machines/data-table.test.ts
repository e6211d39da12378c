import { describe, expect, it } from 'vitest'
import type { Page } from '../../src/contract/resource'
import {
  dataTableMachine,
  isEmpty,
  isSearchTooShort,
  loadingFlags,
  normalizeQuery,
  paginationOf,
  queryFromUrl,
  sortOf,
  urlOfQuery,
  type DataTableContext,
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
