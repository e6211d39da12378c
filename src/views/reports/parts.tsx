import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { reportPrintMachine } from '../../machines/report-print'
import { Button } from '../../ui/button'
import { Chart } from '../../ui/chart'
import { SelectField } from '../../ui/select-field'
import { ExportButton } from '../shared/export-button'
import { useMoney } from '../shared/money'
import { useChart, useLang, useSelectList } from '../shared/runtime'
import { FilterDate, FilterSelect } from '../shared/table-toolbar'
import type { DataTableColumn } from '../../ui/data-table'
import { ResourceTable } from '../shared/resource-table'
import { useResourceTable, type ResourceTableActor } from '../shared/use-resource-table'

const presets = ['this_month', 'last_month', 'last_30', 'this_quarter', 'this_year', 'last_12'] as const
type Preset = (typeof presets)[number]

const day = (date: Date) => date.toISOString().slice(0, 10)
/** Today in Riyadh. */
const todayDate = () => new Date(Date.now() + 3 * 3_600_000)

/** The first and last day of a period preset, ending today at the latest. */
function periodOf(preset: Preset, now = todayDate()): { from: string; to: string } {
  const y = now.getUTCFullYear()
  const m = now.getUTCMonth()
  const at = (year: number, month: number, d: number) => new Date(Date.UTC(year, month, d))
  switch (preset) {
    case 'this_month':
      return { from: day(at(y, m, 1)), to: day(now) }
    case 'last_month':
      return { from: day(at(y, m - 1, 1)), to: day(at(y, m, 0)) }
    case 'last_30':
      return { from: day(new Date(now.getTime() - 29 * 86_400_000)), to: day(now) }
    case 'this_quarter':
      return { from: day(at(y, m - (m % 3), 1)), to: day(now) }
    case 'this_year':
      return { from: day(at(y, 0, 1)), to: day(now) }
    case 'last_12':
      return { from: day(at(y, m - 11, 1)), to: day(now) }
  }
}

/** The period a report opens with: this month. */
const defaultPeriod = () => periodOf('this_month')

/** The table's filters with `values` set (the others kept). */
const withFilters = (table: ResourceTableActor, values: Record<string, string | null>) => {
  const next: Record<string, string | number> = { ...table.getSnapshot().context.query.filters }
  for (const [key, value] of Object.entries(values)) {
    if (value === null) delete next[key]
    else next[key] = value
  }
  return next
}

/** The report's filters: a period (a preset or a custom range), package, partner and coupon. */
function ReportFilters({ table }: { table: ResourceTableActor }) {
  const { t } = useTranslation()
  const from = useSelector(table, (s) => String(s.context.query.filters.from ?? ''))
  const to = useSelector(table, (s) => String(s.context.query.filters.to ?? ''))
  const preset = presets.find((p) => {
    const period = periodOf(p)
    return period.from === from && period.to === to
  })
  const packages = useSelectList('subscription-packages', { all: '1' }).list
  const partners = useSelectList('report-partners').list
  const coupons = useSelectList('report-coupons').list
  const options = (list: { id: number | string; name: string }[] | null | undefined) => (list ?? []).map((o) => ({ value: String(o.id), label: o.name }))
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end', _print: { display: 'none' } })}>
      <div className={css({ w: { base: 'full', sm: '48' } })}>
        <SelectField
          label={t('reports.period')}
          value={preset ?? 'custom'}
          onValueChange={(next) => {
            if (!next || next === 'custom') return
            table.send({ type: 'table.filtered', filters: withFilters(table, periodOf(next as Preset)) })
          }}
          options={[...presets, 'custom'].map((value) => ({ value, label: t(`reports.presets.${value as Preset | 'custom'}`) }))}
        />
      </div>
      <FilterDate table={table} name="from" label={t('reports.from')} />
      <FilterDate table={table} name="to" label={t('reports.to')} minFilter="from" />
      <FilterSelect table={table} name="package_id" label={t('reports.filters.package')} options={options(packages)} />
      <FilterSelect table={table} name="partner_id" label={t('reports.filters.partner')} options={options(partners)} />
      <FilterSelect table={table} name="coupon_id" label={t('reports.filters.coupon')} options={options(coupons)} />
    </div>
  )
}

/**
 * Rules that reach outside the screen when printing: an A4 page, and nothing but the report (the
 * header, the menu, the filters and buttons are left out).
 */
const PRINT_CSS = `@page { size: A4; margin: 12mm; }
@media print {
  body *:not(:has([data-report])):not([data-report]):not([data-report] *) { display: none !important; }
  body *:has([data-report]) { padding: 0 !important; margin: 0 !important; border: 0 !important; min-height: 0 !important; max-width: none !important; background: none !important; box-shadow: none !important; }
  html, body { background: #fff !important; }
}`

/** Export CSV and Print (the dialog 1 s after, as the reportPrint chart says). */
function ReportActions({ table, exportPath, filename }: { table: ResourceTableActor; exportPath: string; filename: string }) {
  const { t } = useTranslation()
  const printer = useChart(reportPrintMachine.provide({ actions: { print: () => window.print() } }))
  const preparing = useSelector(printer, (s) => s.matches('preparing'))
  const query = () => {
    const { filters, sort_column, sort_direction } = table.getSnapshot().context.query
    const out: Record<string, string | number> = {}
    for (const [key, value] of Object.entries(filters)) if (value !== '') out[key] = value
    if (sort_column) {
      out.sort_column = sort_column
      out.sort_direction = sort_direction ?? 'asc'
    }
    return out
  }
  return (
    <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', _print: { display: 'none' } })}>
      <style href="reports-print" precedence="default">
        {PRINT_CSS}
      </style>
      <ExportButton
        path={exportPath}
        filename={filename}
        query={query}
        label={t('reports.export')}
        busyLabel={t('vendors.exporting')}
        failedLabel={t('vendors.exportFailed')}
      />
      <Button variant="outline" loading={preparing} loadingText={t('reports.print')} onClick={() => printer.send({ type: 'print.start' })}>
        {t('reports.print')}
      </Button>
    </div>
  )
}

/** The period's chart (uPlot, loaded only where it shows), by day or by month. */
function PeriodChart({
  unit,
  labels,
  series,
  format,
}: {
  unit: 'day' | 'month'
  labels: string[]
  series: { label: string; values: number[] }[]
  format: (value: number) => string
}) {
  const { t } = useTranslation()
  const lang = useLang()
  return (
    <Chart
      title={`${t('reports.chart')} · ${t(unit === 'day' ? 'reports.chartByDay' : 'reports.chartByMonth')}`}
      kind="bars"
      labels={labels}
      series={series}
      format={format}
      dir={lang === 'ar' ? 'rtl' : 'ltr'}
      showTable={t('reports.showTable')}
      hideTable={t('reports.hideTable')}
      categoryHeader={t('reports.period')}
      emptyText={t('reports.empty')}
    />
  )
}

/** The report's printable sheet: its title and period above the chart and the table. */
function ReportSheet({ title, from, to, children }: { title: string; from: string; to: string; children: ReactNode }) {
  return (
    <section
      data-report
      aria-labelledby="report-title"
      className={css({ display: 'flex', flexDir: 'column', gap: '4', bg: 'bg.default', _print: { fontSize: '10pt', gap: '3' } })}
    >
      <header className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline', justifyContent: 'space-between' })}>
        <h2 id="report-title" className={css({ fontSize: 'xl', fontWeight: '700' })}>
          {title}
        </h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          <bdi>{from}</bdi> – <bdi>{to}</bdi>
        </p>
      </header>
      {children}
    </section>
  )
}

type ReportPage<Row> = { data: Row[]; chart: { unit: 'day' | 'month'; points: ({ period: string } & Record<string, unknown>)[] } }

/**
 * A report's screen: its filters, Export and Print, then the printable sheet with the period's chart
 * and the rows (sorted and paged by the dataTable chart, the query in the address), the period's
 * totals as the table's last row.
 */
export function ReportScreen<Row extends { id: number }, Report extends ReportPage<Row>>({
  resource,
  title,
  caption,
  exportPath,
  filename,
  columns,
  totals,
  series,
  nameOf,
}: {
  resource: { name: string; path: string }
  title: string
  caption: string
  exportPath: string
  filename: string
  columns: DataTableColumn<Row>[]
  /** The period's totals (the sums of every row, not only the page's), by column id: the table's last row. */
  totals: (report: Report) => Record<string, string>
  /** The chart's series: a label and the key of each point's figure. */
  series: { label: string; key: string }[]
  nameOf: (row: Row) => string
}) {
  const { t } = useTranslation()
  const money = useMoney()
  const table = useResourceTable(resource, defaultPeriod())
  const report = useSelector(table, (s) => s.context.page as unknown as Report | null)
  const from = useSelector(table, (s) => String(s.context.query.filters.from ?? ''))
  const to = useSelector(table, (s) => String(s.context.query.filters.to ?? ''))
  const points = report?.chart.points ?? []
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'space-between', alignItems: 'flex-end' })}>
        <ReportFilters table={table} />
        <ReportActions table={table} exportPath={exportPath} filename={filename} />
      </div>
      <ReportSheet title={title} from={from} to={to}>
        {report ? (
          <PeriodChart
            unit={report.chart.unit}
            labels={points.map((p) => p.period)}
            series={series.map(({ label, key }) => ({ label, values: points.map((p) => Number(p[key])) }))}
            format={(value) => money(value)}
          />
        ) : null}
        <ResourceTable<Row>
          table={table}
          caption={caption}
          columns={columns}
          nameOf={nameOf}
          empty={t('reports.empty')}
          {...(report ? { footer: { label: t('reports.totals'), cells: totals(report), testId: 'report-totals' } } : {})}
        />
      </ReportSheet>
    </div>
  )
}
