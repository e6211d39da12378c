import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import {
  paymentsAccess,
  vendorsAccess,
  vendorsPaths,
  vendorsResource,
  vendorsScreens,
  vendorTabs,
  type Vendor,
  type VendorTab,
} from '../../contract/vendors'
import { dataTableMachine } from '../../machines/data-table'
import type { DataTableColumn } from '../../ui/data-table'
import { Tabs } from '../../ui/tabs'
import { RecordView, viewStyles } from '../shared/record-view'
import { ResourceTable } from '../shared/resource-table'
import { useCan, useChart, useLang } from '../shared/runtime'
import { ViewActions } from '../shared/view-actions'
import { subscriptionsAccess } from '../../contract/subscriptions'
import { VendorSubscriptions } from '../subscriptions/list'
import { CreatePaymentTab } from './create-payment'
import { formatDay, formatMarketplaces } from './format'
import { PaymentsTab } from './payments'
import { VendorStatusBadge } from './status-badge'

const isTab = (value: string | null): value is VendorTab => (vendorTabs as readonly string[]).includes(value ?? '')

/** `view/{id}` with its tabs in the address (`?tab=`), so Back returns to the tab before. */
export function VendorViewScreen() {
  return <RecordView<Vendor> resource={vendorsResource}>{(record, reload) => <VendorView vendor={record} reload={reload} />}</RecordView>
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={viewStyles.row}>
      <dt className={viewStyles.term}>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function Information({ vendor }: { vendor: Vendor }) {
  const { t } = useTranslation()
  const lang = useLang()
  return (
    <dl>
      <Row label={t('vendors.fields.store_name')}>
        <span dir="auto">{vendor.store_name}</span>
      </Row>
      <Row label={t('vendors.fields.company_name')}>
        <span dir="auto">{vendor.company_name}</span>
      </Row>
      <Row label={t('vendors.fields.commercial_registration')}>
        <bdi dir="ltr">{vendor.commercial_registration}</bdi>
      </Row>
      <Row label={t('vendors.fields.commercial_registration_expiry')}>{formatDay(vendor.commercial_registration_expiry, lang)}</Row>
      <Row label={t('vendors.fields.phone')}>
        <bdi dir="ltr">{vendor.phone}</bdi>
      </Row>
      <Row label={t('vendors.fields.email')}>
        <bdi dir="ltr">{vendor.email}</bdi>
      </Row>
      <Row label={t('vendors.fields.subdomain')}>
        <bdi dir="ltr">{vendor.subdomain}</bdi>
      </Row>
      <Row label={t('vendors.fields.package_id')}>
        {vendor.package_name ?? (vendor.package_id ? t('vendors.packageNumber', { id: vendor.package_id }) : t('vendors.noPackage'))}
      </Row>
      <Row label={t('vendors.fields.subscription_expires_at')}>{formatDay(vendor.subscription_expires_at, lang)}</Row>
      <Row label={t('vendors.fields.tax_no')}>
        <bdi dir="ltr">{vendor.tax_no ?? '—'}</bdi>
      </Row>
      <Row label={t('vendors.fields.marketplaces')}>{formatMarketplaces(vendor.marketplaces, lang) || '—'}</Row>
      <Row label={t('vendors.fields.utm_source')}>
        <bdi dir="ltr">{vendor.utm_source ?? '—'}</bdi>
      </Row>
      <Row label={t('vendors.fields.referral_code')}>
        <bdi dir="ltr">{vendor.referral_code}</bdi>
      </Row>
      <Row label={t('vendors.fields.referred_by')}>
        {vendor.referred_by ? <Link to={vendorsScreens.view(vendor.referred_by.id)}>{vendor.referred_by.store_name}</Link> : '—'}
      </Row>
      <Row label={t('vendors.fields.created_at')}>{formatDay(vendor.created_at, lang)}</Row>
      <Row label={t('vendors.fields.description')}>
        <span dir="auto">{vendor.description ?? '—'}</span>
      </Row>
    </dl>
  )
}

/** Vendors registered with this vendor's referral code. */
function ReferralsTab({ vendorId }: { vendorId: number }) {
  const { t } = useTranslation()
  const lang = useLang()
  const table = useChart(dataTableMachine, { resource: { name: 'vendors', path: vendorsPaths.referrals(vendorId) } })
  const columns: DataTableColumn<Vendor>[] = [
    {
      id: 'store_name',
      header: t('vendors.fields.store_name'),
      cell: (row) => (
        <Link to={vendorsScreens.view(row.id)} className={css({ fontWeight: '600' })} dir="auto">
          {row.store_name}
        </Link>
      ),
    },
    { id: 'status', header: t('vendors.fields.status'), cell: (row) => <VendorStatusBadge status={row.status} /> },
    { id: 'created_at', header: t('vendors.fields.created_at'), cell: (row) => formatDay(row.created_at, lang) },
  ]
  return (
    <ResourceTable<Vendor> table={table} caption={t('vendors.tabs.referral-vendors')} columns={columns} nameOf={(row) => row.store_name} />
  )
}

function VendorView({ vendor, reload }: { vendor: Vendor; reload: () => void }) {
  const { t } = useTranslation()
  const [search, setSearch] = useSearchParams()
  const canUpdate = useCan(vendorsAccess.can.update)
  const canViewPayments = useCan(paymentsAccess.can.view)
  const canViewSubscriptions = useCan(subscriptionsAccess.can.view)
  const canCreatePayments = useCan(paymentsAccess.can.create)
  const raw = search.get('tab')
  const tab: VendorTab = isTab(raw) ? raw : 'information'
  const goTo = (next: string) => {
    const params = new URLSearchParams(search)
    if (next === 'information') params.delete('tab')
    else params.set('tab', next)
    setSearch(params)
  }
  const items = [
    { value: 'information', label: t('vendors.tabs.information'), content: <Information vendor={vendor} /> },
    ...(canViewPayments
      ? [{ value: 'payments', label: t('vendors.tabs.payments'), content: <PaymentsTab vendorId={vendor.id} onVendorChanged={reload} /> }]
      : []),
    { value: 'referral-vendors', label: t('vendors.tabs.referral-vendors'), content: <ReferralsTab vendorId={vendor.id} /> },
    ...(canViewSubscriptions
      ? [
          {
            value: 'subscribe-payments',
            label: t('vendors.tabs.subscribe-payments'),
            content: <VendorSubscriptions vendorId={vendor.id} />,
          },
        ]
      : []),
    ...(canCreatePayments
      ? [
          {
            value: 'create-payments',
            label: t('vendors.tabs.create-payments'),
            content: (
              <CreatePaymentTab
                vendor={vendor}
                onRecorded={() => {
                  reload()
                  goTo('payments')
                }}
              />
            ),
          },
        ]
      : []),
  ]
  return (
    <section className={viewStyles.card} aria-labelledby="vendor-name">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mb: '4', flexWrap: 'wrap' })}>
        <h2 id="vendor-name" className={css({ fontSize: 'xl', fontWeight: '700' })} dir="auto">
          {vendor.store_name}
        </h2>
        <VendorStatusBadge status={vendor.status} />
        <ViewActions editPath={canUpdate ? vendorsScreens.edit(vendor.id) : undefined} backPath={vendorsScreens.list} />
      </div>
      <Tabs label={t('vendors.tabs.label')} items={items} value={tab} onValueChange={goTo} />
    </section>
  )
}
