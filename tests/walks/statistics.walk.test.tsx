import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { dashboardPaths, type DashboardCards, type DashboardPeriod, type Statistics } from '../../src/contract/dashboard'
import { screens } from '../../src/contract/screens'
import { statisticsMachine } from '../../src/machines/statistics'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk } from './walk'

/**
 * statistics walked through the admin dashboard: skeletons while the cards and the charts of the
 * period arrive; each card's figure with its link to the filtered list; another period reads its
 * charts again while the shown ones stay (busy), the address keeps the period; a failure says so
 * with Try again, and a failed period keeps the earlier figures.
 */

const net = createNetwork()
type Ui = { app: App; net: Network }
type S = ReturnType<typeof statisticsMachine.getInitialSnapshot>

const cards: DashboardCards = {
  vendors: { pending: 3, active: 12, inactive: 2 },
  active_subscriptions: 11,
  revenue: { this_month: { net: '1200.00', vat: '180.00' }, last_month: { net: '1000.00', vat: '150.00' } },
  payments_pending: 4,
  payments_pending_vendors: 3,
  expiring_7: 1,
  expiring_30: 5,
  contact_new: 6,
  support_open: 7,
}
const DAY = 86_400_000
/** The figures of a period: as many days as it has, a registration on its last day from its own source. */
const statisticsOf = (period: DashboardPeriod): Statistics => {
  const length = period === '30d' ? 30 : period === '90d' ? 90 : 365
  const days = Array.from({ length }, (_, i) => new Date(Date.UTC(2026, 10, 28) - (length - 1 - i) * DAY).toISOString().slice(0, 10))
  return {
    period,
    computed_at: '2026-11-28T09:41:00.000Z',
    from: days[0]!,
    to: days.at(-1)!,
    revenue_by_month: Array.from({ length: 12 }, (_, i) => ({
      month: new Date(Date.UTC(2025, 11 + i, 1)).toISOString().slice(0, 7),
      net: '100.00',
      vat: '15.00',
    })),
    registrations: { days, sources: [{ source: `source-${period}`, counts: days.map((_, i) => (i === length - 1 ? 2 : 0)) }] },
    subscriptions_by_package: [{ package_id: 2, title_ar: 'الأساسية', title_en: 'Basic monthly', count: 11 }],
  }
}
const refused = 'Something went wrong on our side.'
const calls = {
  cards: { method: 'GET', path: dashboardPaths.cards },
  statistics: (period?: DashboardPeriod) => ({
    method: 'GET',
    path: dashboardPaths.statistics,
    ...(period ? { query: (q: URLSearchParams) => q.get('period') === period } : {}),
  }),
}
const label: Record<DashboardPeriod, string> = { '30d': '30 days', '90d': '90 days', '12m': '12 months' }

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadAll' },
  { type: 'xstate.error.actor.loadAll', error: { status: 500, message: refused, errors: {} } },
  { type: 'statistics.retry' },
  { type: 'statistics.period', period: '30d' },
  { type: 'statistics.period', period: '12m' },
  { type: 'xstate.done.actor.loadPeriod' },
  { type: 'xstate.error.actor.loadPeriod', error: { status: 500, message: refused, errors: {} } },
]

const period = (s: S) => s.context.period
const value = (testId: string) => screen.getByTestId(`${testId}-value`).textContent

walk<Ui>({
  name: 'statistics',
  machine: statisticsMachine,
  timeout: 8000,
  surfaces: [
    {
      name: 'the admin dashboard',
      input: { period: '90d' },
      events,
      // the period already chosen is a checked radio: choosing it again sends nothing
      when: (s, event) => event.type !== 'statistics.period' || event.period !== (s as S).context.period,
      // which period's figures are shown tells two "ready" states apart
      vertex: (s) => [(s as S).context.statistics?.period ?? null, (s as S).context.cards !== null],
      start: () => {
        net.install()
        net.reset()
        const app = renderApp(net, screens.dashboard)
        return { app, net }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'xstate.done.actor.loadAll': async ({ ui, actor }) => {
      const p = period(actor().getSnapshot() as S)
      await ui.net.answer(calls.cards, ok({ cards }), 30_000)
      await ui.net.answer(calls.statistics(p), ok({ statistics: statisticsOf(p) }), 30_000)
    },
    'xstate.error.actor.loadAll': async ({ ui }) => {
      await ui.net.answer(calls.cards, failed(500, refused), 30_000)
    },
    'statistics.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again!' })),
    'statistics.period': ({ event }) => fireEvent.click(screen.getByRole('radio', { name: label[event.period as DashboardPeriod] })),
    'xstate.done.actor.loadPeriod': async ({ ui, actor }) => {
      const p = period(actor().getSnapshot() as S)
      await ui.net.answer(calls.statistics(p), ok({ statistics: statisticsOf(p) }), 30_000)
    },
    'xstate.error.actor.loadPeriod': async ({ ui, actor }) => {
      await ui.net.answer(calls.statistics(period(actor().getSnapshot() as S)), failed(500, refused), 30_000)
    },
  },
  states: {
    loading: () => {
      expect(screen.getByTestId('dashboard-skeleton')).toBeTruthy()
      expect(screen.queryByTestId('card-vendors')).toBeNull()
      expect(screen.getByTestId('welcome').textContent).toBe('Welcome, Huda Admin')
    },
    failed: () => {
      expect(screen.getByText(refused)).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Try again!' })).toBeTruthy()
      expect(screen.queryByTestId('card-vendors')).toBeNull()
      expect(screen.queryByTestId('dashboard-skeleton')).toBeNull()
    },
    ready: ({ actor }) => {
      const p = period(actor().getSnapshot() as S)
      expect(screen.getByRole<HTMLInputElement>('radio', { name: label[p] }).checked).toBe(true)
      expect(value('card-vendors')).toBe('17')
      expect(within(screen.getByTestId('card-vendors')).getByRole('link', { name: '3 pending' }).getAttribute('href')).toBe(
        '/admin-panel/venders/list?status=pending',
      )
      expect(value('card-revenue')).toBe('1,200.00 SR')
      expect(screen.getByTestId('card-revenue').textContent).toContain('(+20%)')
      expect(within(screen.getByTestId('card-contact')).getByRole('link').getAttribute('href')).toBe('/admin-panel/contact/list?is_read=0')
      expect(within(screen.getByTestId('card-expiring-7')).getByRole('link').getAttribute('href')).toBe(
        '/admin-panel/subscriptions/list?phase=expiring',
      )
      expect(value('card-support')).toBe('7')
      expect(within(screen.getByTestId('card-payments')).getByRole('link').getAttribute('href')).toBe(
        '/admin-panel/venders/list?payment_status=Pending',
      )
      expect(screen.getByTestId('card-payments').textContent).toContain('Of 3 vendors')
      const charts = screen.getByTestId('dashboard-charts')
      expect(charts.getAttribute('aria-busy')).toBeNull()
      expect(screen.getByTestId('statistics-counted').textContent).toMatch(/^Counted 28 November 2026 at \d\d:41;/)
      // the registrations of the period's own source, its last day linked to the vendors registered that day
      expect(within(charts).getAllByText(`source-${p}`).length).toBeGreaterThan(0)
      expect(within(charts).getByRole('link', { name: 'Basic monthly' }).getAttribute('href')).toBe(
        '/admin-panel/subscriptions/list?phase=active%2Cexpiring&package_id=2',
      )
      expect(screen.queryByTestId('dashboard-skeleton')).toBeNull()
      expect(screen.queryByText(refused)).toBeNull()
    },
    changing: ({ actor, ui }) => {
      const p = period(actor().getSnapshot() as S)
      expect(screen.getByRole<HTMLInputElement>('radio', { name: label[p] }).checked).toBe(true)
      expect(screen.getByTestId('dashboard-charts').getAttribute('aria-busy')).toBe('true')
      expect(value('card-vendors')).toBe('17')
      expect(ui.app.router.state.location.search).toBe(p === '90d' ? '' : `?period=${p}`)
    },
    periodFailed: () => {
      expect(screen.getByText(refused)).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Try again!' })).toBeTruthy()
      // the earlier figures stay
      expect(value('card-vendors')).toBe('17')
      expect(screen.getByTestId('dashboard-charts').getAttribute('aria-busy')).toBeNull()
    },
  },
})
