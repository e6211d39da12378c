import { useEffect, useRef } from 'react'
import type { AnyActorRef, EventFrom, SnapshotFrom } from 'xstate'
import { useRouterPorts, type LeaveBlocker } from './router-ports'

/**
 * Holds back every navigation away from a running form (links, the header menu, Back) and hands it
 * to the crudForm chart, which lets it go or asks first; closing or reloading the tab with unsaved
 * changes gets the browser's own question. `actions` go into the chart's `provide`; call
 * `leaving()` just before the form itself navigates (saved, Cancel → Leave) so that one is not held back.
 */
export function useNavigationGuard() {
  const blocker = useRef<LeaveBlocker | null>(null)
  const leaving = useRef(false)
  return {
    blocker,
    leaving: () => {
      leaving.current = true
    },
    isLeaving: () => leaving.current,
    actions: {
      proceedNavigation: () => blocker.current?.proceed?.(),
      stayOnForm: () => blocker.current?.reset?.(),
    },
  }
}

export type NavigationGuard = ReturnType<typeof useNavigationGuard>

/** How a chart that edits something is told of a navigation and says what it makes of it. */
export type LeaveQuestion<A extends AnyActorRef> = {
  /** The event telling the chart that a navigation was held back. */
  blocked: EventFrom<A>
  /** The chart holds the navigation back, waiting for the admin's answer. */
  held: (s: SnapshotFrom<A>) => boolean
  /** Leaving now would lose typed changes (closing or reloading the tab asks too). */
  unsaved: (s: SnapshotFrom<A>) => boolean
}

/** Holds back the navigations away from a chart's page and hands them to the chart (see `useNavigationGuard`). */
export function useGuardedChart<A extends AnyActorRef>(actor: A, guard: NavigationGuard, question: LeaveQuestion<A>) {
  // The chart decides at once whether a navigation is held: one it lets go is never blocked, so Back
  // from an untouched form is a plain Back (blocking a Back and releasing it replays it through
  // history, which races a quick Forward).
  const blocker = useRouterPorts().useBlocker(({ currentLocation, nextLocation }) => {
    if (guard.isLeaving() || actor.getSnapshot().status !== 'active' || currentLocation.pathname === nextLocation.pathname) return false
    actor.send(question.blocked)
    return question.held(actor.getSnapshot())
  })
  guard.blocker.current = blocker
  const unsaved = question.unsaved
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!unsaved(actor.getSnapshot())) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [actor, unsaved])
}
