import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { packageTypes, subscriptionTypes } from '../../contract/core'
import { packagesAccess, packagesResource, packagesScreens, type SubscriptionPackage } from '../../contract/packages'
import { decimalToHalalas, formatMoney } from '../../domain/money'
import { Badge } from '../../ui/badge'
import { Button, buttonRecipe } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { useActiveColumn } from '../shared/active-column'
import { cardStyle } from '../shared/card'
import { DateTimeCell } from '../shared/date-time-cell'
import { ResourceTable } from '../shared/resource-table'
import { FilterMulti, TableToolbar } from '../shared/table-toolbar'
import { useResourceTable } from '../shared/use-resource-table'
import { useCan, useLang } from '../shared/runtime'
import { PackageOrder } from './order'

const typeTone = { FREE_TRIAL: 'info', STANDARD: 'neutral', ELITE: 'warning' } as const

/** A limit as the list shows it: the number, or "Unlimited". */
const LimitValue = ({ value }: { value: number | null }) => {
  const { t } = useTranslation()
  const lang = useLang()
  return value === null ? (
    <span className={css({ color: 'fg.muted' })}>{t('subscription-packages.unlimited')}</span>
  ) : (
    <>{value.toLocaleString(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-US')}</>
  )
}

export function PackagesListScreen() {
  const { t } = useTranslation()
  const table = useResourceTable(packagesResource)
  const canCreate = useCan(packagesAccess.can.create)
  const canUpdate = useCan(packagesAccess.can.update)
  const canDelete = useCan(packagesAccess.can.delete)
  const lang = useLang()
  const activeColumn = useActiveColumn<SubscriptionPackage>(table, canUpdate, (row) => row.title)
  const [ordering, setOrdering] = useState(false)

  const columns: DataTableColumn<SubscriptionPackage>[] = [
    {
      id: 'display_order',
      header: '#',
      sortable: true,
      align: 'center',
      cell: (row) => row.display_order + 1,
    },
    {
      id: 'title',
      header: t('subscription-packages.fields.title'),
      sortable: true,
      cell: (row) =>
        canUpdate ? (
          <Link
            to={packagesScreens.edit(row.id)}
            className={css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })}
          >
            {row.title}
          </Link>
        ) : (
          <span className={css({ fontWeight: '600' })}>{row.title}</span>
        ),
    },
    {
      id: 'package_type',
      header: t('subscription-packages.fields.package_type'),
      cell: (row) => <Badge tone={typeTone[row.package_type]}>{t(`lists.package_types.${row.package_type}`)}</Badge>,
    },
    {
      id: 'period',
      header: t('subscription-packages.fields.period'),
      cell: (row) =>
        row.package_type === 'FREE_TRIAL'
          ? t('lists.package_types.FREE_TRIAL')
          : row.subscription_type === 'DAYS' && row.days !== null
            ? t('subscription-packages.daysCount', { count: row.days })
            : t(`lists.subscription_types.${row.subscription_type}`),
    },
    {
      id: 'price',
      header: t('subscription-packages.fields.price'),
      sortable: true,
      cell: (row) => <span className={css({ whiteSpace: 'nowrap' })}>{formatMoney(decimalToHalalas(row.price) ?? 0, lang)}</span>,
    },
    {
      id: 'product_count',
      header: t('subscription-packages.fields.product_count'),
      cell: (row) => <LimitValue value={row.product_count} />,
    },
    {
      id: 'users_count',
      header: t('subscription-packages.fields.users_count'),
      cell: (row) => <LimitValue value={row.users_count} />,
    },
    activeColumn,
    {
      id: 'created_at',
      header: t('subscription-packages.fields.created_at'),
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
            <FilterMulti
              table={table}
              name="package_type"
              label={t('subscription-packages.fields.package_type')}
              options={packageTypes.map((value) => ({ value, label: t(`lists.package_types.${value}`) }))}
            />
            <FilterMulti
              table={table}
              name="subscription_type"
              label={t('subscription-packages.fields.subscription_type')}
              options={subscriptionTypes.map((value) => ({ value, label: t(`lists.subscription_types.${value}`) }))}
            />
          </>
        }
        action={
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            {canUpdate ? (
              <Button variant="outline" aria-expanded={ordering} onClick={() => setOrdering((open) => !open)}>
                {t('subscription-packages.reorder.title')}
              </Button>
            ) : null}
            <Link to={packagesScreens.general} className={buttonRecipe({ variant: 'outline' })}>
              {t('subscription-packages.generalMenu')}
            </Link>
            {canCreate ? (
              <Link to={packagesScreens.create} className={buttonRecipe({ variant: 'solid' })}>
                {t('subscription-packages.add')}
              </Link>
            ) : null}
          </div>
        }
      />
      {ordering ? (
        <section aria-label={t('subscription-packages.reorder.title')} className={cardStyle}>
          <PackageOrder onSaved={() => table.send({ type: 'table.reload' })} />
        </section>
      ) : null}
      <ResourceTable<SubscriptionPackage>
        table={table}
        caption={t('subscription-packages.caption')}
        columns={columns}
        {...(canUpdate ? { editPath: (row: SubscriptionPackage) => packagesScreens.edit(row.id) } : {})}
        canDelete={canDelete}
        nameOf={(row) => row.title}
      />
    </div>
  )
}
