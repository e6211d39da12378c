import { dashboardPaths, type DashboardCards, type DashboardPeriod, type Statistics } from '../contract/dashboard'
import { call } from './client'

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {})

/** `GET admin-panal/dashboard`: the cards of what needs attention now. */
export const fetchDashboardCards = async (signal?: AbortSignal): Promise<DashboardCards> =>
  (await call<{ cards: DashboardCards }>(dashboardPaths.cards, withSignal(signal))).cards

/** `GET admin-panal/get-statistics?period=`: the charts of a period. */
export const fetchStatistics = async (period: DashboardPeriod, signal?: AbortSignal): Promise<Statistics> =>
  (await call<{ statistics: Statistics }>(dashboardPaths.statistics, { query: { period }, ...withSignal(signal) })).statistics
