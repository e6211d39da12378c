import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { LocaleProvider } from '@ark-ui/react/locale'
import { describe, expect, it, vi } from 'vitest'
import { DataTable, type DataTableColumn, type DataTableProps } from '../../src/ui/data-table'

type Row = { id: number; name: string; order: number }

const rows: Row[] = [
  { id: 1, name: 'Phones', order: 2 },
  { id: 2, name: 'Laptops', order: 1 },
]
const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name, sortable: true },
  { id: 'order', header: 'Order', cell: (r) => r.order, sortable: true, align: 'end' },
  { id: 'id', header: 'ID', cell: (r) => r.id, nowrap: true },
]
const labels = {
  pagination: 'Pages',
  previous: 'Previous page',
  next: 'Next page',
  pageSize: 'Rows per page',
  page: (n: number) => `Page ${n}`,
  range: (from: number, to: number, total: number) => `${from}–${to} of ${total}`,
  loading: 'Loading',
}

function renderTable(props: Partial<DataTableProps<Row>> = {}) {
  return render(
    <DataTable<Row>
      caption="Categories"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      emptyMessage="No data"
      labels={labels}
      {...props}
    />,
  )
}

describe('DataTable', () => {
  it('renders a captioned table with one row per record and the actions column', () => {
    renderTable({ actions: (r) => <button type="button">{`Edit ${r.name}`}</button>, actionsHeader: 'Actions' })
    const table = screen.getByRole('table', { name: /Categories/ })
    const bodyRows = within(table).getAllByRole('row').slice(1)
    expect(bodyRows).toHaveLength(2)
    expect(within(bodyRows[0]!).getByText('Phones')).toBeTruthy()
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Edit Laptops' })).toBeTruthy()
    // The scrolling frame is a named, focusable region so wide tables scroll by keyboard too.
    expect(screen.getByRole('region', { name: /Categories/ }).getAttribute('tabindex')).toBe('0')
  })

  it('marks the sorted column with aria-sort and asks for the next direction', () => {
    const onSort = vi.fn()
    renderTable({ sort: { column: 'name', direction: 'asc' }, onSort })
    const name = screen.getByRole('columnheader', { name: /Name/ })
    const order = screen.getByRole('columnheader', { name: /Order/ })
    expect(name.getAttribute('aria-sort')).toBe('ascending')
    expect(order.getAttribute('aria-sort')).toBe('none')
    expect(screen.getByRole('columnheader', { name: 'ID' }).hasAttribute('aria-sort')).toBe(false)
    fireEvent.click(within(name).getByRole('button'))
    expect(onSort).toHaveBeenLastCalledWith({ column: 'name', direction: 'desc' })
    fireEvent.click(within(order).getByRole('button'))
    expect(onSort).toHaveBeenLastCalledWith({ column: 'order', direction: 'asc' })
  })

  it('shows pageSize skeleton rows while loading, with aria-busy', () => {
    const { container } = renderTable({
      loading: true,
      pagination: { page: 1, pagesCount: 3, total: 40, pageSize: 15, pageSizes: [15, 30], onPage: () => {}, onPageSize: () => {} },
    })
    expect(container.querySelectorAll('tbody tr[data-skeleton]')).toHaveLength(15)
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true')
    expect(screen.queryByText('Phones')).toBeNull()
  })

  it('closes the rows with a footer row: its title as the row header, a cell under each column given, none while empty', () => {
    const footer = { label: 'Totals', cells: { order: '3' }, testId: 'totals' }
    renderTable({ footer, actions: () => null })
    const total = screen.getByTestId('totals')
    expect(total.parentElement?.tagName).toBe('TFOOT')
    expect(within(total).getByRole('rowheader').textContent).toBe('Totals')
    const cells = within(total).getAllByRole('cell')
    // Order, ID and the actions' column: only Order has a figure
    expect(cells.map((c) => c.textContent)).toEqual(['3', '', ''])
    expect(cells[0]!.getAttribute('data-label')).toBe('Order')
    expect(cells[1]!.hasAttribute('data-empty')).toBe(true)
    renderTable({ footer: { ...footer, testId: 'empty-totals' }, rows: [] })
    expect(screen.queryByTestId('empty-totals')).toBeNull()
  })

  it('shows the empty message when there are no rows', () => {
    renderTable({ rows: [] })
    expect(screen.getByText('No data')).toBeTruthy()
  })

  it('shows the error with a retry button that calls onRetry', () => {
    const onRetry = vi.fn()
    renderTable({ error: 'Could not load', retryLabel: 'Retry', onRetry })
    expect(screen.getByRole('alert').textContent).toContain('Could not load')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('paginates: page buttons, next, and the page size choice', async () => {
    const pages: number[] = []
    const onPageSize = vi.fn()
    renderTable({
      pagination: {
        page: 2,
        pagesCount: 3,
        total: 40,
        pageSize: 15,
        pageSizes: [15, 30, 50],
        onPage: (p) => void pages.push(p),
        onPageSize,
      },
    })
    expect(screen.getByText('16–30 of 40')).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(pages).toEqual([3]))
    fireEvent.click(screen.getByRole('button', { name: /Page 1/ }))
    await waitFor(() => expect(pages).toEqual([3, 1]))
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '30' } })
    expect(onPageSize).toHaveBeenCalledWith(30)
  })

  it('in Arabic the pagination takes the page direction and the arrows are mirrored by CSS', () => {
    render(
      <LocaleProvider locale="ar-SA">
        <div dir="rtl">
          <DataTable<Row>
            caption="التصنيفات"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.id}
            emptyMessage="لا توجد بيانات"
            labels={{ ...labels, pagination: 'الصفحات', previous: 'السابق', next: 'التالي' }}
            pagination={{ page: 1, pagesCount: 2, total: 20, pageSize: 15, onPage: () => {} }}
          />
        </div>
      </LocaleProvider>,
    )
    expect(screen.getByRole('navigation', { name: 'الصفحات' }).getAttribute('dir')).toBe('rtl')
    const icon = screen.getByRole('button', { name: 'التالي' }).querySelector('svg')
    expect(icon?.getAttribute('class')).toContain('rtl:')
  })
})

describe('DataTable cells', () => {
  it('keep a column marked nowrap on one line; the others wrap', () => {
    renderTable()
    const [first] = screen.getAllByRole('row').slice(1)
    const cells = within(first!).getAllByRole('cell')
    expect(cells.map((c) => c.hasAttribute('data-nowrap'))).toEqual([false, false, true])
  })
})

describe('pageItems', () => {
  it('shows the first and last pages and the current one with its neighbours, a gap standing for two pages or more', async () => {
    const { pageItems } = await import('../../src/ui/data-table')
    expect(pageItems(1, 1)).toEqual([1])
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, null, 10])
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10])
    expect(pageItems(5, 10)).toEqual([1, null, 4, 5, 6, null, 10])
    expect(pageItems(7, 10)).toEqual([1, null, 6, 7, 8, 9, 10])
    expect(pageItems(10, 10)).toEqual([1, null, 6, 7, 8, 9, 10])
    expect(pageItems(334, 667)).toEqual([1, null, 333, 334, 335, null, 667])
  })
})
