import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { paymentStatuses } from '../../contract/payments'
import { vendorsAccess, vendorsPaths, vendorsResource, vendorsScreens, vendorStatuses, type Vendor } from '../../contract/vendors'
import { buttonRecipe } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { ExportButton, exportQueryOf } from '../shared/export-button'
import { ResourceTable } from '../shared/resource-table'
import { useCan, useLang } from '../shared/runtime'
import { useMarketplaceOptions, usePackageOptions } from './package-options'
import { FilterDate, FilterMulti, FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { useResourceTable } from '../shared/use-resource-table'
import { formatDay, formatMarketplaces } from './format'
import { VendorStatusBadge } from './status-badge'

const EXPIRING_DAYS = [7, 30, 60, 90]
const UTM_SOURCES = ['google', 'instagram', 'snapchat', 'twitter', 'tiktok']

export function VendorsListScreen() {
  const { t } = useTranslation()
  const packageOptions = usePackageOptions()
  const marketplaceOptions = useMarketplaceOptions()
  const table = useResourceTable(vendorsResource)
  const canCreate = useCan(vendorsAccess.can.create)
  const canUpdate = useCan(vendorsAccess.can.update)
  const canDelete = useCan(vendorsAccess.can.delete)
  const canExport = useCan(vendorsAccess.can.export)
  const lang = useLang()

  const muted = css({ display: 'block', color: 'fg.muted', fontSize: 'xs' })
  const columns: DataTableColumn<Vendor>[] = [
    {
      id: 'store_name',
      header: t('vendors.fields.store_name'),
      sortable: true,
      cell: (row) => (
        <>
          <Link
            to={vendorsScreens.view(row.id)}
            className={css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })}
            dir="auto"
          >
            {row.store_name}
          </Link>
          <span className={muted} dir="auto">
            {row.company_name}
          </span>
        </>
      ),
    },
    {
      id: 'phone',
      header: t('vendors.fields.phone'),
      cell: (row) => (
        <>
          <bdi dir="ltr">{row.phone}</bdi>
          <span className={muted}>
            <bdi dir="ltr">{row.email}</bdi>
          </span>
        </>
      ),
    },
    {
      id: 'package_id',
      header: t('vendors.fields.package_id'),
      cell: (row) => row.package_name ?? (row.package_id ? t('vendors.packageNumber', { id: row.package_id }) : t('vendors.noPackage')),
    },
    { id: 'status', header: t('vendors.fields.status'), sortable: true, cell: (row) => <VendorStatusBadge status={row.status} /> },
    {
      id: 'subscription_expires_at',
      header: t('vendors.fields.subscription_expires_at'),
      sortable: true,
      cell: (row) => formatDay(row.subscription_expires_at, lang),
    },
    {
      id: 'created_at',
      header: t('vendors.fields.created_at'),
      sortable: true,
      cell: (row) => (
        <>
          {formatDay(row.created_at, lang)}
          {row.utm_source ? (
            <span className={muted}>
              <bdi dir="ltr">{row.utm_source}</bdi>
            </span>
          ) : null}
        </>
      ),
    },
    {
      id: 'subdomain',
      header: t('vendors.fields.subdomain'),
      cell: (row) => (
        <>
          <bdi dir="ltr">{row.subdomain}</bdi>
          {row.marketplaces.length > 0 ? <span className={muted}>{formatMarketplaces(row.marketplaces, lang)}</span> : null}
        </>
      ),
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
              label={t('vendors.fields.status')}
              options={vendorStatuses.map((value) => ({ value, label: t(`vendors.statuses.${value}`) }))}
            />
            <FilterMulti
              table={table}
              name="payment_status"
              label={t('vendors.filters.payment_status')}
              options={paymentStatuses.map((value) => ({ value, label: t(`lists.payment_statuses.${value}`) }))}
            />
            <FilterSelect table={table} name="package_id" label={t('vendors.filters.package_id')} options={packageOptions} />
            <FilterSelect table={table} name="marketplace" label={t('vendors.filters.marketplace')} options={marketplaceOptions} />
            <FilterDate table={table} name="registered_from" label={t('vendors.filters.registered_from')} />
            <FilterDate table={table} name="registered_to" label={t('vendors.filters.registered_to')} minFilter="registered_from" />
            <FilterSelect
              table={table}
              name="utm_source"
              label={t('vendors.fields.utm_source')}
              options={UTM_SOURCES.map((value) => ({ value, label: value }))}
            />
            <FilterSelect
              table={table}
              name="expiring_within"
              label={t('vendors.filters.expiring_within')}
              options={EXPIRING_DAYS.map((n) => ({ value: String(n), label: String(n) }))}
            />
          </>
        }
        action={
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            {canExport ? (
              <ExportButton
                path={vendorsPaths.export}
                filename="vendors"
                query={() => exportQueryOf(table)}
                label={t('vendors.export')}
                busyLabel={t('vendors.exporting')}
                failedLabel={t('vendors.exportFailed')}
              />
            ) : null}
            {canCreate ? (
              <Link to={vendorsScreens.create} className={buttonRecipe({ variant: 'solid' })}>
                {t('vendors.add')}
              </Link>
            ) : null}
          </div>
        }
      />
      <ResourceTable<Vendor>
        table={table}
        caption={t('vendors.caption')}
        columns={columns}
        viewPath={(row) => vendorsScreens.view(row.id)}
        {...(canUpdate ? { editPath: (row: Vendor) => vendorsScreens.edit(row.id) } : {})}
        canDelete={canDelete}
        nameOf={(row) => row.store_name}
      />
    </div>
  )
}
