import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import {
  partnersAccess,
  partnersPaths,
  partnersResource,
  partnersScreens,
  partnerTabs,
  partnerTabScreen,
  type Partner,
  type PartnerTab,
  type ReferralSeller,
} from '../../contract/partners'
import { vendorsScreens } from '../../contract/vendors.routes'
import { decimalToHalalas, formatMoney } from '../../domain/money'
import { dataTableMachine } from '../../machines/data-table'
import { Badge } from '../../ui/badge'
import type { DataTableColumn } from '../../ui/data-table'
import { DateTimeCell } from '../shared/date-time-cell'
import { RecordView, viewStyles } from '../shared/record-view'
import { RouteTabs } from '../shared/route-tabs'
import { ResourceTable } from '../shared/resource-table'
import { useCan, useChart, useLang } from '../shared/runtime'
import { ViewActions } from '../shared/view-actions'
import { PayoutTab } from './payout'
import { WalletTab } from './wallet'

const isTab = (value: string | undefined): value is PartnerTab => (partnerTabs as readonly string[]).includes(value ?? '')

/** `view/{id}` and `view/{id}/{tab}`: each tab is an address of its own, the information first. */
export function PartnerViewScreen() {
  return (
    <RecordView<Partner> resource={partnersResource}>{(record, reload) => <PartnerView partner={record} reload={reload} />}</RecordView>
  )
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={viewStyles.row}>
      <dt className={viewStyles.term}>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

const money = (sar: string, lang: 'ar' | 'en') => formatMoney(decimalToHalalas(sar) ?? 0, lang)

function Information({ partner }: { partner: Partner }) {
  const { t } = useTranslation()
  const lang = useLang()
  const ltr = (value: string | null) => <bdi dir="ltr">{value ?? '—'}</bdi>
  return (
    <dl>
      <Row label={t('partners.fields.full_name')}>
        <span dir="auto">{partner.full_name}</span>
      </Row>
      <Row label={t('partners.fields.email')}>{ltr(partner.email)}</Row>
      <Row label={t('partners.fields.phone')}>{ltr(partner.phone)}</Row>
      <Row label={t('partners.fields.second_phone')}>{ltr(partner.second_phone)}</Row>
      <Row label={t('partners.fields.commercial_registration')}>{ltr(partner.commercial_registration)}</Row>
      <Row label={t('partners.fields.tax_no')}>{ltr(partner.tax_no)}</Row>
      <Row label={t('partners.fields.referral_code')}>
        <bdi dir="ltr" className={css({ fontFamily: 'mono', fontWeight: '600' })} data-testid="partner-code">
          {partner.referral_code}
        </bdi>
      </Row>
      <Row label={t('partners.fields.referral_percentage')}>{t('partners.percentOf', { value: partner.referral_percentage })}</Row>
      <Row label={t('partners.fields.referral_due_months')}>{partner.referral_due_months}</Row>
      <Row label={t('partners.fields.referral_consumed_months')}>{partner.referral_consumed_months}</Row>
      <Row label={t('partners.fields.referred_count')}>{partner.referred_count}</Row>
      <Row label={t('partners.fields.balance')}>
        <strong data-testid="partner-balance">{formatMoney(partner.balance_halalas, lang)}</strong>
      </Row>
      <Row label={t('partners.fields.created_at')}>
        <DateTimeCell iso={partner.created_at} lang={lang} />
      </Row>
    </dl>
  )
}

/** Vendors registered with the partner's code: package, paid so far, commission earned, months left. */
function SellersTab({ partnerId }: { partnerId: number }) {
  const { t } = useTranslation()
  const lang = useLang()
  const table = useChart(dataTableMachine, { resource: { name: 'vendors', path: partnersPaths.referralSellers(partnerId) } })
  const amount = (value: string) => (
    <span className={css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })}>{money(value, lang)}</span>
  )
  const columns: DataTableColumn<ReferralSeller>[] = [
    {
      id: 'store_name',
      header: t('partners.sellers.store_name'),
      cell: (row) => (
        <Link to={vendorsScreens.view(row.id)} className={css({ fontWeight: '600' })} dir="auto">
          {row.store_name}
        </Link>
      ),
    },
    { id: 'package', header: t('partners.sellers.package'), cell: (row) => row.package_name ?? '—' },
    {
      id: 'registered_at',
      header: t('partners.sellers.registered_at'),
      cell: (row) => <DateTimeCell iso={row.registered_at} lang={lang} />,
    },
    { id: 'payments_count', header: t('partners.sellers.payments_count'), align: 'center', cell: (row) => row.payments_count },
    { id: 'paid_total', header: t('partners.sellers.paid_total'), align: 'end', cell: (row) => amount(row.paid_total) },
    { id: 'commission_total', header: t('partners.sellers.commission_total'), align: 'end', cell: (row) => amount(row.commission_total) },
    { id: 'months_consumed', header: t('partners.sellers.months_consumed'), align: 'center', cell: (row) => row.months_consumed },
    {
      id: 'months_left',
      header: t('partners.sellers.months_left'),
      align: 'center',
      cell: (row) =>
        row.first_paid_on ? (
          row.months_left
        ) : (
          <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('partners.sellers.notPaidYet')}</span>
        ),
    },
  ]
  return (
    <ResourceTable<ReferralSeller>
      table={table}
      caption={t('partners.tabs.referral-sellers')}
      columns={columns}
      nameOf={(row) => row.store_name}
      empty={t('partners.sellers.empty')}
    />
  )
}

function PartnerView({ partner, reload }: { partner: Partner; reload: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const raw = useParams().tab
  const tab: PartnerTab = isTab(raw) ? raw : 'partner-information'
  const canUpdate = useCan(partnersAccess.can.update)
  const canPay = useCan(partnersAccess.can.pay)
  const pathOf = (next: PartnerTab) =>
    next === 'partner-information' ? partnersScreens.view(partner.id) : partnerTabScreen(partner.id, next)
  const goTo = (next: PartnerTab) => navigate(pathOf(next))
  const tabs: PartnerTab[] = [
    'partner-information',
    'referral-sellers',
    'partner-PaymentTab',
    ...(canPay ? (['partner-payment-create'] as const) : []),
  ]
  const shown: PartnerTab = tabs.includes(tab) ? tab : 'partner-information'
  const content = {
    'partner-information': () => <Information partner={partner} />,
    'referral-sellers': () => <SellersTab partnerId={partner.id} />,
    'partner-PaymentTab': () => <WalletTab partner={partner} onPayOut={canPay ? () => goTo('partner-payment-create') : null} />,
    'partner-payment-create': () => <PayoutTab partner={partner} onPaid={reload} onShowWallet={() => goTo('partner-PaymentTab')} />,
  }[shown]
  return (
    <section className={viewStyles.card} aria-labelledby="partner-name">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mb: '4', flexWrap: 'wrap' })}>
        <h2 id="partner-name" className={css({ fontSize: 'xl', fontWeight: '700' })} dir="auto">
          {partner.full_name}
        </h2>
        <Badge tone={partner.is_active ? 'success' : 'neutral'}>{t(partner.is_active ? 'partners.active' : 'partners.inactive')}</Badge>
        <ViewActions editPath={canUpdate ? partnersScreens.edit(partner.id) : undefined} backPath={partnersScreens.list} />
      </div>
      <RouteTabs
        label={t('partners.tabsLabel')}
        current={shown}
        tabs={tabs.map((value) => ({ value, label: t(`partners.tabs.${value}`), to: pathOf(value) }))}
      >
        {content()}
      </RouteTabs>
    </section>
  )
}
