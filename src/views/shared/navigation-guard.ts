import { useEffect, useRef } from 'react'
import { useBlocker, type Blocker } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { holdsUnsavedChanges, type crudFormMachine } from '../../machines/crud-form'

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
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !guard.isLeaving() && form.getSnapshot().status === 'active' && currentLocation.pathname !== nextLocation.pathname,
  )
  guard.blocker.current = blocker
  useEffect(() => {
    if (blocker.state === 'blocked') form.send({ type: 'form.navigationBlocked' })
  }, [blocker.state, form])
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
