import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { couponsAccess, couponsResource, couponsScreens, couponStatusValues, couponTypes, type Coupon } from '../../contract/coupons'
import { decimalToHalalas, formatMoney, type CouponStatus } from '../../domain/money'
import { Badge } from '../../ui/badge'
import { buttonRecipe } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { useActiveColumn } from '../shared/active-column'
import { DateTimeCell } from '../shared/date-time-cell'
import { ResourceTable } from '../shared/resource-table'
import { FilterMulti, TableToolbar } from '../shared/table-toolbar'
import { useResourceTable } from '../shared/use-resource-table'
import { useCan, useLang } from '../shared/runtime'

const statusTone: Record<CouponStatus, 'success' | 'info' | 'neutral' | 'warning' | 'danger'> = {
  active: 'success',
  scheduled: 'info',
  expired: 'neutral',
  used_up: 'warning',
  inactive: 'danger',
}

export function CouponsListScreen() {
  const { t } = useTranslation()
  const table = useResourceTable(couponsResource)
  const canCreate = useCan(couponsAccess.can.create)
  const canUpdate = useCan(couponsAccess.can.update)
  const canDelete = useCan(couponsAccess.can.delete)
  const lang = useLang()
  const activeColumn = useActiveColumn<Coupon>(table, canUpdate, (row) => row.name)

  const columns: DataTableColumn<Coupon>[] = [
    {
      id: 'name',
      header: t('coupons.fields.name'),
      sortable: true,
      cell: (row) =>
        canUpdate ? (
          <Link
            to={couponsScreens.edit(row.id)}
            className={css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })}
          >
            {row.name}
          </Link>
        ) : (
          <span className={css({ fontWeight: '600' })}>{row.name}</span>
        ),
    },
    {
      id: 'code',
      header: t('coupons.fields.code'),
      sortable: true,
      cell: (row) => (
        <bdi className={css({ fontFamily: 'mono', fontWeight: '600', whiteSpace: 'nowrap' })} data-testid="coupon-code">
          {row.code}
        </bdi>
      ),
    },
    {
      id: 'value',
      header: t('coupons.fields.value'),
      cell: (row) => (
        <span className={css({ whiteSpace: 'nowrap' })}>
          {row.type === 'PERCENTAGE' ? t('coupons.percentOff', { value: row.value }) : formatMoney(decimalToHalalas(row.value) ?? 0, lang)}
        </span>
      ),
    },
    {
      id: 'to',
      header: t('coupons.fields.validity'),
      sortable: true,
      cell: (row) => (
        <span className={css({ whiteSpace: 'nowrap', fontSize: 'sm' })}>
          <bdi>{row.from}</bdi> – <bdi>{row.to}</bdi>
        </span>
      ),
    },
    {
      id: 'uses',
      header: t('coupons.fields.uses'),
      sortable: true,
      align: 'center',
      cell: (row) => t('coupons.usesOf', { uses: row.uses, count: row.user_count }),
    },
    {
      id: 'packages',
      header: t('coupons.fields.packages'),
      cell: (row) => <span className={css({ fontSize: 'sm' })}>{row.packages.map((p) => p.title).join('، ')}</span>,
    },
    {
      id: 'status',
      header: t('coupons.fields.status'),
      // the derived status; the switch beside it is the admin's on / off
      cell: (row) => (
        <Badge tone={statusTone[row.status]} data-status={row.status}>
          {t(`coupons.status.${row.status}`)}
        </Badge>
      ),
    },
    activeColumn,
    {
      id: 'created_at',
      header: t('coupons.fields.created_at'),
      sortable: true,
      cell: (row) => <DateTimeCell iso={row.created_at} lang={lang} />,
    },
  ]

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        filters={
          <>
            <FilterMulti
              table={table}
              name="status"
              label={t('coupons.fields.status')}
              options={couponStatusValues.map((value) => ({ value, label: t(`coupons.status.${value}`) }))}
            />
            <FilterMulti
              table={table}
              name="type"
              label={t('coupons.fields.type')}
              options={couponTypes.map((value) => ({ value, label: t(`coupons.types.${value}`) }))}
            />
          </>
        }
        action={
          canCreate ? (
            <Link to={couponsScreens.create} className={buttonRecipe({ variant: 'solid' })}>
              {t('coupons.add')}
            </Link>
          ) : null
        }
      />
      <ResourceTable<Coupon>
        table={table}
        caption={t('coupons.caption')}
        columns={columns}
        {...(canUpdate ? { editPath: (row: Coupon) => couponsScreens.edit(row.id) } : {})}
        canDelete={canDelete}
        nameOf={(row) => row.name}
      />
    </div>
  )
}
