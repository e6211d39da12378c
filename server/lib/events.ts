import type { Db } from '../db'
import type { AppDeps } from './context'

/**
 * What one module tells the others happened inside a write, so they can add their rows in the same
 * transaction without the emitting module knowing them (a payment approved: the subscriptions module
 * activates the subscription; the partners module credits the referrer).
 */
export type Reaction = {
  event: string
  run: (tx: Db, payload: unknown, deps: AppDeps) => Promise<void>
}

/** A typed event: the emitting module declares it; others subscribe with `on` in their module's `reactions`. */
export type ModuleEvent<T> = {
  readonly name: string
  /** A reaction for a module's `reactions`: runs in the emitter's transaction; throwing rolls it all back. */
  on: (run: (tx: Db, payload: T, deps: AppDeps) => Promise<void>) => Reaction
  /** Runs every module's reaction in turn, in module order, inside `tx`. */
  emit: (deps: AppDeps, tx: Db, payload: T) => Promise<void>
}

export function defineEvent<T>(name: string): ModuleEvent<T> {
  return {
    name,
    on: (run) => ({ event: name, run: (tx, payload, deps) => run(tx, payload as T, deps) }),
    emit: async (deps, tx, payload) => {
      for (const reaction of deps.reactions.get(name) ?? []) await reaction.run(tx, payload, deps)
    },
  }
}

/** What runs once the transaction it was queued in has committed, by transaction. */
const committed = new WeakMap<object, (() => void)[]>()

/**
 * Runs `run` once the transaction of `tx` has committed, never when it rolls back (what tells the
 * world about a write: a live notification). Outside a transaction of the app's database (`tx` is
 * the database itself, already written) it runs on the next tick.
 */
export function afterCommit(tx: Db, run: () => void): void {
  const queue = committed.get(tx)
  if (queue) queue.push(run)
  else queueMicrotask(run)
}

/**
 * The app's database with `afterCommit` honoured: each of its transactions keeps its queue and runs
 * it after the commit (a failing one is logged, the write stands).
 */
export function withAfterCommit(db: Db, onError: (error: unknown) => void): Db {
  const transaction = (async (run: (tx: Db) => Promise<unknown>, config?: unknown) => {
    const queue: (() => void)[] = []
    const result = await db.transaction(
      async (tx) => {
        committed.set(tx, queue)
        return run(tx)
      },
      config as Parameters<Db['transaction']>[1],
    )
    for (const next of queue) {
      try {
        next()
      } catch (error) {
        onError(error)
      }
    }
    return result
  }) as Db['transaction']
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') return transaction
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}
