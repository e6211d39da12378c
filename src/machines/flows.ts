import {
  assign,
  initialTransition,
  transition,
  fromCallback,
  fromPromise,
  setup,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyMachineSnapshot as AnySnapshot,
  type SnapshotFrom,
  type StateValue,
} from 'xstate'
import { loadChartTexts, type ChartTextsByLanguage as Texts } from './chart-doc'
import type { ChartLayout } from './chart-layout'
import { liveActors, watchActors } from './runtime'

/** A chart a module declares, loaded when picked. */
export type DeclaredChart = { module: string; id: string; load: () => Promise<AnyStateMachine> }
/** An actor of this tab running a chart: its state now and its last events (newest last). */
export type LiveActor = { sessionId: string; chartId: string; value: StateValue; events: string[] }
export type PathStep = { event: string; value: StateValue }

const EVENTS_KEPT = 50

export type FlowsEvent =
  | { type: 'flows.select'; id: string }
  | { type: 'flows.retry' }
  | { type: 'flows.stateFocused'; key: string }
  | { type: 'flows.targetChosen'; key: string }
  | { type: 'flows.stepNext' }
  | { type: 'flows.stepBack' }
  | { type: 'flows.pathCleared' }
  | { type: 'flows.actorsSeen'; actors: LiveActor[] }
  | { type: 'flows.inspected'; sessionId: string; chartId: string; value: StateValue | null; event: string | null }

type Context = {
  charts: DeclaredChart[]
  selected: string | null
  machine: AnyStateMachine | null
  texts: Texts | null
  layout: ChartLayout | null
  focused: string | null
  actors: Record<string, LiveActor>
  target: string | null
  path: PathStep[] | null
  step: number
}

/** The keys (`signedIn`, `signedIn.idle`) of the states active in a state value. */
export function activeKeys(value: StateValue | null | undefined, prefix = ''): string[] {
  if (value === null || value === undefined) return []
  if (typeof value === 'string') return [prefix + value]
  return Object.entries(value).flatMap(([k, v]) => [prefix + k, ...(v === undefined ? [] : activeKeys(v as StateValue, `${prefix}${k}.`))])
}

/** Stands for any payload while paths are searched: every field read of it is itself, and it prints as ''. */
const anything: unknown = new Proxy(() => anything, {
  get: (_, key) => (key === Symbol.toPrimitive ? () => '' : key === 'then' || key === 'toJSON' ? undefined : anything),
  apply: () => anything,
})

/** An event of a type whose every other field reads as anything. */
const anyPayload = (type: string): AnyEventObject =>
  new Proxy({ type } as AnyEventObject, { get: (target, key) => (key in target ? target[key as 'type'] : anything) })

/**
 * What a chart offers the path player beyond its events' shapes (the chart's root `meta.examples`):
 * starting inputs (a record to edit, a payment's status) and events with real payloads (a subdomain
 * typed, a record fetched), for states that only such data reaches.
 */
export type ChartExamples = { inputs?: readonly unknown[]; events?: readonly AnyEventObject[] }

export const examplesOf = (machine: AnyStateMachine): ChartExamples =>
  ((machine.root.meta as { examples?: ChartExamples } | undefined)?.examples ?? {}) as ChartExamples

/** A state left at once by an unguarded eventless transition: never a resting state, only passed through. */
export function isPassedThrough(machine: AnyStateMachine, key: string): boolean {
  const node = key.split('.').reduce<AnyStateNode | undefined>((n, k) => n?.states[k], machine.root)
  return Boolean(node?.always?.some((t) => !t.guard))
}

/**
 * The shortest path (xstate/graph) from the chart's start to a state: every event type of the chart
 * is tried with a payload that reads as anything, and with the chart's examples; from its start with
 * any input and from each example input. A step that throws is not taken.
 */
export function shortestPathTo(machine: AnyStateMachine, key: string): PathStep[] | null {
  const examples = examplesOf(machine)
  // an event the chart gives examples of is tried with those only: a payload that reads as anything
  // would make states of no use and slow the search
  const exampled = new Set((examples.events ?? []).map((e) => e.type))
  const events = [...new Set(machine.events)]
    .filter((type) => !exampled.has(type))
    .flatMap((type): AnyEventObject[] =>
      type.startsWith('xstate.error.')
        ? FAILURE_STATUSES.map((status) => ({ type, error: { status, message: '', errors: {} } }))
        : [anyPayload(type)],
    )
    .concat(examples.events ?? [])
  const inputs = [...(examples.inputs ?? []), anything]
  // states told apart by value first (the chart's own graph), then by value and data
  return breadthFirst(machine, key, events, inputs, byValue) ?? breadthFirst(machine, key, events, inputs, byValueAndData)
}

const reaches = (key: string) => (s: { value: StateValue }) => activeKeys(s.value).includes(key)
/** The data a state holds, as far as it tells states apart (functions and actors left out, long values cut). */
function dataOf(context: unknown): string {
  const seen = new WeakSet<object>()
  const text = JSON.stringify(context, (_, v: unknown) => {
    if (typeof v === 'function') return undefined
    if (typeof v === 'object' && v !== null) {
      if (seen.has(v) || 'sessionId' in v) return undefined
      seen.add(v)
    }
    return v
  })
  return (text ?? '').slice(0, 400)
}

/** How many distinct states a search visits at most (a chart whose data grows without end stops there). */
const SEARCH_LIMIT = 1500

type Identify = (snapshot: AnySnapshot) => string
const byValue: Identify = (s) => JSON.stringify(s.value)
const byValueAndData: Identify = (s) => JSON.stringify(s.value) + dataOf(s.context)

/**
 * The chart's transitions (xstate's pure `transition`) searched breadth first from each input, until
 * the state is found or the search limit is met: the first path found is a shortest one. States are
 * told apart by `identify`.
 */
function breadthFirst(
  machine: AnyStateMachine,
  key: string,
  events: AnyEventObject[],
  inputs: unknown[],
  identify: Identify,
): PathStep[] | null {
  let best: PathStep[] | null = null
  for (const input of inputs) {
    let start: AnySnapshot
    try {
      start = initialTransition(machine, input)[0] as AnySnapshot
    } catch {
      continue
    }
    const seen = new Set([identify(start)])
    const first: PathStep[] = [{ event: '(start)', value: start.value }]
    if (reaches(key)(start)) return first
    let frontier: { snapshot: AnySnapshot; path: PathStep[] }[] = [{ snapshot: start, path: first }]
    // each level one step longer: a state found while a level is made ends a shortest path
    search: while (frontier.length > 0 && seen.size < SEARCH_LIMIT && (best === null || frontier[0]!.path.length + 1 < best.length)) {
      const next: typeof frontier = []
      for (const { snapshot, path } of frontier) {
        if (snapshot.status !== 'active') continue
        for (const event of events) {
          let after: AnySnapshot
          try {
            after = transition(machine, snapshot as never, event)[0] as AnySnapshot
          } catch {
            continue
          }
          const id = identify(after)
          if (seen.has(id)) continue
          seen.add(id)
          const steps = [...path, { event: event.type, value: after.value }]
          if (reaches(key)(after)) {
            best = steps
            break search
          }
          next.push({ snapshot: after, path: steps })
        }
      }
      frontier = next
    }
  }
  return best
}

/** The answers a failed call can bring, each leading its own way (offline, refused, stale, invalid, broken). */
const FAILURE_STATUSES = [0, 401, 409, 422, 500]

const keep = (events: string[], event: string | null) => (event ? [...events, event].slice(-EVENTS_KEPT) : events)

/**
 * QA's Flows screen: pick a declared chart, see it laid out with its descriptions in both languages,
 * follow the actors of this tab that run it (state and last events, through the actors' inspection),
 * and replay the shortest path to a chosen state step by step.
 */
export const flowsMachine = setup({
  types: { context: {} as Context, events: {} as FlowsEvent, input: {} as { charts: DeclaredChart[] } },
  actors: {
    loadChart: fromPromise<{ machine: AnyStateMachine; texts: Texts }, { chart: DeclaredChart | undefined }>(async ({ input }) => {
      if (!input.chart) throw new Error('no such chart')
      const machine = await input.chart.load()
      return { machine, texts: await loadChartTexts(machine.id) }
    }),
    layoutChart: fromPromise<ChartLayout, { machine: AnyStateMachine }>(async ({ input }) =>
      (await import('./chart-layout')).layoutChart(input.machine),
    ),
    watchLive: fromCallback<AnyEventObject, { rootId: string }>(({ sendBack, input }) => {
      const chartOf = (actor: AnyActorRef) => {
        const logic = (actor as unknown as { logic?: { config?: unknown; id?: string } }).logic
        return logic && logic.config && typeof logic.id === 'string' ? logic.id : null
      }
      sendBack({
        type: 'flows.actorsSeen',
        actors: liveActors().flatMap((actor) => {
          const chartId = chartOf(actor)
          const snapshot = actor.getSnapshot() as { value?: StateValue }
          return chartId && snapshot.value !== undefined && actor.sessionId !== input.rootId
            ? [{ sessionId: actor.sessionId, chartId, value: snapshot.value, events: [] }]
            : []
        }),
      })
      return watchActors((e) => {
        if (e.rootId === input.rootId) return
        const chartId = chartOf(e.actorRef as AnyActorRef)
        if (!chartId) return
        if (e.type === '@xstate.snapshot') {
          const s = e.snapshot as { status: string; value?: StateValue }
          sendBack({
            type: 'flows.inspected',
            sessionId: e.actorRef.sessionId,
            chartId,
            value: s.status === 'active' ? (s.value ?? null) : null,
            event: e.event.type,
          })
        }
      })
    }),
  },
  guards: {
    canStepNext: ({ context }) => context.path !== null && context.step < context.path.length - 1,
    canStepBack: ({ context }) => context.path !== null && context.step > 0,
  },
}).createMachine({
  id: 'flows',
  description: "QA's Flows screen: the declared charts, one laid out at a time, the actors of this tab that run it, and a path player.",
  context: ({ input }) => ({
    charts: input.charts,
    selected: null,
    machine: null,
    texts: null,
    layout: null,
    focused: null,
    actors: {},
    target: null,
    path: null,
    step: 0,
  }),
  invoke: { id: 'watchLive', src: 'watchLive', input: ({ self }) => ({ rootId: self.sessionId }) },
  on: {
    'flows.select': {
      target: '.loading',
      reenter: true,
      description: 'A chart is picked from the list: it is loaded.',
      actions: assign({ selected: ({ event }) => event.id, machine: null, layout: null, focused: null, target: null, path: null, step: 0 }),
    },
    'flows.actorsSeen': {
      description: 'The actors already running when the screen opened.',
      actions: assign({
        actors: ({ context, event }) => ({ ...Object.fromEntries(event.actors.map((a) => [a.sessionId, a])), ...context.actors }),
      }),
    },
    'flows.inspected': {
      description: 'An actor of this tab took an event: its state and last events follow; a stopped one leaves the list.',
      actions: assign({
        actors: ({ context, event }) => {
          const { [event.sessionId]: known, ...others } = context.actors
          if (event.value === null) return others
          return {
            ...others,
            [event.sessionId]: {
              sessionId: event.sessionId,
              chartId: event.chartId,
              value: event.value,
              events: keep(known?.events ?? [], event.event),
            },
          }
        },
      }),
    },
  },
  initial: 'choosing',
  states: {
    choosing: { description: 'No chart picked yet: the list of charts by module.' },
    loading: {
      description: "The picked chart's code and its descriptions in both languages are loaded.",
      invoke: {
        id: 'loadChart',
        src: 'loadChart',
        input: ({ context }) => ({ chart: context.charts.find((c) => c.id === context.selected) }),
        onDone: {
          target: 'laying',
          description: 'Loaded: it is laid out.',
          actions: assign({ machine: ({ event }) => event.output.machine, texts: ({ event }) => event.output.texts }),
        },
        onError: { target: 'failed', description: 'Not loaded: the failure is shown with a retry.' },
      },
    },
    laying: {
      description: 'The diagram is laid out (elkjs, loaded with the first chart).',
      invoke: {
        id: 'layoutChart',
        src: 'layoutChart',
        input: ({ context }) => ({ machine: context.machine as AnyStateMachine }),
        onDone: { target: 'ready', description: 'The diagram is drawn.', actions: assign({ layout: ({ event }) => event.output }) },
        onError: { target: 'failed', description: 'The layout failed: the failure is shown with a retry.' },
      },
    },
    ready: {
      description: 'The diagram is shown: states can be focused to read their descriptions, and a path played to any state.',
      on: {
        'flows.stateFocused': {
          description: 'A state is focused: its description and transitions are shown.',
          actions: assign({ focused: ({ event }) => event.key }),
        },
        'flows.targetChosen': {
          description: 'A state to reach is chosen: the shortest path to it is found and shown from its first step.',
          actions: assign({
            target: ({ event }) => event.key,
            path: ({ context, event }) => (context.machine ? shortestPathTo(context.machine, event.key) : null),
            step: 0,
          }),
        },
        'flows.stepNext': {
          guard: 'canStepNext',
          description: 'The path moves one step on.',
          actions: assign({ step: ({ context }) => context.step + 1 }),
        },
        'flows.stepBack': {
          guard: 'canStepBack',
          description: 'The path moves one step back.',
          actions: assign({ step: ({ context }) => context.step - 1 }),
        },
        'flows.pathCleared': { description: 'The path is put away.', actions: assign({ target: null, path: null, step: 0 }) },
      },
    },
    failed: {
      description: 'The chart could not be loaded or laid out: the failure with a retry.',
      on: { 'flows.retry': { target: 'loading', description: 'Load it again.' } },
    },
  },
})

export type FlowsSnapshot = SnapshotFrom<typeof flowsMachine>

/** The live actors of the shown chart. */
export const liveOfChart = (s: FlowsSnapshot): LiveActor[] =>
  Object.values(s.context.actors).filter((a) => a.chartId === s.context.selected)
/** The state keys the live actors of the shown chart are in. */
export const liveKeys = (s: FlowsSnapshot): string[] => [...new Set(liveOfChart(s).flatMap((a) => activeKeys(a.value)))]
/** The state keys of the path's current step. */
export const stepKeys = (s: FlowsSnapshot): string[] => activeKeys(s.context.path?.[s.context.step]?.value)
