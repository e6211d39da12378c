import type { ActorRefFrom } from 'xstate'
import { holdsUnsavedChanges, isNavigationHeld, type crudFormMachine } from '../../machines/crud-form'
import { useGuardedChart, type LeaveQuestion, type NavigationGuard } from './navigation-guard'

const crudFormQuestion: LeaveQuestion<ActorRefFrom<typeof crudFormMachine>> = {
  blocked: { type: 'form.navigationBlocked' },
  held: isNavigationHeld,
  unsaved: holdsUnsavedChanges,
}

/** A crudForm's page: its navigations go to the chart. */
export const useGuardedForm = (form: ActorRefFrom<typeof crudFormMachine>, guard: NavigationGuard) =>
  useGuardedChart(form, guard, crudFormQuestion)
