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
