import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type AnyEventObject, type AnyStateMachine } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { createCoverage } from './coverage'
import { createController, everyTransition, flush, modelOf, nameOf } from './model'

type ReplayOptions = {
  /**
   * Events the traversal may take, including `xstate.done/error.actor.*` and `xstate.after.*`.
   * Named sets are traversed one by one (keeps the paths of a chart with a large context few);
   * coverage is summed over all of them.
   */
  events: AnyEventObject[] | Record<string, AnyEventObject[]>
  /** Ids (= `src`) of the invoked promise actors the test settles on demand. */
  actors: string[]
  inputs: unknown[]
  /** Limits the traversal of charts whose context grows without bound. */
  traversalLimit?: number
}

const delayOf = (machine: AnyStateMachine, type: string) => {
  const name = /^xstate\.after\.([^.]+)\./.exec(type)?.[1] ?? ''
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>
  const value = delays[name] ?? Number(name)
  if (typeof value !== 'number' || Number.isNaN(value)) throw new Error(`unknown delay ${name}`)
  return value
}

/**
 * Replays every shortest path of the chart's model on a real actor: promise actors are settled by
 * the path's `xstate.done/error.actor.*` steps, delays by advancing fake timers by exactly the named
 * delay. Checks value and context after each step and asserts 100 % state and transition coverage.
 */
export function replay(name: string, machine: AnyStateMachine, options: ReplayOptions) {
  const coverage = createCoverage(machine)
  const sets = Array.isArray(options.events) ? { '': options.events } : options.events
  describe(`${name} chart, paths generated from the chart`, () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
    afterEach(() => vi.useRealTimers())
    for (const [setName, events] of Object.entries(sets)) describe(setName || 'all events', () => traverse(events))
    it('reaches every state and takes every transition', () => {
      const r = coverage.print(name)
      expect(r.missing).toEqual({ states: [], transitions: [] })
      expect(r.states.reached).toBe(r.states.total)
      expect(r.transitions.taken).toBe(r.transitions.total)
    })
  })

  function traverse(events: AnyEventObject[]) {
    // Only the set's events: the traversal would otherwise add a bare `{ type }` for every other event the chart handles.
    const types = new Set(events.map((e) => e.type))
    const model = createTestModel(modelOf(machine), {
      events,
      filterEvents: (_: unknown, event: AnyEventObject) => types.has(event.type),
      ...everyTransition,
    })
    for (const input of options.inputs) {
      const paths = model.getShortestPaths({ input, ...(options.traversalLimit ? { limit: options.traversalLimit } : {}) })
      for (const path of paths) {
        it(`${JSON.stringify(input) ?? ''} ${nameOf(path)}`, async () => {
          const ctl = createController()
          const provided = machine.provide({ actors: Object.fromEntries(options.actors.map((id) => [id, ctl.logic(id)])) } as never)
          const actor = createActor(provided, { input, inspect: coverage.inspect } as never).start()
          await flush()
          const step = async ({ event }: { event: AnyEventObject }) => {
            if (event.type.startsWith('xstate.after.')) vi.advanceTimersByTime(delayOf(machine, event.type))
            else if (!(await ctl.settle(event))) actor.send(event as never)
            await flush()
          }
          await path.test({
            states: {
              '*': (state) => {
                expect(actor.getSnapshot().value).toEqual(state.value)
                expect(actor.getSnapshot().context).toEqual(state.context)
              },
            },
            events: Object.fromEntries([...new Set(events.map((e) => e.type))].map((type) => [type, step])),
          })
          actor.stop()
        })
      }
    }
  }
}
