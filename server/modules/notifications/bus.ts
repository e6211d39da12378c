import type { Redis } from 'ioredis'
import type { AppNotification } from '../../../src/contract/notifications'
import type { AppDeps } from '../../lib/context'

/** What travels between the writes and the open streams, on this instance or through Redis to all. */
type BusMessage =
  { type: 'notification'; permission: string; item: AppNotification } | { type: 'read'; adminId: number; ids: number[]; all: boolean }

type Listener = (message: BusMessage) => void

export type NotificationBus = {
  publish: (message: BusMessage) => void
  subscribe: (listener: Listener) => () => void
  close: () => Promise<void>
  /** How many streams of this instance listen now. */
  listening: () => number
}

const CHANNEL = 'notifications'

/**
 * The live bus: in process for one instance; with REDIS_URL, published to a Redis channel that every
 * instance subscribes to (a second connection: a subscribed client can do nothing else), so an admin
 * connected to any instance hears of a write made on another.
 */
export async function createBus(redis: Redis | null, onError: (error: unknown) => void): Promise<NotificationBus> {
  const listeners = new Set<Listener>()
  const deliver = (message: BusMessage) => {
    for (const listener of listeners) {
      try {
        listener(message)
      } catch (error) {
        onError(error)
      }
    }
  }
  const subscribe = (listener: Listener) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }
  const listening = () => listeners.size
  if (!redis) return { publish: deliver, subscribe, close: async () => listeners.clear(), listening }

  const subscriber = redis.duplicate()
  subscriber.on('error', onError)
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== prefixed) return
    try {
      deliver(JSON.parse(text) as BusMessage)
    } catch (error) {
      onError(error)
    }
  })
  // the client's key prefix does not apply to channels: named with it, so instances of one deployment share it
  const prefixed = `${redis.options.keyPrefix ?? ''}${CHANNEL}`
  await subscriber.subscribe(prefixed)
  return {
    publish: (message) => void redis.publish(prefixed, JSON.stringify(message)).catch(onError),
    subscribe,
    listening,
    close: async () => {
      listeners.clear()
      subscriber.disconnect()
    },
  }
}

const buses = new WeakMap<AppDeps, NotificationBus>()

/** The bus of the app `deps` belongs to (set when its routes are registered). */
export const busOf = (deps: AppDeps): NotificationBus | undefined => buses.get(deps)
export const setBus = (deps: AppDeps, bus: NotificationBus) => void buses.set(deps, bus)
