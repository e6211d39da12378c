import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { fetchDashboardCards, fetchStatistics } from '../api/dashboard'
import type { DashboardCards, DashboardPeriod, Statistics } from '../contract/dashboard'
import { failureOf, type Failure } from './failure'

export type StatisticsInput = { period: DashboardPeriod }
export type StatisticsContext = {
  period: DashboardPeriod
  cards: DashboardCards | null
  statistics: Statistics | null
  failure: Failure | null
}
export type StatisticsEvent = { type: 'statistics.period'; period: DashboardPeriod } | { type: 'statistics.retry' }

/**
 * The admin dashboard's figures: the cards and the charts of a period are read together; another
 * period reads the charts again while the ones shown stay (marked busy); a failure says so with Try
 * again, and the figures already shown stay.
 */
export const statisticsMachine = setup({
  types: { context: {} as StatisticsContext, events: {} as StatisticsEvent, input: {} as StatisticsInput },
  actors: {
    loadAll: fromPromise<{ cards: DashboardCards; statistics: Statistics }, { period: DashboardPeriod }>(async ({ input, signal }) => {
      const [cards, statistics] = await Promise.all([fetchDashboardCards(signal), fetchStatistics(input.period, signal)])
      return { cards, statistics }
    }),
    loadPeriod: fromPromise<Statistics, { period: DashboardPeriod }>(({ input, signal }) => fetchStatistics(input.period, signal)),
  },
  actions: {
    setAll: assign((_, params: { cards: DashboardCards; statistics: Statistics }) => ({ ...params, failure: null })),
    setStatistics: assign((_, params: { statistics: Statistics }) => ({ statistics: params.statistics, failure: null })),
    setPeriod: assign((_, params: { period: DashboardPeriod }) => ({ period: params.period })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
  },
  guards: {
    otherPeriod: ({ context }, params: { period: DashboardPeriod }) => params.period !== context.period,
  },
}).createMachine({
  id: 'statistics',
  // the path player's payloads (Flows screen): another period than the first
  meta: { examples: { inputs: [{ period: '90d' }], events: [{ type: 'statistics.period', period: '30d' }] } },
  description: "The dashboard's cards and charts: read together, a period's charts read again, a failure with Try again.",
  context: ({ input }) => ({ period: input.period, cards: null, statistics: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Skeletons stand where the cards and charts will be.',
      invoke: {
        id: 'loadAll',
        src: 'loadAll',
        input: ({ context }) => ({ period: context.period }),
        onDone: {
          target: 'ready',
          description: 'The figures arrived: the cards and charts are shown.',
          actions: { type: 'setAll', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          description: 'Refused or offline: the message and Try again.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'Nothing could be read: the message and Try again.',
      on: { 'statistics.retry': { target: 'loading', description: 'Try again: everything is read again.' } },
    },
    ready: {
      description: 'The cards and charts are shown; a period can be chosen.',
      on: {
        'statistics.period': {
          guard: { type: 'otherPeriod', params: ({ event }) => ({ period: event.period }) },
          target: 'changing',
          description: 'Another period: its charts are read.',
          actions: { type: 'setPeriod', params: ({ event }) => ({ period: event.period }) },
        },
      },
    },
    changing: {
      description: 'The charts of the chosen period are read; the ones shown stay, marked busy.',
      on: {
        'statistics.period': {
          guard: { type: 'otherPeriod', params: ({ event }) => ({ period: event.period }) },
          target: 'changing',
          reenter: true,
          description: 'Yet another period: the read under way is dropped for this one.',
          actions: { type: 'setPeriod', params: ({ event }) => ({ period: event.period }) },
        },
      },
      invoke: {
        id: 'loadPeriod',
        src: 'loadPeriod',
        input: ({ context }) => ({ period: context.period }),
        onDone: {
          target: 'ready',
          description: "The period's charts are shown.",
          actions: { type: 'setStatistics', params: ({ event }) => ({ statistics: event.output }) },
        },
        onError: {
          target: 'periodFailed',
          description: "The period's charts could not be read: the message and Try again, the earlier figures stay.",
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    periodFailed: {
      description: "The chosen period's charts could not be read: the message with Try again; another period can be chosen.",
      on: {
        'statistics.retry': { target: 'changing', description: "Try again: the period's charts are read again." },
        'statistics.period': {
          guard: { type: 'otherPeriod', params: ({ event }) => ({ period: event.period }) },
          target: 'changing',
          description: 'Another period: its charts are read.',
          actions: { type: 'setPeriod', params: ({ event }) => ({ period: event.period }) },
        },
      },
    },
  },
})

export type StatisticsSnapshot = SnapshotFrom<typeof statisticsMachine>
