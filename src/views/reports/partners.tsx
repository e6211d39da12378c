import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { partnersScreens } from '../../contract/partners.routes'
import { reportsPaths, type PartnerReportRow, type PartnersReport } from '../../contract/reports'
import type { DataTableColumn } from '../../ui/data-table'
import { useMoney } from '../shared/money'
import { ReportScreen } from './parts'

const resource = { name: 'partners', path: reportsPaths.partners }

/** `reports/partners`: per partner over the period, its totals and the period's chart. */
export function PartnersReportScreen() {
  const { t } = useTranslation()
  const money = useMoney()
  const amount = (value: string) => <span className={css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })}>{money(value)}</span>
  const column = (id: keyof PartnerReportRow, align: 'center' | 'end', cell: (row: PartnerReportRow) => ReactNode) => ({
    id,
    header: t(`reports.partners.columns.${id as 'commission'}`),
    sortable: true,
    align,
    cell,
  })
  const columns: DataTableColumn<PartnerReportRow>[] = [
    {
      id: 'full_name',
      header: t('reports.partners.columns.full_name'),
      sortable: true,
      cell: (row) => (
        <Link to={partnersScreens.view(row.partner_id)} className={css({ fontWeight: '600' })} dir="auto">
          {row.full_name}
        </Link>
      ),
    },
    column('vendors_referred', 'center', (row) => row.vendors_referred),
    column('payments_count', 'center', (row) => row.payments_count),
    column('paid_amount', 'end', (row) => amount(row.paid_amount)),
    column('commission', 'end', (row) => amount(row.commission)),
    column('paid_out', 'end', (row) => amount(row.paid_out)),
    column('balance', 'end', (row) => amount(row.balance)),
  ]
  return (
    <ReportScreen<PartnerReportRow, PartnersReport>
      resource={resource}
      title={t('reports.partners.title')}
      caption={t('reports.partners.caption')}
      exportPath={reportsPaths.partnersExport}
      filename="partners-report"
      columns={columns}
      totals={(report) => ({
        vendors_referred: String(report.totals.vendors_referred),
        payments_count: String(report.totals.payments_count),
        paid_amount: money(report.totals.paid_amount),
        commission: money(report.totals.commission),
        paid_out: money(report.totals.paid_out),
        balance: money(report.totals.balance),
      })}
      series={[
        { label: t('reports.partners.series.commission'), key: 'commission' },
        { label: t('reports.partners.series.paid_out'), key: 'paid_out' },
      ]}
      nameOf={(row) => row.full_name}
    />
  )
}
