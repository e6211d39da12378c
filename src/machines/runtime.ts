import type { ActorOptions, AnyActorLogic, InspectionEvent } from 'xstate'

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>

type Inspector = (event: InspectionEvent) => void

const inspectors = new Set<Inspector>()
let clock: Clock | undefined

const inspect: Inspector = (event) => {
  for (const inspector of inspectors) inspector(event)
}

/**
 * Watches every actor the app starts from now on (its snapshots, events and transitions): QA's
 * inspector, the tests' coverage. Returns the function that stops watching.
 */
export function watchActors(inspector: Inspector): () => void {
  inspectors.add(inspector)
  return () => inspectors.delete(inspector)
}

/** The clock the app's actors schedule their delays on (tests: a simulated one); undefined: real time. */
export function setActorClock(next: Clock | undefined) {
  clock = next
}

/** The options every actor of the app is created with: watched, on the app's clock. */
export const actorOptions = (): { inspect: Inspector; clock?: Clock } => (clock ? { inspect, clock } : { inspect })
