import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { subscriptionTypes } from '../../contract/core'
import { subscriptionPhases, subscriptionsResource, subscriptionsScreens, type Subscription } from '../../contract/subscriptions'
import { vendorsScreens } from '../../contract/vendors'
import { dataTableMachine } from '../../machines/data-table'
import type { DataTableColumn } from '../../ui/data-table'
import { ResourceTable } from '../shared/resource-table'
import { useChart, useLang } from '../shared/runtime'
import { FilterMulti, FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { useResourceTable, type ResourceTableActor } from '../shared/use-resource-table'
import { usePackageOptions } from '../vendors/package-options'
import { PaymentStatusBadge } from '../vendors/status-badge'
import { Amount, Expiry } from './parts'

const strong = css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })
const nowrap = css({ whiteSpace: 'nowrap' })

/** Subscriptions in a table: with the vendor column in the list, without it in a vendor's own tab. */
export function SubscriptionsTable({
  table,
  withVendor = true,
  empty,
}: {
  table: ResourceTableActor
  withVendor?: boolean
  empty?: string
}) {
  const { t } = useTranslation()
  const lang = useLang()
  const columns: DataTableColumn<Subscription>[] = [
    ...(withVendor
      ? [
          {
            id: 'vendor',
            header: t('subscriptions.fields.vendor'),
            cell: (row: Subscription) => (
              <Link to={vendorsScreens.view(row.vendor.id)} className={strong} dir="auto">
                {row.vendor.name}
              </Link>
            ),
          },
        ]
      : []),
    { id: 'package', header: t('subscriptions.fields.package'), cell: (row) => <span dir="auto">{row.package.name}</span> },
    {
      id: 'subscription_type',
      header: t('subscriptions.fields.subscription_type'),
      cell: (row) => (row.subscription_type ? t(`lists.subscription_types.${row.subscription_type}`) : '—'),
    },
    {
      id: 'starts_at',
      header: t('subscriptions.fields.starts_at'),
      sortable: true,
      cell: (row) => <Expiry value={row.starts_at} lang={lang} />,
    },
    {
      id: 'expires_at',
      header: t('subscriptions.fields.expires_at'),
      sortable: true,
      cell: (row) => <Expiry value={row.expires_at} lang={lang} phase={row.phase} lifetime={row.subscription_type === 'LIFE_TIME'} />,
    },
    { id: 'amount', header: t('subscriptions.fields.amount'), sortable: true, cell: (row) => <Amount value={row.amount} lang={lang} /> },
    {
      id: 'coupon_code',
      header: t('subscriptions.fields.coupon_code'),
      cell: (row) => (row.coupon_code ? <bdi dir="ltr">{row.coupon_code}</bdi> : '—'),
    },
    {
      id: 'payment_status',
      header: t('subscriptions.fields.payment_status'),
      cell: (row) => (row.payment ? <PaymentStatusBadge status={row.payment.status} /> : '—'),
    },
    {
      id: 'invoice_number',
      header: t('subscriptions.fields.invoice_number'),
      cell: (row) =>
        row.invoice_number ? (
          <Link
            to={subscriptionsScreens.invoice(row.id)}
            className={cx(strong, nowrap)}
            aria-label={t('subscriptions.openInvoice', { number: row.invoice_number })}
          >
            <bdi dir="ltr">{row.invoice_number}</bdi>
          </Link>
        ) : (
          '—'
        ),
    },
  ]
  return (
    <ResourceTable<Subscription>
      table={table}
      caption={t('subscriptions.caption')}
      columns={columns}
      viewPath={(row) => subscriptionsScreens.view(row.id)}
      nameOf={(row) => row.invoice_number ?? `#${row.id}`}
      {...(empty ? { empty } : {})}
    />
  )
}

/** `subscriptions/list`: every vendor's subscriptions, filtered by period, package and type, searched by store or invoice. */
export function SubscriptionsListScreen() {
  const { t } = useTranslation()
  const packageOptions = usePackageOptions()
  const table = useResourceTable(subscriptionsResource)
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        filters={
          <>
            <FilterMulti
              table={table}
              name="phase"
              label={t('subscriptions.fields.phase')}
              options={subscriptionPhases.map((value) => ({ value, label: t(`subscriptions.phases.${value}`) }))}
            />
            <FilterSelect table={table} name="package_id" label={t('subscriptions.fields.package')} options={packageOptions} />
            <FilterSelect
              table={table}
              name="subscription_type"
              label={t('subscriptions.fields.subscription_type')}
              options={subscriptionTypes.map((value) => ({ value, label: t(`lists.subscription_types.${value}`) }))}
            />
          </>
        }
      />
      <SubscriptionsTable table={table} />
    </div>
  )
}

/** A vendor's subscriptions (the vendor's view, tab subscribe-payments), newest first. */
export function VendorSubscriptions({ vendorId }: { vendorId: number }) {
  const { t } = useTranslation()
  const table = useChart(dataTableMachine, {
    resource: subscriptionsResource,
    query: { filters: { vendor_id: vendorId }, sort_column: 'created_at', sort_direction: 'desc' },
  })
  return <SubscriptionsTable table={table} withVendor={false} empty={t('subscriptions.vendorEmpty')} />
}
