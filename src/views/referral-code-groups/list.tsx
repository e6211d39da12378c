import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import {
  referralGroupsAccess,
  referralGroupsResource,
  referralGroupsScreens,
  type ReferralGroup,
} from '../../contract/referral-code-groups'
import { Badge } from '../../ui/badge'
import { buttonRecipe } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { useActiveColumn } from '../shared/active-column'
import { DateTimeCell } from '../shared/date-time-cell'
import { ResourceTable } from '../shared/resource-table'
import { TableToolbar } from '../shared/table-toolbar'
import { useResourceTable } from '../shared/use-resource-table'
import { useCan, useLang } from '../shared/runtime'

export function ReferralGroupsListScreen() {
  const { t } = useTranslation()
  const table = useResourceTable(referralGroupsResource)
  const canCreate = useCan(referralGroupsAccess.can.create)
  const canUpdate = useCan(referralGroupsAccess.can.update)
  const canDelete = useCan(referralGroupsAccess.can.delete)
  const lang = useLang()
  const activeColumn = useActiveColumn<ReferralGroup>(table, canUpdate, (row) => row.name)
  const columns: DataTableColumn<ReferralGroup>[] = [
    {
      id: 'name',
      header: t('referral-code-groups.fields.name'),
      sortable: true,
      cell: (row) => (
        <Link
          to={referralGroupsScreens.view(row.id)}
          className={css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })}
        >
          {row.name}
        </Link>
      ),
    },
    {
      id: 'percentage',
      header: t('referral-code-groups.fields.percentage'),
      sortable: true,
      align: 'center',
      cell: (row) => t('referral-code-groups.percentOf', { value: row.percentage }),
    },
    {
      id: 'number_of_months',
      header: t('referral-code-groups.fields.number_of_months'),
      sortable: true,
      align: 'center',
      cell: (row) => t('referral-code-groups.monthsCount', { count: row.number_of_months }),
    },
    {
      id: 'is_default',
      header: t('referral-code-groups.fields.is_default'),
      cell: (row) =>
        row.is_default ? <Badge tone="info">{t('referral-code-groups.default')}</Badge> : t('referral-code-groups.notDefault'),
    },
    {
      id: 'vendors_count',
      header: t('referral-code-groups.fields.vendors_count'),
      sortable: true,
      align: 'center',
      cell: (row) => row.vendors_count,
    },
    activeColumn,
    {
      id: 'created_at',
      header: t('referral-code-groups.fields.created_at'),
      sortable: true,
      cell: (row) => <DateTimeCell iso={row.created_at} lang={lang} />,
    },
  ]
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        action={
          canCreate ? (
            <Link to={referralGroupsScreens.create} className={buttonRecipe({ variant: 'solid' })}>
              {t('referral-code-groups.add')}
            </Link>
          ) : null
        }
      />
      <ResourceTable<ReferralGroup>
        table={table}
        caption={t('referral-code-groups.caption')}
        columns={columns}
        viewPath={(row) => referralGroupsScreens.view(row.id)}
        {...(canUpdate ? { editPath: (row: ReferralGroup) => referralGroupsScreens.edit(row.id) } : {})}
        canDelete={canDelete}
        deleteRefusal={(row) => (row.is_default ? t('referral-code-groups.errors.defaultUndeletable') : null)}
        nameOf={(row) => row.name}
      />
    </div>
  )
}
