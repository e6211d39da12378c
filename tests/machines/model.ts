import {
  createMachine,
  fromPromise,
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  type PromiseActorLogic,
} from 'xstate'

type Config = Record<string, unknown>

/**
 * The chart as `createTestModel` accepts it. A pure traversal cannot run invoked actors or wait,
 * so `createTestModel` refuses charts that invoke or use `after`. The model is the same chart
 * (same ids, guards, actions, context) where each invocation's `onDone`/`onError` and each delayed
 * transition hang on the very event the runtime delivers: `xstate.done.actor.<id>`,
 * `xstate.error.actor.<id>`, `xstate.after.<delay>.<state id>`. Paths generated from it are then
 * replayed step for step on the real chart, whose actors the test settles on demand.
 */
export function modelOf(machine: AnyStateMachine): AnyStateMachine {
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

/** Lets microtasks and promise callbacks run (real `setImmediate`; tests fake only timeouts). */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Promise actors that wait until the test settles them with the `xstate.done.actor.*` or
 * `xstate.error.actor.*` event of a path step. Each invocation's input is kept for assertions.
 */
export function createController() {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>()
  const inputs = new Map<string, unknown>()
  return {
    inputs,
    running: (id: string) => pending.has(id),
    /** A promise actor for the invocation `id` (its id equals its `src` in our charts). */
    logic<TOutput, TInput>(id: string): PromiseActorLogic<TOutput, TInput> {
      return fromPromise<TOutput, TInput>(
        ({ input, signal }) =>
          new Promise<TOutput>((resolve, reject) => {
            const deferred = { resolve: (value: unknown) => resolve(value as TOutput), reject }
            inputs.set(id, input)
            pending.set(id, deferred)
            // A stopped invocation (its state was left) can no longer be settled.
            signal.addEventListener('abort', () => pending.get(id) === deferred && pending.delete(id))
          }),
      )
    },
    /** Settles the invocation the event names; returns false for other events. */
    async settle(event: AnyEventObject): Promise<boolean> {
      const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
      if (!match) return false
      const [, outcome, id = ''] = match
      const deferred = pending.get(id)
      if (!deferred) throw new Error(`${id} is not running`)
      pending.delete(id)
      if (outcome === 'done') deferred.resolve((event as { output?: unknown }).output)
      else deferred.reject((event as { error?: unknown }).error)
      await flush()
      return true
    },
  }
}

export type Effect = [name: string, params?: unknown]

/** Records the side-effect actions a test provides, as `[name, params]` in call order. */
export function createEffects() {
  const calls: Effect[] = []
  return {
    calls,
    record: (name: string) => (_: unknown, params?: unknown) => {
      calls.push(params === undefined ? [name] : [name, params])
    },
    /** Returns and forgets what was recorded so far. */
    take: () => calls.splice(0, calls.length),
  }
}

/** A short test name for a generated path: the events' types and the state it reaches. */
export function nameOf(path: { state: { value: unknown }; steps: ReadonlyArray<{ event: AnyEventObject }> }) {
  const events = path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'))
  return `${['start', ...events].join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`
}

/**
 * `createTestModel` option: a vertex is the snapshot plus the step that produced it (event and
 * previous state value), so shortest paths take every transition, self-transitions included
 * (the default merges arrivals that leave the state value unchanged).
 */
export const everyTransition = {
  serializeTransition: (_: unknown, event: AnyEventObject | undefined, previous?: { value: unknown }) =>
    event ? ` via ${JSON.stringify(event)} from ${JSON.stringify(previous?.value)}` : '',
}
