import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { partnersAccess, partnersPaths, partnersResource, partnersScreens, type Partner } from '../../contract/partners'
import { decimalToHalalas, formatMoney } from '../../domain/money'
import { buttonRecipe } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { useActiveColumn } from '../shared/active-column'
import { DateTimeCell } from '../shared/date-time-cell'
import { ExportButton, exportQueryOf } from '../shared/export-button'
import { ResourceTable } from '../shared/resource-table'
import { useCan, useLang } from '../shared/runtime'
import { FilterDate, FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { useResourceTable } from '../shared/use-resource-table'

/** The balance thresholds the "balance above" filter offers (SR). */
const BALANCE_STEPS = ['0', '100', '500', '1000', '5000']

export function PartnersListScreen() {
  const { t } = useTranslation()
  const lang = useLang()
  const table = useResourceTable(partnersResource)
  const canCreate = useCan(partnersAccess.can.create)
  const canUpdate = useCan(partnersAccess.can.update)
  const canDelete = useCan(partnersAccess.can.delete)
  const canExport = useCan(partnersAccess.can.export)
  const activeColumn = useActiveColumn<Partner>(table, canUpdate, (row) => row.full_name)
  const columns: DataTableColumn<Partner>[] = [
    {
      id: 'full_name',
      header: t('partners.fields.full_name'),
      sortable: true,
      cell: (row) => (
        <Link
          to={partnersScreens.view(row.id)}
          className={css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })}
          dir="auto"
        >
          {row.full_name}
        </Link>
      ),
    },
    {
      id: 'referral_code',
      header: t('partners.fields.referral_code'),
      cell: (row) => <bdi className={css({ fontFamily: 'mono', fontWeight: '600' })}>{row.referral_code}</bdi>,
    },
    {
      id: 'referral_percentage',
      header: t('partners.columns.referral_percentage'),
      label: t('partners.fields.referral_percentage'),
      sortable: true,
      align: 'center',
      cell: (row) => t('partners.percentOf', { value: row.referral_percentage }),
    },
    {
      id: 'months',
      header: t('partners.columns.months'),
      label: t('partners.fields.referral_consumed_months'),
      align: 'center',
      cell: (row) => t('partners.monthsOf', { used: row.referral_consumed_months, due: row.referral_due_months }),
    },
    {
      id: 'referred_count',
      header: t('partners.columns.referred_count'),
      label: t('partners.fields.referred_count'),
      align: 'center',
      cell: (row) => row.referred_count,
    },
    {
      id: 'balance',
      header: t('partners.columns.balance'),
      label: t('partners.fields.balance'),
      sortable: true,
      align: 'end',
      cell: (row) => (
        <span className={css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })}>{formatMoney(row.balance_halalas, lang)}</span>
      ),
    },
    activeColumn,
    {
      id: 'created_at',
      header: t('partners.fields.created_at'),
      sortable: true,
      cell: (row) => <DateTimeCell iso={row.created_at} lang={lang} />,
    },
  ]
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        statusFilter
        filters={
          <>
            <FilterSelect
              table={table}
              name="balance_above"
              label={t('partners.filters.balance_above')}
              options={BALANCE_STEPS.map((value) => ({ value, label: formatMoney(decimalToHalalas(value) ?? 0, lang) }))}
            />
            <FilterDate table={table} name="joined_from" label={t('partners.filters.joined_from')} />
            <FilterDate table={table} name="joined_to" label={t('partners.filters.joined_to')} minFilter="joined_from" />
          </>
        }
        action={
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            {canExport ? (
              <ExportButton
                path={partnersPaths.export}
                filename="partners"
                query={() => exportQueryOf(table)}
                label={t('partners.export')}
                busyLabel={t('vendors.exporting')}
                failedLabel={t('vendors.exportFailed')}
              />
            ) : null}
            {canCreate ? (
              <Link to={partnersScreens.create} className={buttonRecipe({ variant: 'solid' })}>
                {t('partners.add')}
              </Link>
            ) : null}
          </div>
        }
      />
      <ResourceTable<Partner>
        table={table}
        caption={t('partners.caption')}
        columns={columns}
        viewPath={(row) => partnersScreens.view(row.id)}
        {...(canUpdate ? { editPath: (row: Partner) => partnersScreens.edit(row.id) } : {})}
        canDelete={canDelete}
        nameOf={(row) => row.full_name}
      />
    </div>
  )
}
