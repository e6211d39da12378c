import { useSyncExternalStore } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { notificationsMachine } from '../../machines/notifications'

export type LiveNotifications = ActorRefFrom<typeof notificationsMachine>

/**
 * The header bell's chart, shared with the full list (one stream per tab): the list sends it its
 * marks and reloads when its revision moves.
 */
let current: LiveNotifications | null = null
const listeners = new Set<() => void>()

export function shareLive(actor: LiveNotifications | null): void {
  current = actor
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The bell's chart, once the header shows it. */
export const useLiveNotifications = (): LiveNotifications | null => useSyncExternalStore(subscribe, () => current)

/** The revision of the bell's chart (0 before it starts): grows with every new notification and mark. */
export function useLiveRevision(actor: LiveNotifications | null): number {
  return useSyncExternalStore(
    (listener) => {
      if (!actor) return () => {}
      const subscription = actor.subscribe(listener)
      return () => subscription.unsubscribe()
    },
    () => actor?.getSnapshot().context.revision ?? 0,
  )
}
