import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { subscriptionsResource, subscriptionsScreens, type Subscription } from '../../contract/subscriptions'
import { vendorsScreens } from '../../contract/vendors'
import { shownPaymentMethod } from '../../domain/payments'
import { buttonRecipe } from '../../ui/button'
import { RecordView, viewStyles } from '../shared/record-view'
import { useLang } from '../shared/runtime'
import { ViewActions } from '../shared/view-actions'
import { PaymentStatusBadge } from '../vendors/status-badge'
import { Amount, Expiry, PhaseBadge, periodDay } from './parts'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={viewStyles.row}>
      <dt className={viewStyles.term}>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

const sectionTitle = css({ fontSize: 'lg', fontWeight: '700', mt: '6', mb: '1' })

function SubscriptionView({ subscription: s }: { subscription: Subscription }) {
  const { t } = useTranslation()
  const lang = useLang()
  return (
    <section className={viewStyles.card} aria-labelledby="subscription-title">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mb: '4', flexWrap: 'wrap' })}>
        <h2 id="subscription-title" className={css({ fontSize: 'xl', fontWeight: '700' })} dir="auto">
          {s.vendor.name} · {s.package.name}
        </h2>
        <PhaseBadge phase={s.phase} />
        <ViewActions backPath={subscriptionsScreens.list}>
          {s.invoice_number ? (
            <Link to={subscriptionsScreens.invoice(s.id)} className={buttonRecipe({ variant: 'solid', size: 'sm' })}>
              {t('subscriptions.printInvoice')}
            </Link>
          ) : null}
        </ViewActions>
      </div>
      <dl>
        <Row label={t('subscriptions.fields.vendor')}>
          <Link to={vendorsScreens.view(s.vendor.id)} dir="auto" className={css({ fontWeight: '600' })}>
            {s.vendor.name}
          </Link>
        </Row>
        <Row label={t('subscriptions.fields.package')}>
          <span dir="auto">{s.package.name}</span>
        </Row>
        <Row label={t('subscriptions.fields.subscription_type')}>
          {s.subscription_type ? t(`lists.subscription_types.${s.subscription_type}`) : '—'}
        </Row>
        <Row label={t('subscriptions.fields.phase')}>
          <PhaseBadge phase={s.phase} />
        </Row>
        <Row label={t('subscriptions.fields.starts_at')}>{periodDay(s.starts_at, lang)}</Row>
        <Row label={t('subscriptions.fields.expires_at')}>
          <Expiry value={s.expires_at} lang={lang} phase={s.phase} lifetime={s.subscription_type === 'LIFE_TIME'} />
        </Row>
        <Row label={t('subscriptions.fields.net')}>
          <Amount value={s.net} lang={lang} />
        </Row>
        <Row label={t('subscriptions.fields.discount')}>
          <Amount value={s.discount} lang={lang} />
          {s.coupon_code ? (
            <span className={css({ color: 'fg.muted', ms: '2' })}>
              (<bdi dir="ltr">{s.coupon_code}</bdi>)
            </span>
          ) : null}
        </Row>
        <Row label={t('subscriptions.fields.tax')}>
          <Amount value={s.tax} lang={lang} />
        </Row>
        <Row label={t('subscriptions.fields.amount')}>
          <strong>
            <Amount value={s.amount} lang={lang} />
          </strong>
        </Row>
        <Row label={t('subscriptions.fields.invoice_number')}>
          {s.invoice_number ? (
            <Link to={subscriptionsScreens.invoice(s.id)}>
              <bdi dir="ltr">{s.invoice_number}</bdi>
            </Link>
          ) : (
            '—'
          )}
        </Row>
      </dl>
      <h3 className={sectionTitle}>{t('subscriptions.fields.payment')}</h3>
      {s.payment ? (
        <dl>
          <Row label={t('subscriptions.paymentNumber')}>
            <bdi dir="ltr">{s.payment.payment_number}</bdi>
          </Row>
          <Row label={t('subscriptions.paymentMethod')}>{t(`lists.payment_methods.${shownPaymentMethod(s.payment.method)}`)}</Row>
          <Row label={t('subscriptions.paymentDate')}>{periodDay(s.payment.payment_date, lang)}</Row>
          <Row label={t('subscriptions.fields.payment_status')}>
            <PaymentStatusBadge status={s.payment.status} />
          </Row>
        </dl>
      ) : (
        <p className={css({ color: 'fg.muted' })}>{t('subscriptions.noPayment')}</p>
      )}
    </section>
  )
}

/** `subscriptions/view/{id}`: the period, the amounts, the payment that made it, and its invoice. */
export function SubscriptionViewScreen() {
  return <RecordView<Subscription> resource={subscriptionsResource}>{(record) => <SubscriptionView subscription={record} />}</RecordView>
}
