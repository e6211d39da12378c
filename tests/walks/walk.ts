import { cleanup, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  createMachine,
  SimulatedClock,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  type InspectionEvent,
} from 'xstate'
import { createTestModel } from 'xstate/graph'
import { setActorClock, watchActors } from '../../src/machines/runtime'
import { createCoverage } from './coverage'

/**
 * Model-based walks of a chart through something the chart does not define: the rendered app (or
 * the real server). Paths are generated from the chart; each step is performed the way a user or
 * the network would (a click, an HTTP answer, time passing), the app's own actor of the chart must
 * follow the path, and at each step the walk checks what the user sees in that state and what the
 * event must have caused. Coverage is measured on the actors the app started, not on a model.
 */

type Snapshot = ReturnType<AnyStateMachine['getInitialSnapshot']>

/** What one walk drives: the rendered app, the network, the clock. */
export type WalkContext<Ui> = { ui: Ui; clock: SimulatedClock; actor: () => AnyActorRef; event: AnyEventObject }

export type Perform<Ui> = (ctx: WalkContext<Ui>) => unknown
export type Check<Ui> = (ctx: WalkContext<Ui>) => unknown

/** One place the chart is used: a screen at an address, with the chart input it gives. */
export type Surface<Ui> = {
  name: string
  /** The input the screen gives its chart; the paths are generated from it. */
  input?: unknown
  /** Events this screen can produce (with the payloads the walk's steps use). */
  events: AnyEventObject[]
  /** Events the screen offers in a state (default: every event the chart accepts there). */
  when?: (snapshot: Snapshot, event: AnyEventObject) => boolean
  /** The part of the context that tells two states apart for the traversal (default: none). */
  vertex?: (snapshot: Snapshot) => unknown
  start: () => Promise<Ui> | Ui
  stop: (ui: Ui) => void
  /** Which of the chart's actors is the one under test (default: the last one started). */
  pick?: (actors: AnyActorRef[]) => AnyActorRef | undefined
}

export type WalkSpec<Ui> = {
  name: string
  machine: AnyStateMachine
  surfaces: Surface<Ui>[]
  /** How each event is produced: a user's action, the network's answer, time. */
  perform: Record<string, Perform<Ui>>
  /** What the user sees in a state, by state path (`editing`, `table.loading`). */
  states: Record<string, Check<Ui>>
  /** What an event must have caused, whatever state the chart says follows (the spec's requirement). */
  after?: Record<string, Check<Ui>>
  /** How long a step may take to show (ms of real time while polling the app's state). */
  timeout?: number
}

/** The chart as `createTestModel` accepts it: invocations' and delays' outcomes as plain events. */
export function modelOf(machine: AnyStateMachine): AnyStateMachine {
  type Config = Record<string, unknown>
  const rewrite = (node: AnyStateNode): Config => {
    const { invoke: _invoke, after, states: _states, on, ...config } = node.config as Config
    const events: Config = { ...(on as Config | undefined) }
    for (const def of node.invoke) {
      if (def.onDone) events[`xstate.done.actor.${def.id}`] = def.onDone
      if (def.onError) events[`xstate.error.actor.${def.id}`] = def.onError
    }
    for (const [delay, transition] of Object.entries((after as Config | undefined) ?? {}))
      events[`xstate.after.${delay}.${node.id}`] = transition
    const children = Object.entries(node.states).map(([key, child]) => [key, rewrite(child)] as const)
    return { ...config, on: events, ...(children.length ? { states: Object.fromEntries(children) } : {}) }
  }
  return createMachine(
    rewrite(machine.root) as Parameters<typeof createMachine>[0],
    machine.implementations as Parameters<typeof createMachine>[1],
  )
}

/** `table.loading`, `search.idle`, ... of a state value, ancestors included. */
export function statePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value]
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [
    prefix + key,
    ...statePaths(child, `${prefix}${key}.`),
  ])
}

const delayOf = (machine: AnyStateMachine, type: string) => {
  const name = /^xstate\.after\.([^.]+)\./.exec(type)?.[1] ?? ''
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>
  const value = delays[name] ?? Number(name)
  if (typeof value !== 'number' || Number.isNaN(value)) throw new Error(`unknown delay ${name}`)
  return value
}

/** An event as a test name shows it: `error:saveRecord(409)`, `form.changed(dirty=true)`, `after:searchDelay`. */
const stepName = (event: AnyEventObject) => {
  const type = event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\.([^.]+)\..*$/, 'after:$1')
  const status = (event as { error?: { status?: unknown } }).error?.status
  if (status !== undefined) return `${type}(${String(status)})`
  const plain = Object.entries(event).filter(([key, value]) => key !== 'type' && ['boolean', 'number', 'string'].includes(typeof value))
  return plain.length ? `${type}(${plain.map(([key, value]) => `${key}=${String(value)}`).join(',')})` : type
}

const nameOf = (steps: readonly { event: AnyEventObject }[], value: unknown) =>
  `${['start', ...steps.slice(1).map((s) => stepName(s.event))].join(' → ')} ⇒ ${JSON.stringify(value)}`

export function walk<Ui>(spec: WalkSpec<Ui>) {
  const { machine } = spec
  const coverage = createCoverage(machine)
  // a ceiling, not a pause: a busy machine may take seconds to show a step
  const timeout = spec.timeout ?? 15_000

  describe(`${spec.name}: paths of the chart walked through the app`, () => {
    for (const surface of spec.surfaces) {
      const types = new Set(surface.events.map((e) => e.type))
      const model = createTestModel(modelOf(machine), {
        events: surface.events,
        // a finished chart (a final state) takes no more events
        filterEvents: (snapshot: Snapshot, event: AnyEventObject) =>
          snapshot.status === 'active' && types.has(event.type) && (surface.when?.(snapshot, event) ?? true),
        // a vertex per state and per transition that arrives there, so the shortest paths take every transition
        serializeState: (snapshot: Snapshot, event: AnyEventObject | undefined, previous?: Snapshot) =>
          JSON.stringify([snapshot.value, surface.vertex?.(snapshot) ?? null]) +
          (event
            ? ` via ${JSON.stringify(event)} from ${JSON.stringify([previous?.value, previous ? (surface.vertex?.(previous) ?? null) : null])}`
            : ''),
      } as never)
      const paths = model.getShortestPaths(surface.input === undefined ? {} : { input: surface.input })
      describe(surface.name, () => {
        for (const path of paths) {
          it(nameOf(path.steps, path.state.value), async () => {
            const actors: AnyActorRef[] = []
            const received = new Map<AnyActorRef, AnyEventObject[]>()
            const stopWatching = watchActors((event: InspectionEvent) => {
              const ref = event.actorRef as AnyActorRef & { logic?: { id?: string } }
              if (ref.logic?.id !== machine.id) return
              coverage.inspect(event)
              if (event.type === '@xstate.actor') actors.push(ref)
              if (event.type === '@xstate.event') received.set(ref, [...(received.get(ref) ?? []), event.event])
            })
            const clock = new SimulatedClock()
            setActorClock(clock)
            const ui = await surface.start()
            try {
              // the actor under test is chosen when the path starts and kept (a screen that follows may start another)
              const fixed: { actor?: AnyActorRef } = {}
              const actor = () => {
                // kept unless the screen was mounted again (its actor stopped, a new one started in its place)
                if (fixed.actor && fixed.actor.getSnapshot().status !== 'stopped') return fixed.actor
                // a started actor (one that a render React threw away before committing it was made but
                // never started: it still shows its initial state and hears nothing; a started one may
                // have been sent events before it started, so its init is not always the first)
                const started = actors.filter((a) => received.get(a)?.some((e) => e.type === 'xstate.init'))
                const live = started.filter((a) => a.getSnapshot().status === 'active')
                // a chart that finished as it started (a final state reached at once) is still the one under test
                const chosen = surface.pick ? surface.pick(live) : (live.at(-1) ?? started.at(-1))
                if (!chosen) throw new Error(`no ${machine.id} actor is running`)
                return chosen
              }
              const at = (expected: unknown, description: string, wait = timeout) =>
                waitFor(
                  () => {
                    const value = actor().getSnapshot().value
                    if (JSON.stringify(value) !== JSON.stringify(expected))
                      throw new Error(
                        `${description}: the app's ${machine.id} is at ${JSON.stringify(value)}, the path expects ${JSON.stringify(expected)}`,
                      )
                  },
                  { timeout: wait },
                )
              // the screen may take a render (or a dialog's exit) to show the state: checks are retried until then
              const settled = (fn: Check<Ui> | undefined, event: AnyEventObject) =>
                fn ? waitFor(() => fn({ ui, clock, actor, event }), { timeout }) : undefined
              const check = async (value: unknown, event: AnyEventObject) => {
                for (const key of statePaths(value)) await settled(spec.states[key], event)
                await settled(spec.states['*'], event)
              }
              const [first, ...steps] = path.steps
              // the first screen of a worker waits for its modules to load
              await at(first!.state.value, 'start', 30_000)
              fixed.actor = actor()
              await check(first!.state.value, first!.event)
              for (const step of steps) {
                const event = step.event
                // a delay passes on the walk's clock unless the walk says otherwise
                const passTime: Perform<Ui> = () => clock.increment(delayOf(machine, event.type))
                const perform = spec.perform[event.type] ?? (event.type.startsWith('xstate.after.') ? passTime : undefined)
                if (!perform) throw new Error(`the walk does not say how to perform ${event.type}`)
                const before = received.get(actor())?.filter((e) => e.type === event.type).length ?? 0
                await perform({ ui, clock, actor, event })
                await waitFor(
                  () => {
                    const now = received.get(actor())?.filter((e) => e.type === event.type).length ?? 0
                    if (now <= before) throw new Error(`performing ${event.type} did not reach the app's ${machine.id}`)
                  },
                  { timeout },
                )
                await at(step.state.value, event.type)
                await check(step.state.value, event)
                await settled(spec.after?.[event.type], event)
              }
            } finally {
              stopWatching()
              setActorClock(undefined)
              surface.stop(ui)
              cleanup()
              localStorage.clear()
            }
          })
        }
      })
    }
    it('reached every state and took every transition of the chart', () => {
      const r = coverage.print(`${spec.name} (walked through the app)`)
      expect(r.missing).toEqual({ states: [], transitions: [] })
      expect(r.states.reached).toBe(r.states.total)
      expect(r.transitions.taken).toBe(r.transitions.total)
    })
  })
}
