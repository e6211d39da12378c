import { describe, expect, it } from 'vitest'
import { assign, createActor, createMachine, fromCallback, fromPromise, type AnyEventObject, type AnyStateMachine } from 'xstate'
import type { ChartLayout } from '../../src/machines/chart-layout'
import {
  activeKeys,
  flowsMachine,
  isPassedThrough,
  liveKeys,
  liveOfChart,
  shortestPathTo,
  stepKeys,
  type DeclaredChart,
} from '../../src/machines/flows'

/**
 * The Flows screen's chart with its loads and the tab's actors in the test's hands. The screen itself
 * is tried in a browser (tests/e2e/flows.test.ts); here each transition's effect on what it shows.
 */
const door = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened', lock: 'locked' } },
    opened: { on: { close: 'closed' } },
    locked: {
      initial: 'bolted',
      states: { bolted: { on: { turn: 'turned' } }, turned: {} },
      on: { unlock: 'closed' },
    },
  },
})
const charts: DeclaredChart[] = [
  { module: 'shared', id: 'door', load: async () => door },
  { module: 'shared', id: 'other', load: async () => door },
]
type Texts = Record<'ar' | 'en', Record<string, string>>
const layout: ChartLayout = { width: 10, height: 10, states: [], edges: [] }

function flows() {
  const loads: {
    chart: DeclaredChart | undefined
    done: (v: { machine: AnyStateMachine; texts: Texts }) => void
    fail: (e: unknown) => void
  }[] = []
  const layouts: { machine: AnyStateMachine; done: (v: ChartLayout) => void; fail: (e: unknown) => void }[] = []
  const live: { send?: (e: AnyEventObject) => void; rootId?: string; stopped: boolean } = { stopped: false }
  const actor = createActor(
    flowsMachine.provide({
      actors: {
        loadChart: fromPromise<{ machine: AnyStateMachine; texts: Texts }, { chart: DeclaredChart | undefined }>(
          ({ input }) => new Promise((done, fail) => void loads.push({ chart: input.chart, done, fail })),
        ),
        layoutChart: fromPromise<ChartLayout, { machine: AnyStateMachine }>(
          ({ input }) => new Promise((done, fail) => void layouts.push({ machine: input.machine, done, fail })),
        ),
        watchLive: fromCallback<AnyEventObject, { rootId: string }>(({ sendBack, input }) => {
          live.send = sendBack
          live.rootId = input.rootId
          return () => void (live.stopped = true)
        }),
      },
    }),
    { input: { charts } },
  ).start()
  const snap = () => actor.getSnapshot()
  return { actor, loads, layouts, live, snap, value: () => snap().value, ctx: () => snap().context }
}
const settle = () => new Promise((r) => setTimeout(r, 0))
const texts = { ar: { '': 'باب' }, en: { '': 'A door' } }

async function ready(f: ReturnType<typeof flows>, id = 'door') {
  f.actor.send({ type: 'flows.select', id })
  f.loads.at(-1)!.done({ machine: door, texts })
  await settle()
  f.layouts.at(-1)!.done(layout)
  await settle()
}

describe('flows: picking and drawing a chart', () => {
  it('starts with the list; a pick loads the chart and its texts, then lays it out', async () => {
    const f = flows()
    expect([f.value(), f.ctx().selected]).toEqual(['choosing', null])
    expect(f.live.rootId).toBe(f.actor.sessionId)
    f.actor.send({ type: 'flows.select', id: 'door' })
    expect([f.value(), f.ctx().selected, f.loads[0]!.chart?.id]).toEqual(['loading', 'door', 'door'])
    f.loads[0]!.done({ machine: door, texts })
    await settle()
    expect([f.value(), f.ctx().machine, f.ctx().texts]).toEqual(['laying', door, texts])
    expect(f.layouts[0]!.machine).toBe(door)
    f.layouts[0]!.done(layout)
    await settle()
    expect([f.value(), f.ctx().layout]).toEqual(['ready', layout])
  })

  it('a failed load or layout offers a retry that loads again', async () => {
    const f = flows()
    f.actor.send({ type: 'flows.select', id: 'missing' })
    expect(f.loads[0]!.chart).toBeUndefined()
    f.loads[0]!.fail(new Error('no such chart'))
    await settle()
    expect(f.value()).toBe('failed')
    f.actor.send({ type: 'flows.retry' })
    expect([f.value(), f.loads.length]).toEqual(['loading', 2])
    f.loads[1]!.done({ machine: door, texts })
    await settle()
    f.layouts[0]!.fail(new Error('layout'))
    await settle()
    expect(f.value()).toBe('failed')
  })

  it('another pick forgets the focus and the path of the chart shown', async () => {
    const f = flows()
    await ready(f)
    f.actor.send({ type: 'flows.stateFocused', key: 'opened' })
    f.actor.send({ type: 'flows.targetChosen', key: 'opened' })
    f.actor.send({ type: 'flows.select', id: 'other' })
    expect(f.ctx()).toMatchObject({ selected: 'other', machine: null, layout: null, focused: null, target: null, path: null, step: 0 })
    expect(f.value()).toBe('loading')
  })
})

describe('flows: the path player', () => {
  it('finds the shortest path to a state and steps through it, never past either end', async () => {
    const f = flows()
    await ready(f)
    f.actor.send({ type: 'flows.stateFocused', key: 'locked.turned' })
    expect(f.ctx().focused).toBe('locked.turned')
    f.actor.send({ type: 'flows.targetChosen', key: 'locked.turned' })
    expect(f.ctx().path?.map((s) => s.event)).toEqual(['(start)', 'lock', 'turn'])
    expect(stepKeys(f.snap())).toEqual(['closed'])
    f.actor.send({ type: 'flows.stepBack' })
    expect(f.ctx().step).toBe(0)
    f.actor.send({ type: 'flows.stepNext' })
    expect(stepKeys(f.snap())).toEqual(['locked', 'locked.bolted'])
    f.actor.send({ type: 'flows.stepNext' })
    f.actor.send({ type: 'flows.stepNext' })
    expect([f.ctx().step, stepKeys(f.snap())]).toEqual([2, ['locked', 'locked.turned']])
    f.actor.send({ type: 'flows.stepBack' })
    expect(f.ctx().step).toBe(1)
    f.actor.send({ type: 'flows.targetChosen', key: 'opened' })
    expect([f.ctx().step, f.ctx().path?.map((s) => s.event)]).toEqual([0, ['(start)', 'open']])
    f.actor.send({ type: 'flows.pathCleared' })
    expect([f.ctx().target, f.ctx().path, f.ctx().step, stepKeys(f.snap())]).toEqual([null, null, 0, []])
    f.actor.send({ type: 'flows.stepNext' })
    f.actor.send({ type: 'flows.stepBack' })
    expect(f.ctx().step).toBe(0)
  })

  it('shortestPathTo: through events with payloads and failed calls; none to a state out of reach', () => {
    expect(shortestPathTo(door, 'closed')?.map((s) => s.event)).toEqual(['(start)'])
    expect(shortestPathTo(door, 'nowhere')).toBeNull()
    const call = createMachine({
      id: 'call',
      initial: 'idle',
      states: {
        idle: { on: { go: { target: 'busy', guard: ({ event }) => String(event.name).length >= 0 } } },
        busy: {
          invoke: {
            src: fromPromise(async () => 1),
            id: 'save',
            onError: [{ target: 'conflict', guard: ({ event }) => (event.error as { status: number }).status === 409 }, { target: 'idle' }],
          },
        },
        conflict: {},
      },
    })
    expect(shortestPathTo(call, 'conflict')?.map((s) => s.event)).toEqual(['(start)', 'go', 'xstate.error.actor.save'])
  })
})

describe("the path player on the app's charts", () => {
  it('reaches every state of every declared chart from its start, or says it is only passed through', async () => {
    const { screenModules } = await import('../../src/app/modules')
    const { chartTexts } = await import('../../src/machines/chart-doc')
    const declared = screenModules.flatMap((m) => Object.values(m.charts ?? {}))
    expect(declared.length).toBeGreaterThan(15)
    const unreached: string[] = []
    let passed = 0
    for (const load of declared) {
      const machine = await load()
      for (const { key } of chartTexts(machine).filter((x) => x.kind === 'state' && x.key !== '')) {
        if (isPassedThrough(machine, key)) passed++
        else if (!shortestPathTo(machine, key)?.length) unreached.push(`${machine.id}: ${key}`)
      }
    }
    expect(unreached).toEqual([])
    expect(passed).toBeGreaterThan(0)
  }, 60_000)

  it("uses a chart's example inputs and payloads: a state only real data reaches", () => {
    const gate = createMachine({
      id: 'gate',
      types: {} as { context: { open: boolean }; input: { open: boolean } | undefined; events: { type: 'typed'; code: string } },
      context: ({ input }) => ({ open: input?.open === true }),
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: ({ context }) => context.open, target: 'opened' }, { target: 'closed' }] },
        closed: { on: { typed: { guard: ({ event }) => event.code === '1234', target: 'opened' } } },
        opened: {},
      },
    })
    expect(isPassedThrough(gate, 'deciding')).toBe(true)
    expect(isPassedThrough(gate, 'closed')).toBe(false)
    expect(shortestPathTo(gate, 'opened')).toBeNull()
    const withExamples = createMachine({ ...gate.config, meta: { examples: { events: [{ type: 'typed', code: '1234' }] } } })
    expect(shortestPathTo(withExamples, 'opened')?.map((s) => s.event)).toEqual(['(start)', 'typed'])
    const withInput = createMachine({ ...gate.config, meta: { examples: { inputs: [{ open: true }] } } })
    expect(shortestPathTo(withInput, 'opened')?.map((s) => s.event)).toEqual(['(start)'])
  })

  it('tells states apart by their data when their value alone does not lead on', () => {
    const uploads = createMachine({
      id: 'uploads',
      context: { pending: 0 },
      initial: 'editing',
      states: {
        editing: {
          on: {
            started: { actions: assign({ pending: ({ context }) => context.pending + 1 }) },
            save: [{ guard: ({ context }) => context.pending > 0, target: 'waiting' }, { target: 'saved' }],
          },
        },
        waiting: {},
        saved: {},
      },
    })
    expect(shortestPathTo(uploads, 'waiting')?.map((s) => s.event)).toEqual(['(start)', 'started', 'save'])
  })
})

describe('flows: the actors of the tab', () => {
  it('lists the running actors, follows their states and last events, and drops a stopped one', async () => {
    const f = flows()
    await ready(f)
    f.live.send!({ type: 'flows.actorsSeen', actors: [{ sessionId: 'x:1', chartId: 'door', value: 'closed', events: [] }] })
    expect(liveOfChart(f.snap()).map((a) => a.sessionId)).toEqual(['x:1'])
    f.live.send!({ type: 'flows.inspected', sessionId: 'x:1', chartId: 'door', value: { locked: 'bolted' }, event: 'lock' })
    f.live.send!({ type: 'flows.inspected', sessionId: 'x:2', chartId: 'other', value: 'opened', event: 'open' })
    expect(liveKeys(f.snap())).toEqual(['locked', 'locked.bolted'])
    expect(f.ctx().actors['x:1']?.events).toEqual(['lock'])
    for (let i = 0; i < 60; i++)
      f.live.send!({ type: 'flows.inspected', sessionId: 'x:1', chartId: 'door', value: 'closed', event: i % 2 ? 'unlock' : 'xstate.init' })
    expect(f.ctx().actors['x:1']?.events).toHaveLength(50)
    f.live.send!({ type: 'flows.inspected', sessionId: 'x:1', chartId: 'door', value: 'closed', event: null })
    expect(f.ctx().actors['x:1']?.events).toHaveLength(50)
    // an actor seen first by its events keeps them when the list of running ones comes in
    f.live.send!({ type: 'flows.actorsSeen', actors: [{ sessionId: 'x:1', chartId: 'door', value: 'opened', events: [] }] })
    expect(f.ctx().actors['x:1']?.value).toBe('closed')
    f.live.send!({ type: 'flows.inspected', sessionId: 'x:1', chartId: 'door', value: null, event: 'xstate.stop' })
    expect(liveOfChart(f.snap())).toEqual([])
    expect(Object.keys(f.ctx().actors)).toEqual(['x:2'])
    f.actor.stop()
    expect(f.live.stopped).toBe(true)
  })

  it('activeKeys: every state of a value, ancestors first', () => {
    expect(activeKeys(null)).toEqual([])
    expect(activeKeys(undefined)).toEqual([])
    expect(activeKeys('idle')).toEqual(['idle'])
    expect(activeKeys({ table: 'ready', search: { idle: {} } } as never)).toEqual(['table', 'table.ready', 'search', 'search.idle'])
  })
})
