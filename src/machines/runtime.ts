import type { ActorOptions, AnyActorLogic, AnyActorRef, InspectionEvent } from 'xstate'

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>

type Inspector = (event: InspectionEvent) => void

const inspectors = new Set<Inspector>()
let clock: Clock | undefined
const started = new Set<AnyActorRef>()

const inspect: Inspector = (event) => {
  // an actor counts once it has started (its first snapshot): one created for a render React then
  // discarded never starts, and is not shown as running
  if (event.type === '@xstate.snapshot') {
    const actor = event.actorRef as AnyActorRef
    if (event.snapshot.status !== 'active') started.delete(actor)
    else if (!started.has(actor)) {
      // stopped actors do not always say so: the set is swept now and then, so a long visit keeps it small
      if (started.size >= 200) liveActors()
      started.add(actor)
    }
  }
  for (const inspector of inspectors) inspector(event)
}

/** The actors of this tab still running (the Flows screen shows them). */
export function liveActors(): AnyActorRef[] {
  for (const actor of started) if (actor.getSnapshot().status !== 'active') started.delete(actor)
  return [...started]
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
