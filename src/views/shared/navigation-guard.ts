import { useEffect, useRef } from 'react'
import { useBlocker, type Blocker } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { holdsUnsavedChanges, isNavigationHeld, type crudFormMachine } from '../../machines/crud-form'

/**
 * Holds back every navigation away from a running form (links, the header menu, Back) and hands it
 * to the crudForm chart, which lets it go or asks first; closing or reloading the tab with unsaved
 * changes gets the browser's own question. `actions` go into the chart's `provide`; call
 * `leaving()` just before the form itself navigates (saved, Cancel → Leave) so that one is not held back.
 */
export function useNavigationGuard() {
  const blocker = useRef<Blocker | null>(null)
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

export function useGuardedForm(form: ActorRefFrom<typeof crudFormMachine>, guard: NavigationGuard) {
  // The chart decides at once whether a navigation is held: one it lets go is never blocked, so Back
  // from an untouched form is a plain Back (blocking a Back and releasing it replays it through
  // history, which races a quick Forward).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (guard.isLeaving() || form.getSnapshot().status !== 'active' || currentLocation.pathname === nextLocation.pathname) return false
    form.send({ type: 'form.navigationBlocked' })
    return isNavigationHeld(form.getSnapshot())
  })
  guard.blocker.current = blocker
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!holdsUnsavedChanges(form.getSnapshot())) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [form])
}
