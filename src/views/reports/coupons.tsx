import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { reportsPaths, type CouponReportRow, type CouponsReport } from '../../contract/reports'
import type { DataTableColumn } from '../../ui/data-table'
import { useMoney } from '../shared/money'
import { ReportScreen } from './parts'

const resource = { name: 'coupons', path: reportsPaths.coupons }

/** `reports/coupons`: per coupon and package over the period, its totals and the period's chart. */
export function CouponsReportScreen() {
  const { t } = useTranslation()
  const money = useMoney()
  const amount = (value: string) => <span className={css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })}>{money(value)}</span>
  const columns: DataTableColumn<CouponReportRow>[] = [
    {
      id: 'code',
      header: t('reports.coupons.columns.code'),
      sortable: true,
      cell: (row) => (
        <span>
          <bdi className={css({ fontFamily: 'mono', fontWeight: '600' })}>{row.code}</bdi>
          <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'xs' })}>{row.name}</span>
        </span>
      ),
    },
    { id: 'package', header: t('reports.coupons.columns.package_name'), sortable: true, cell: (row) => row.package_name },
    { id: 'uses', header: t('reports.coupons.columns.uses'), sortable: true, align: 'center', cell: (row) => row.uses },
    { id: 'discount', header: t('reports.coupons.columns.discount'), sortable: true, align: 'end', cell: (row) => amount(row.discount) },
    { id: 'revenue_net', header: t('reports.coupons.columns.revenue_net'), sortable: true, align: 'end', cell: (row) => amount(row.revenue_net) },
    { id: 'vat', header: t('reports.coupons.columns.vat'), align: 'end', cell: (row) => amount(row.vat) },
    { id: 'revenue_total', header: t('reports.coupons.columns.revenue_total'), sortable: true, align: 'end', cell: (row) => amount(row.revenue_total) },
  ]
  return (
    <ReportScreen<CouponReportRow, CouponsReport>
      resource={resource}
      title={t('reports.coupons.title')}
      caption={t('reports.coupons.caption')}
      exportPath={reportsPaths.couponsExport}
      filename="coupons-report"
      columns={columns}
      totals={(report) => ({
        uses: String(report.totals.uses),
        discount: money(report.totals.discount),
        revenue_net: money(report.totals.revenue_net),
        vat: money(report.totals.vat),
        revenue_total: money(report.totals.revenue_total),
      })}
      series={[
        { label: t('reports.coupons.series.revenue_net'), key: 'revenue_net' },
        { label: t('reports.coupons.series.discount'), key: 'discount' },
      ]}
      nameOf={(row) => row.code}
    />
  )
}
