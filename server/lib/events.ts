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

type Transaction = Db['transaction']

/** `target` whose `transaction` is `transaction`, everything else its own. */
const withTransaction = (target: Db, transaction: Transaction): Db =>
  new Proxy(target, {
    get(object, property) {
      if (property === 'transaction') return transaction
      const value: unknown = Reflect.get(object, property, object)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value
    },
  })

/**
 * `tx` as the code inside the transaction holds it: `afterCommit` on it queues in `queue`, and a
 * transaction opened in it (a savepoint) keeps its own queue, handed to `queue` when the savepoint is
 * released and dropped when it rolls back, so nothing runs before the outermost commit.
 */
function tracked(tx: Db, queue: (() => void)[]): Db {
  const transaction = (async (run: (inner: Db) => Promise<unknown>, config?: unknown) => {
    const inner: (() => void)[] = []
    const result = await tx.transaction((savepoint) => run(tracked(savepoint as Db, inner)), config as Parameters<Transaction>[1])
    queue.push(...inner)
    return result
  }) as Transaction
  const proxy = withTransaction(tx, transaction)
  committed.set(proxy, queue)
  return proxy
}

/**
 * The app's database with `afterCommit` honoured: each of its transactions keeps its queue and runs
 * it after the commit (a failing one is logged, the write stands). Transactions nested in one
 * (savepoints) add to the outermost one's queue when they succeed.
 */
export function withAfterCommit(db: Db, onError: (error: unknown) => void): Db {
  const transaction = (async (run: (tx: Db) => Promise<unknown>, config?: unknown) => {
    const queue: (() => void)[] = []
    const result = await db.transaction((tx) => run(tracked(tx as Db, queue)), config as Parameters<Transaction>[1])
    for (const next of queue) {
      try {
        next()
      } catch (error) {
        onError(error)
      }
    }
    return result
  }) as Transaction
  return withTransaction(db, transaction)
}
