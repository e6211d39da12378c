import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { categoriesResource } from '../../src/contract/categories'
import type { Locale } from '../../src/contract/common'
import type { Page } from '../../src/contract/resource'
import { dataTableMachine, type ListQuery, type TableResource, type TableRow } from '../../src/machines/data-table'
import { ResourceTable } from '../../src/views/shared/resource-table'
import { useChart } from '../../src/views/shared/runtime'
import { TableToolbar } from '../../src/views/shared/table-toolbar'
import { renderScreen } from './render'

/**
 * A list's search box and empty states, and its row actions, as an admin meets them: a search that
 * finds nothing says so with a way back to the whole list (never "0–0 of 0"), the box has a
 * placeholder, a named clear button and clears on Escape (at once, not after the typing pause), and
 * the row's Delete is drawn in the danger colour.
 */

type Row = TableRow & { name: string }

const pageOf = (data: Row[]): Page<TableRow> => ({
  data,
  total: data.length,
  page: 1,
  rowsPerPage: 15,
  pagesCount: data.length ? 1 : 0,
  total_is_estimate: false,
})
const phones: Row = { id: 7, name: 'Phones' }

/** A list whose server finds `rows` for the whole list and nothing for any search. */
function renderList(options: { lang?: Locale; rows?: Row[]; query?: Partial<ListQuery> } = {}) {
  const loads: ListQuery[] = []
  const machine = dataTableMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }: { input: { resource: TableResource; query: ListQuery } }) => {
        loads.push(input.query)
        return input.query.search ? pageOf([]) : pageOf(options.rows ?? [phones])
      }),
    },
  })
  function List() {
    const table = useChart(machine, { resource: categoriesResource, query: options.query ?? {} })
    return (
      <>
        <TableToolbar table={table} />
        <ResourceTable<Row>
          table={table}
          caption="Categories"
          columns={[{ id: 'name', header: 'Name', cell: (row) => row.name }]}
          viewPath={(row) => `/view/${row.id}`}
          editPath={(row) => `/edit/${row.id}`}
          canDelete
          nameOf={(row) => row.name}
        />
      </>
    )
  }
  const result = renderScreen(<List />, { lang: options.lang ?? 'en' })
  return { ...result, loads }
}

const searchBox = () => screen.getByTestId('table-search') as HTMLInputElement

describe.each([
  {
    lang: 'en' as const,
    noResults: 'No results',
    clearAll: 'Clear the search and filters',
    clear: 'Clear the search',
    placeholder: 'Search…',
  },
  { lang: 'ar' as const, noResults: 'لا توجد نتائج', clearAll: 'مسح البحث وعوامل التصفية', clear: 'مسح البحث', placeholder: 'ابحث…' },
])('a list ($lang)', ({ lang, noResults, clearAll, clear, placeholder }) => {
  it('says "No results" for a search that finds nothing, and its button brings the whole list back', async () => {
    const { loads } = renderList({ lang })
    await screen.findByText('Phones')
    expect(searchBox().placeholder).toBe(placeholder)
    fireEvent.change(searchBox(), { target: { value: 'zz' } })
    const message = await screen.findByText((text) => text.startsWith(noResults))
    expect(screen.queryByText(/0\s*–\s*0/)).toBeNull()
    fireEvent.click(within(message.closest('td') as HTMLElement).getByRole('button', { name: clearAll }))
    await screen.findByText('Phones')
    expect(loads.at(-1)?.search).toBeUndefined()
    expect(searchBox().value).toBe('')
  })

  it('keeps its own empty state when nothing is searched', async () => {
    renderList({ lang, rows: [] })
    await waitFor(() => expect(screen.getByRole('table').getAttribute('aria-busy')).toBeNull())
    expect(screen.queryByText((text) => text.startsWith(noResults))).toBeNull()
    expect(screen.queryByRole('button', { name: clearAll })).toBeNull()
    expect(screen.queryByText(/0\s*–\s*0/)).toBeNull()
  })

  it('clears the search at once with the named clear button, and the box keeps the focus', async () => {
    const { loads } = renderList({ lang, query: { search: 'ph' } })
    await screen.findByText((text) => text.startsWith(noResults))
    expect(searchBox().value).toBe('ph')
    const before = loads.length
    act(() => screen.getByRole('button', { name: clear }).click())
    // the whole list is asked for in the same moment, not after the typing pause
    expect(loads.slice(before).map((q) => q.search)).toEqual([undefined])
    expect(searchBox().value).toBe('')
    expect(document.activeElement).toBe(searchBox())
    expect(screen.queryByRole('button', { name: clear })).toBeNull()
    await screen.findByText('Phones')
  })

  it('clears the search at once on Escape in the box', async () => {
    const { loads } = renderList({ lang, query: { search: 'ph' } })
    await screen.findByText((text) => text.startsWith(noResults))
    const before = loads.length
    fireEvent.keyDown(searchBox(), { key: 'Escape' })
    expect(loads.slice(before).map((q) => q.search)).toEqual([undefined])
    expect(searchBox().value).toBe('')
    await screen.findByText('Phones')
  })

  it('draws the row Delete in the danger colour, View and Edit in the plain one', async () => {
    renderList({ lang })
    const row = (await screen.findByText('Phones')).closest('tr') as HTMLElement
    const del = within(row).getByRole('button', { name: lang === 'en' ? 'Delete' : 'حذف' })
    expect(del.className.split(' ')).toContain('c_danger.fg')
    for (const link of within(row)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('/')))
      expect(link.className.split(' ')).not.toContain('c_danger.fg')
  })
})
