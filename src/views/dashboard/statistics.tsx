import { shallowEqual, useSelector } from '@xstate/react'
import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { contactScreens } from '../../contract/contact.routes'
import {
  dashboardPeriods,
  DEFAULT_DASHBOARD_PERIOD,
  type DashboardCards,
  type DashboardPeriod,
  type Statistics,
} from '../../contract/dashboard'
import { subscriptionsScreens } from '../../contract/subscriptions.routes'
import { supportScreens } from '../../contract/support.routes'
import { vendorsScreens } from '../../contract/vendors.routes'
import { statisticsMachine, type StatisticsSnapshot } from '../../machines/statistics'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { Chart, type ChartProps } from '../../ui/chart'
import { LoadFailed } from '../shared/card'
import { formatDateTime } from '../shared/format'
import { useCount } from '../shared/numbers'
import { useChart, useLang } from '../shared/runtime'
import { useMoney } from '../shared/money'

/** A list's address narrowed by its filters (the lists read their filters from the address). */
const listed = (path: string, filters: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)])).toString()}`

const periodOf = (value: string | null): DashboardPeriod =>
  (dashboardPeriods as readonly string[]).includes(value ?? '') ? (value as DashboardPeriod) : DEFAULT_DASHBOARD_PERIOD

const viewOf = (s: StatisticsSnapshot) => ({
  loading: s.matches('loading'),
  failed: s.matches('failed'),
  busy: s.matches('changing'),
  periodFailed: s.matches('periodFailed'),
  message: s.context.failure?.message ?? null,
  period: s.context.period,
  cards: s.context.cards,
  statistics: s.context.statistics,
})

const styles = {
  section: css({ display: 'flex', flexDir: 'column', gap: '5', mt: '6' }),
  head: css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' }),
  heading: css({ fontSize: 'xl', fontWeight: '700' }),
  cards: css({
    display: 'grid',
    gap: '4',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
  }),
  card: css({
    display: 'flex',
    flexDir: 'column',
    gap: '1',
    bg: 'bg.surface',
    borderRadius: 'xl',
    borderWidth: '1px',
    borderColor: 'border.default',
    p: '5',
    minW: '0',
  }),
  cardLink: css({
    color: 'inherit',
    textDecoration: 'none',
    transition: 'border-color 0.15s',
    _hover: { borderColor: 'primary.400' },
    _focusVisible: { outline: '2px solid', outlineColor: 'primary.600', outlineOffset: '2px' },
  }),
  cardLabel: css({ color: 'fg.muted', fontSize: 'sm', fontWeight: '500' }),
  cardValue: css({ fontSize: '2xl', fontWeight: '700', fontVariantNumeric: 'tabular-nums' }),
  cardNote: css({ color: 'fg.muted', fontSize: 'xs' }),
  parts: css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '1' }),
  part: css({
    fontSize: 'xs',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    bg: 'bg.subtle',
    color: 'fg.default',
    textDecoration: 'none',
    _hover: { textDecoration: 'underline' },
  }),
  charts: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', xl: 'repeat(2, minmax(0, 1fr))' } }),
  chartBox: css({ bg: 'bg.surface', borderRadius: 'xl', borderWidth: '1px', borderColor: 'border.default', p: '5', minW: '0' }),
  wide: css({ gridColumn: { xl: 'span 2' } }),
  skeleton: css({ borderRadius: 'xl', bg: 'bg.muted', animation: 'pulse 1.5s ease-in-out infinite' }),
  periods: css({
    display: 'inline-flex',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'lg',
    overflow: 'hidden',
    bg: 'bg.surface',
    m: '0',
    p: '0',
  }),
  periodOption: css({
    position: 'relative',
    px: '3',
    py: '1.5',
    fontSize: 'sm',
    cursor: 'pointer',
    '&:not(:first-of-type)': { borderInlineStartWidth: '1px', borderColor: 'border.default' },
    '&:has(input:checked)': { bg: 'primary.600', color: 'white', fontWeight: '600' },
    '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'primary.600', outlineOffset: '-2px' },
  }),
  radio: css({ position: 'absolute', opacity: '0', inset: '0', cursor: 'pointer', m: '0' }),
}

/** A card: its label, its figure and what it is made of; the whole card leads to its list. */
function Card(props: { label: string; value: string; to?: string; note?: ReactNode; testId: string; children?: ReactNode }) {
  const body = (
    <>
      <span className={styles.cardLabel}>{props.label}</span>
      <span className={styles.cardValue} data-testid={`${props.testId}-value`}>
        {props.value}
      </span>
      {props.note ? <span className={styles.cardNote}>{props.note}</span> : null}
    </>
  )
  return props.to ? (
    <div className={styles.card} data-testid={props.testId}>
      <Link to={props.to} className={cx(styles.cardLink, css({ display: 'flex', flexDir: 'column', gap: '1' }))}>
        {body}
      </Link>
      {props.children}
    </div>
  ) : (
    <div className={styles.card} data-testid={props.testId}>
      {body}
      {props.children}
    </div>
  )
}

function Cards({ cards }: { cards: DashboardCards }) {
  const { t } = useTranslation()
  const count = useCount()
  const money = useMoney()
  const vendors = cards.vendors.pending + cards.vendors.active + cards.vendors.inactive
  const thisMonth = Number(cards.revenue.this_month.net)
  const lastMonth = Number(cards.revenue.last_month.net)
  const change = lastMonth > 0 ? Math.round(((thisMonth - lastMonth) / lastMonth) * 100) : null
  return (
    <div className={styles.cards} role="list" aria-label={t('dashboard.cards.label')}>
      <div role="listitem" className={css({ display: 'contents' })}>
        <Card label={t('dashboard.cards.vendors')} value={count(vendors)} to={vendorsScreens.list} testId="card-vendors">
          <div className={styles.parts}>
            {(['pending', 'active', 'inactive'] as const).map((status) => (
              <Link
                key={status}
                to={listed(vendorsScreens.list, { status })}
                className={styles.part}
                data-testid={`card-vendors-${status}`}
              >
                {t(`dashboard.cards.vendorStatus.${status}`, { count: cards.vendors[status], value: count(cards.vendors[status]) })}
              </Link>
            ))}
          </div>
        </Card>
      </div>
      <div role="listitem" className={css({ display: 'contents' })}>
        <Card
          label={t('dashboard.cards.activeSubscriptions')}
          value={count(cards.active_subscriptions)}
          to={listed(subscriptionsScreens.list, { phase: 'active,expiring' })}
          testId="card-subscriptions"
        />
      </div>
      <div role="listitem" className={css({ display: 'contents' })}>
        <Card
          label={t('dashboard.cards.revenue')}
          value={money(cards.revenue.this_month.net)}
          to={subscriptionsScreens.list}
          testId="card-revenue"
          note={
            <>
              {t('dashboard.cards.revenueVat', { vat: money(cards.revenue.this_month.vat) })}
              {' · '}
              {t('dashboard.cards.revenueLast', { net: money(cards.revenue.last_month.net) })}
              {change !== null ? ` (${change > 0 ? '+' : ''}${count(change)}%)` : ''}
            </>
          }
        />
      </div>
      <div role="listitem" className={css({ display: 'contents' })}>
        <Card
          label={t('dashboard.cards.paymentsPending')}
          value={count(cards.payments_pending)}
          to={listed(vendorsScreens.list, { payment_status: 'Pending' })}
          note={t('dashboard.cards.paymentsPendingNote', {
            count: cards.payments_pending_vendors,
            value: count(cards.payments_pending_vendors),
          })}
          testId="card-payments"
        />
      </div>
      <div role="listitem" className={css({ display: 'contents' })}>
        <Card
          label={t('dashboard.cards.expiring7')}
          value={count(cards.expiring_7)}
          to={listed(subscriptionsScreens.list, { phase: 'expiring' })}
          testId="card-expiring-7"
        />
      </div>
      <div role="listitem" className={css({ display: 'contents' })}>
        <Card
          label={t('dashboard.cards.expiring30')}
          value={count(cards.expiring_30)}
          to={listed(vendorsScreens.list, { expiring_within: 30 })}
          testId="card-expiring-30"
        />
      </div>
      <div role="listitem" className={css({ display: 'contents' })}>
        <Card
          label={t('dashboard.cards.contactNew')}
          value={count(cards.contact_new)}
          to={listed(contactScreens.list, { is_read: '0' })}
          testId="card-contact"
        />
      </div>
      <div role="listitem" className={css({ display: 'contents' })}>
        <Card
          label={t('dashboard.cards.supportOpen')}
          value={count(cards.support_open)}
          to={listed(supportScreens.shippingList, { resolved: '0' })}
          testId="card-support"
        />
      </div>
    </div>
  )
}

function Charts({ statistics, busy }: { statistics: Statistics; busy: boolean }) {
  const { t } = useTranslation()
  const lang = useLang()
  const count = useCount()
  const money = useMoney()
  const navigate = useNavigate()
  const locale = lang === 'ar' ? 'ar-SA-u-nu-latn-ca-gregory' : 'en-US'
  const monthLabel = useMemo(() => new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }), [locale])
  const dayLabel = useMemo(() => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }), [locale])
  const common = {
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    showTable: t('dashboard.charts.showTable'),
    hideTable: t('dashboard.charts.hideTable'),
    emptyText: t('dashboard.charts.empty'),
  } satisfies Partial<ChartProps>

  const months = statistics.revenue_by_month
  const days = statistics.registrations.days
  const packages = statistics.subscriptions_by_package
  const sourceLabel = (source: string | null) => source ?? t('dashboard.charts.noSource')
  const dayLink = (i: number) => {
    const day = days[i] ?? ''
    return listed(vendorsScreens.list, { registered_from: day, registered_to: day })
  }
  const packageLink = (i: number) =>
    listed(subscriptionsScreens.list, { phase: 'active,expiring', package_id: packages[i]?.package_id ?? 0 })
  return (
    <div className={styles.charts} aria-busy={busy || undefined} data-testid="dashboard-charts">
      <p className={cx(styles.cardNote, styles.wide)} data-testid="statistics-counted">
        {t('dashboard.countedAt', { date: formatDateTime(statistics.computed_at, lang) })}
      </p>
      <div className={styles.chartBox}>
        <Chart
          {...common}
          title={t('dashboard.charts.revenue')}
          kind="bars"
          labels={months.map((m) => monthLabel.format(new Date(`${m.month}-01T00:00:00Z`)))}
          series={[
            { label: t('dashboard.charts.net'), values: months.map((m) => Number(m.net)), tone: 'primary' },
            { label: t('dashboard.charts.vat'), values: months.map((m) => Number(m.vat)), tone: 'amber' },
          ]}
          format={(v) => money(v)}
          categoryHeader={t('dashboard.charts.month')}
        />
      </div>
      <div className={styles.chartBox}>
        <Chart
          {...common}
          title={t('dashboard.charts.packages')}
          kind="bars"
          labels={packages.map((p) => (lang === 'ar' ? p.title_ar : p.title_en))}
          series={[{ label: t('dashboard.charts.subscriptions'), values: packages.map((p) => p.count), tone: 'green' }]}
          format={count}
          categoryHeader={t('dashboard.charts.package')}
          onSelect={(i) => navigate(packageLink(i))}
          labelCell={(i) => <Link to={packageLink(i)}>{lang === 'ar' ? packages[i]?.title_ar : packages[i]?.title_en}</Link>}
        />
      </div>
      <div className={cx(styles.chartBox, styles.wide)}>
        <Chart
          {...common}
          title={t('dashboard.charts.registrations')}
          kind="bars"
          labels={days.map((d) => dayLabel.format(new Date(`${d}T00:00:00Z`)))}
          series={statistics.registrations.sources.map((s) => ({ label: sourceLabel(s.source), values: s.counts }))}
          format={count}
          categoryHeader={t('dashboard.charts.day')}
          onSelect={(i) => navigate(dayLink(i))}
          labelCell={(i) => <Link to={dayLink(i)}>{dayLabel.format(new Date(`${days[i]}T00:00:00Z`))}</Link>}
        />
      </div>
    </div>
  )
}

function PeriodPicker({ value, onChange }: { value: DashboardPeriod; onChange: (period: DashboardPeriod) => void }) {
  const { t } = useTranslation()
  return (
    <fieldset className={styles.periods}>
      <legend className={css({ srOnly: true })}>{t('dashboard.period.label')}</legend>
      {dashboardPeriods.map((period) => (
        <label key={period} className={styles.periodOption}>
          <input
            type="radio"
            name="dashboard-period"
            value={period}
            checked={value === period}
            onChange={() => onChange(period)}
            className={styles.radio}
          />
          {t(`dashboard.period.${period}`)}
        </label>
      ))}
    </fieldset>
  )
}

const Skeletons = () => (
  <div aria-hidden data-testid="dashboard-skeleton" className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
    <div className={styles.cards}>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className={styles.skeleton} style={{ height: '104px' }} />
      ))}
    </div>
    <div className={styles.charts}>
      <div className={styles.skeleton} style={{ height: '320px' }} />
      <div className={styles.skeleton} style={{ height: '320px' }} />
    </div>
  </div>
)

/** The admin dashboard's figures (permission `dashboard:view`): the cards, the period and its charts. */
export function StatisticsPanel() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const actor = useChart(statisticsMachine, { period: periodOf(params.get('period')) })
  const view = useSelector(actor, viewOf, shallowEqual)
  const choose = (period: DashboardPeriod) => {
    actor.send({ type: 'statistics.period', period })
    setParams(period === DEFAULT_DASHBOARD_PERIOD ? {} : { period }, { replace: true })
  }
  return (
    <section aria-labelledby="statistics-title" className={styles.section} aria-busy={view.loading || undefined}>
      <div className={styles.head}>
        <h2 id="statistics-title" className={styles.heading}>
          {t('dashboard.statistics')}
        </h2>
        {view.cards ? <PeriodPicker value={view.period} onChange={choose} /> : null}
      </div>
      {view.loading ? <Skeletons /> : null}
      {view.failed ? <LoadFailed message={view.message} onRetry={() => actor.send({ type: 'statistics.retry' })} /> : null}
      {view.periodFailed ? (
        <Alert tone="error">
          <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
            {view.message || t('dashboard.periodFailed')}
            <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'statistics.retry' })}>
              {t('actions.tryAgain')}
            </Button>
          </span>
        </Alert>
      ) : null}
      {view.cards ? <Cards cards={view.cards} /> : null}
      {view.statistics ? <Charts statistics={view.statistics} busy={view.busy} /> : null}
    </section>
  )
}
