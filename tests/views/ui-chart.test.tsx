import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Chart, type ChartProps } from '../../src/ui/chart'

const texts = { showTable: 'Show as a table', hideTable: 'Hide the table', categoryHeader: 'Month', emptyText: 'Nothing in this period' }
const base: ChartProps = {
  ...texts,
  title: 'Revenue by month',
  kind: 'bars',
  dir: 'ltr',
  labels: ['Jan', 'Feb', 'Mar'],
  series: [
    { label: 'Net', values: [1000, 0, 250.5] },
    { label: 'VAT', values: [150, null, 37.58] },
  ],
  format: (v) => `SR ${v.toFixed(2)}`,
}

describe('Chart', () => {
  it('gives its figures as a table named by the chart: a row a category, a column a series, blanks as a dash', () => {
    render(<Chart {...base} />)
    const table = screen.getByRole('table', { name: 'Revenue by month' })
    const rows = within(table).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual(['MonthNetVAT', 'JanSR 1000.00SR 150.00', 'FebSR 0.00—', 'MarSR 250.50SR 37.58'])
    expect(screen.getByRole('figure', { name: 'Revenue by month' })).toBeTruthy()
  })

  it("puts a category's own cell in its row (a link to its filtered list)", () => {
    render(<Chart {...base} labelCell={(i) => <a href={`/list?month=${i}`}>{base.labels[i]}</a>} />)
    expect(screen.getByRole('link', { name: 'Feb' }).getAttribute('href')).toBe('/list?month=1')
  })

  it('says when the period has nothing to draw, and still lists the categories', () => {
    render(<Chart {...base} series={[{ label: 'Net', values: [0, null, 0] }]} />)
    expect(screen.getByText('Nothing in this period')).toBeTruthy()
    expect(screen.getAllByRole('row')).toHaveLength(4)
  })

  it('shows a legend only for several series', () => {
    const { unmount } = render(<Chart {...base} />)
    expect(screen.getAllByText('VAT')).toHaveLength(2)
    unmount()
    render(<Chart {...base} series={[{ label: 'Net', values: [1, 2, 3] }]} />)
    expect(screen.getAllByText('Net')).toHaveLength(1)
  })
})
