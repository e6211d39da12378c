import { shallowEqual, useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { packageLimitKeys } from '../../contract/packages'
import { screens } from '../../contract/screens'
import { referralLink, type VendorOverview, type VendorSubscriptionState } from '../../contract/vendor-area'
import { vendorDashboardMachine, type VendorDashboardSnapshot } from '../../machines/vendor-dashboard'
import { Badge } from '../../ui/badge'
import { Button, buttonRecipe } from '../../ui/button'
import { LoadingScreen } from '../../ui/spinner'
import { cardStyle, LoadFailed } from '../shared/card'
import { useChart, useLang } from '../shared/runtime'
import { Amount, periodDay, PhaseBadge } from '../subscriptions/parts'

const stateTones: Record<VendorSubscriptionState, 'success' | 'warning' | 'danger' | 'neutral' | 'info'> = {
  pending: 'info',
  active: 'success',
  expiring: 'warning',
  expired: 'danger',
  inactive: 'neutral',
}
const paymentTones = { Success: 'success', Pending: 'info', Rejected: 'danger', DUE_PAYMENT: 'warning' } as const

const sectionTitle = css({ fontSize: 'lg', fontWeight: '700', mb: '4' })
const term = css({ color: 'fg.muted', fontSize: 'sm' })
const cell = css({ py: '3', px: '3', textAlign: 'start', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' })
const headCell = cx(cell, css({ fontSize: 'xs', fontWeight: '700', color: 'fg.muted', whiteSpace: 'nowrap' }))

/** The dashboard's view of the chart: what it shows, and whether the copy button is busy or done. */
const viewOf = (s: VendorDashboardSnapshot) => ({
  loading: s.matches('loading'),
  failure: s.matches('failed') ? (s.context.failure?.message ?? '') : null,
  data: s.context.data,
  copying: s.matches({ ready: 'copying' }),
  copied: s.matches({ ready: 'copied' }),
  copyFailed: s.matches({ ready: 'copyFailed' }),
})

/** A table that scrolls sideways on its own (reachable by keyboard), its headings in a row, its rows as children. */
function ScrollTable(props: { labelledBy: string; caption: string; testId: string; headings: ReactNode[]; children: ReactNode }) {
  return (
    <div className={css({ overflowX: 'auto', position: 'relative' })} tabIndex={0} role="region" aria-labelledby={props.labelledBy}>
      <table className={css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm' })} data-testid={props.testId}>
        <caption className={css({ srOnly: true })}>{props.caption}</caption>
        <thead>
          <tr>
            {props.headings.map((heading, i) => (
              <th key={i} scope="col" className={headCell}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  )
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cardStyle}>
      <h2 id={id} className={sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}

function SubscriptionStatus({ overview }: { overview: VendorOverview }) {
  const { t } = useTranslation()
  const lang = useLang()
  const { state, expires_at } = overview.subscription
  const until = expires_at ? periodDay(expires_at, lang) : null
  const text =
    state === 'pending'
      ? t('vendor-area.subscription.pendingBody')
      : state === 'inactive'
        ? t('vendor-area.subscription.inactiveBody')
        : state === 'expired'
          ? t('vendor-area.subscription.expiredBody', { date: until ?? '—' })
          : until
            ? t('vendor-area.subscription.activeUntil', { date: until })
            : t('vendor-area.subscription.activeForever')
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3', alignItems: 'flex-start' })} data-testid="subscription-status">
      <Badge tone={stateTones[state]}>{t(`vendor-area.subscription.states.${state}`)}</Badge>
      <p className={css({ fontSize: 'md', fontWeight: '600' })}>{text}</p>
    </div>
  )
}

function PackageLimits({ pkg }: { pkg: NonNullable<VendorOverview['package']> }) {
  const { t } = useTranslation()
  const lang = useLang()
  return (
    <>
      <p className={css({ fontSize: 'md', fontWeight: '700' })} data-testid="package-name">
        <bdi>{pkg.name}</bdi>
      </p>
      <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '4' })}>
        <Amount value={pkg.price} lang={lang} /> · {t(`lists.subscription_types.${pkg.subscription_type}`)}
      </p>
      <dl
        data-testid="package-limits"
        className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, columnGap: '8' })}
      >
        {packageLimitKeys.map((key) => (
          <div
            key={key}
            className={css({
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'baseline',
              gap: '3',
              py: '2',
              borderBottomWidth: '1px',
              borderBottomStyle: 'dashed',
              borderColor: 'border.default',
            })}
          >
            <dt className={term}>{t(`subscription-packages.fields.${key}`)}</dt>
            <dd className={css({ fontWeight: '600', textAlign: 'end', fontVariantNumeric: 'tabular-nums' })}>
              {pkg.limits[key] === null ? t('subscription-packages.unlimited') : pkg.limits[key]}
            </dd>
          </div>
        ))}
      </dl>
    </>
  )
}

/** Renew or change the package (the registration's steps 2 and 3); while a payment waits for approval, why not yet. */
function RenewAction({ stopped, pending }: { stopped: boolean; pending: boolean }) {
  const { t } = useTranslation()
  if (stopped) return null
  if (pending)
    return (
      <p className={css({ mt: '4', fontSize: 'sm', color: 'fg.muted' })} data-testid="renew-pending">
        {t('vendor-area.renewal.actionPending')}
      </p>
    )
  return (
    <Link to={screens.userRenewal} className={cx(buttonRecipe({ size: 'md' }), css({ mt: '4' }))} data-testid="renew">
      {t('vendor-area.renewal.action')}
    </Link>
  )
}

/** `/dashboard`: the signed-in vendor's store, subscription, package limits, payments, invoices and referral link. */
export function VendorDashboardScreen() {
  const { t } = useTranslation()
  const lang = useLang()
  const chart = useChart(vendorDashboardMachine)
  const { loading, failure, data, copying, copied, copyFailed } = useSelector(chart, viewOf, shallowEqual)
  if (failure !== null) return <LoadFailed message={failure} onRetry={() => chart.send({ type: 'dashboard.retry' })} />
  if (loading || !data) return <LoadingScreen label={t('vendor-area.loading')} />
  const { overview, payments, subscriptions } = data
  const link = referralLink(window.location.origin, overview.vendor.referral_code)
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '6' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', justifyContent: 'space-between' })}>
        <div className={css({ minW: '0' })}>
          <h1 className={css({ fontSize: '2xl', fontWeight: '800', overflowWrap: 'anywhere' })} data-testid="store-name">
            <bdi>{overview.vendor.store_name}</bdi>
          </h1>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            {t('vendor-area.subdomain')}: <bdi dir="ltr">{overview.vendor.subdomain}</bdi>
          </p>
        </div>
        <Badge tone={overview.vendor.status === 'active' ? 'success' : overview.vendor.status === 'pending' ? 'info' : 'neutral'}>
          {t(`vendors.statuses.${overview.vendor.status}`)}
        </Badge>
      </div>

      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '1fr 2fr' }, gap: '6' })}>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '6' })}>
          <Section id="vendor-subscription" title={t('vendor-area.subscription.title')}>
            <SubscriptionStatus overview={overview} />
            <RenewAction stopped={overview.vendor.status === 'inactive'} pending={payments.some((p) => p.status === 'Pending')} />
          </Section>
          <Section id="vendor-referral" title={t('vendor-area.referral.title')}>
            <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '3' })}>{t('vendor-area.referral.body')}</p>
            <p className={css({ fontSize: 'xl', fontWeight: '800', letterSpacing: 'wide', mb: '3' })} data-testid="referral-code">
              <bdi dir="ltr">{overview.vendor.referral_code}</bdi>
            </p>
            <label htmlFor="referral-link" className={term}>
              {t('vendor-area.referral.link')}
            </label>
            <input
              id="referral-link"
              readOnly
              value={link}
              dir="ltr"
              onFocus={(e) => e.currentTarget.select()}
              className={css({
                display: 'block',
                w: 'full',
                mt: '1',
                mb: '3',
                px: '3',
                h: '10',
                borderWidth: '1px',
                borderColor: 'border.default',
                borderRadius: 'lg',
                bg: 'bg.muted',
                fontSize: 'sm',
              })}
            />
            <Button onClick={() => chart.send({ type: 'dashboard.copyReferral', link })} loading={copying} variant="outline">
              {copied ? t('vendor-area.referral.copied') : t('vendor-area.referral.copy')}
            </Button>
            <p role="status" className={css({ fontSize: 'sm', mt: '2', color: copyFailed ? 'danger.fg' : 'success.fg', minH: '5' })}>
              {copied ? t('vendor-area.referral.copiedStatus') : copyFailed ? t('vendor-area.referral.copyFailed') : ''}
            </p>
          </Section>
        </div>
        <Section id="vendor-package" title={t('vendor-area.package.title')}>
          {overview.package ? <PackageLimits pkg={overview.package} /> : <p className={term}>{t('vendor-area.package.none')}</p>}
        </Section>
      </div>

      <Section id="vendor-payments" title={t('vendor-area.payments.title')}>
        {payments.length === 0 ? (
          <p className={term}>{t('vendor-area.payments.none')}</p>
        ) : (
          <ScrollTable
            labelledBy="vendor-payments"
            caption={t('vendor-area.payments.title')}
            testId="vendor-payments"
            headings={[
              t('vendor-area.payments.number'),
              t('vendor-area.payments.date'),
              t('vendor-area.payments.amount'),
              t('vendor-area.payments.method'),
              t('vendor-area.payments.status'),
            ]}
          >
            {payments.map((p) => (
              <tr key={p.id}>
                <td className={cx(cell, css({ whiteSpace: 'nowrap' }))}>
                  <bdi dir="ltr">{p.payment_number}</bdi>
                </td>
                <td className={cx(cell, css({ whiteSpace: 'nowrap' }))}>{periodDay(p.payment_date, lang)}</td>
                <td className={cell}>
                  <Amount value={p.amount} lang={lang} />
                </td>
                <td className={cell}>{t(`lists.payment_methods.${p.method}`)}</td>
                <td className={cell}>
                  <Badge tone={paymentTones[p.status]}>{t(`lists.payment_statuses.${p.status}`)}</Badge>
                  {p.status === 'Rejected' && p.reason ? (
                    <p className={css({ mt: '1', color: 'danger.fg', fontSize: 'xs' })}>
                      {t('vendor-area.payments.reason')}: <bdi>{p.reason}</bdi>
                    </p>
                  ) : p.status === 'Pending' ? (
                    <p className={css({ mt: '1', color: 'fg.muted', fontSize: 'xs' })}>{t('vendor-area.payments.awaiting')}</p>
                  ) : null}
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </Section>

      <Section id="vendor-invoices" title={t('vendor-area.invoices.title')}>
        {subscriptions.length === 0 ? (
          <p className={term}>{t('vendor-area.invoices.none')}</p>
        ) : (
          <ScrollTable
            labelledBy="vendor-invoices"
            caption={t('vendor-area.invoices.title')}
            testId="vendor-invoices"
            headings={[
              t('vendor-area.invoices.number'),
              t('vendor-area.invoices.package'),
              t('vendor-area.invoices.period'),
              t('vendor-area.invoices.amount'),
              <span key="print" className={css({ srOnly: true })}>
                {t('vendor-area.invoices.print')}
              </span>,
            ]}
          >
            {subscriptions.map((s) => (
              <tr key={s.id}>
                <td className={cx(cell, css({ whiteSpace: 'nowrap' }))}>
                  <bdi dir="ltr">{s.invoice_number ?? '—'}</bdi>
                </td>
                <td className={cell}>
                  <bdi>{s.package}</bdi>
                  <div className={css({ mt: '1' })}>
                    <PhaseBadge phase={s.phase} />
                  </div>
                </td>
                <td className={cx(cell, css({ whiteSpace: 'nowrap' }))}>
                  {periodDay(s.starts_at, lang)} – {s.expires_at ? periodDay(s.expires_at, lang) : t('subscriptions.never')}
                </td>
                <td className={cell}>
                  <Amount value={s.amount} lang={lang} />
                </td>
                <td className={cell}>
                  {s.invoice_number ? (
                    <Link
                      to={screens.userInvoice(s.id)}
                      className={buttonRecipe({ variant: 'outline', size: 'sm' })}
                      aria-label={t('vendor-area.invoices.printOne', { number: s.invoice_number })}
                    >
                      {t('vendor-area.invoices.print')}
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </Section>
    </div>
  )
}
