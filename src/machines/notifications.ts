import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { fetchLatestNotifications, markAllNotificationsRead, markNotificationRead, readNotificationStream } from '../api/notifications'
import { NOTIFICATIONS_POLL_MS, type AppNotification, type NotificationsListResult, type StreamMessage } from '../contract/notifications'
import { failureOf, type Failure } from './failure'

/** How many of the latest the header's panel shows. */
export const LATEST_COUNT = 8
/** After a first failure the stream is opened again this soon; after more, once every `pollsBeforeReconnect` polls. */
const FIRST_RECONNECT_MS = 2_000
/** At most this many polls (5 minutes) between two attempts to open the stream. */
const MAX_POLLS_BETWEEN = 10

/** Polls before the next attempt: none after a first failure, then 1, 2, 4, ... up to `MAX_POLLS_BETWEEN`. */
export const pollsBeforeReconnect = (attempts: number): number => (attempts <= 1 ? 0 : Math.min(MAX_POLLS_BETWEEN, 2 ** (attempts - 2)))

export type NotificationsContext = {
  unread: number
  latest: AppNotification[]
  /** Failed connections in a row (the reconnection waits longer after each). */
  attempts: number
  /** Polls made since the last failure. */
  polls: number
  /** Grows with every change another screen should follow (a new one, a read mark): the full list reloads on it. */
  revision: number
  failure: Failure | null
}

export type NotificationsEvent =
  | { type: 'stream.ready'; unread: number }
  | { type: 'stream.notification'; item: AppNotification }
  | { type: 'stream.read'; ids: number[]; all: boolean; unread: number }
  | { type: 'stream.failed' }
  | { type: 'notifications.open' }
  | { type: 'notifications.close' }
  | { type: 'notifications.markRead'; id: number }
  | { type: 'notifications.markAllRead' }

type StreamEvent = Extract<NotificationsEvent, { type: `stream.${string}` }>

/** The live stream, as events of this chart; a failure or the server's end is `stream.failed`. */
const streamActor = fromCallback<NotificationsEvent>(({ sendBack }) => {
  const controller = new AbortController()
  const toEvent = (message: StreamMessage): StreamEvent =>
    message.type === 'ready'
      ? { type: 'stream.ready', unread: message.unread }
      : message.type === 'notification'
        ? { type: 'stream.notification', item: message.item }
        : { type: 'stream.read', ids: message.ids, all: message.all, unread: message.unread }
  readNotificationStream(controller.signal, (message) => sendBack(toEvent(message))).then(
    () => sendBack({ type: 'stream.failed' }),
    () => {
      if (!controller.signal.aborted) sendBack({ type: 'stream.failed' })
    },
  )
  return () => controller.abort()
})

const markRead = (list: AppNotification[], ids: readonly number[], all: boolean) =>
  list.map((item) => (all || ids.includes(item.id) ? { ...item, is_read: true } : item))

/** One notification marked read here: it leaves the count if the panel showed it unread. */
const readOne = ({ context, event }: { context: NotificationsContext; event: { id: number } }) => ({
  ids: [event.id],
  all: false,
  unread: Math.max(0, context.unread - (context.latest.some((item) => item.id === event.id && !item.is_read) ? 1 : 0)),
})

/**
 * The header's notifications: the live stream (connecting, then live); when it fails, polling every
 * 30 seconds while it reconnects after a wait that doubles each time; the unread count; the panel of
 * the latest; marking one or all read. A mark made in another tab arrives through the stream too.
 */
export const notificationsMachine = setup({
  types: { context: {} as NotificationsContext, events: {} as NotificationsEvent },
  actors: {
    stream: streamActor,
    loadLatest: fromPromise<NotificationsListResult>(({ signal }) => fetchLatestNotifications(LATEST_COUNT, signal)),
    markOne: fromPromise<number, { id: number }>(({ input }) => markNotificationRead(input.id)),
    markAll: fromPromise(() => markAllNotificationsRead()),
  },
  actions: {
    setUnread: assign((_, params: { unread: number }) => ({ unread: params.unread })),
    setLatest: assign(({ context }, params: { result: NotificationsListResult }) => ({
      latest: params.result.notifications.data,
      unread: params.result.unread,
      revision: context.revision + 1,
      failure: null,
    })),
    addNotification: assign(({ context }, params: { item: AppNotification }) => ({
      latest: [params.item, ...context.latest.filter((item) => item.id !== params.item.id)].slice(0, LATEST_COUNT),
      unread: context.unread + 1,
      revision: context.revision + 1,
    })),
    applyRead: assign(({ context }, params: { ids: number[]; all: boolean; unread: number }) => ({
      latest: markRead(context.latest, params.ids, params.all),
      unread: params.unread,
      revision: context.revision + 1,
    })),
    bumpRevision: assign(({ context }) => ({ revision: context.revision + 1 })),
    resetAttempts: assign({ attempts: 0, polls: 0 }),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1, polls: 0 })),
    countPoll: assign(({ context }) => ({ polls: context.polls + 1 })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
  },
  delays: {
    // a first failure is retried soon; after that the wait is the poll's
    pollDelay: ({ context }) => (context.attempts <= 1 ? FIRST_RECONNECT_MS : NOTIFICATIONS_POLL_MS),
  },
  guards: {
    reconnectDue: ({ context }) => context.polls > pollsBeforeReconnect(context.attempts),
  },
}).createMachine({
  id: 'notifications',
  description:
    "The header's notifications: live over the stream, polled every 30 s while it reconnects with a growing wait; unread count, the latest, marks.",
  meta: {
    examples: {
      events: [
        { type: 'stream.ready', unread: 2 },
        {
          type: 'stream.notification',
          item: {
            id: 1,
            kind: 'vendor_registered',
            values: { name: 'متجر النور' },
            link: '/admin-panel/venders/view/1',
            is_read: false,
            created_at: '2026-03-01T09:00:00.000Z',
          },
        },
        { type: 'stream.read', ids: [1], all: false, unread: 1 },
        { type: 'notifications.markRead', id: 1 },
      ],
    },
  },
  context: { unread: 0, latest: [], attempts: 0, polls: 0, revision: 0, failure: null },
  type: 'parallel',
  on: {
    'stream.notification': {
      description: 'A new notification this admin may see: counted, first in the panel, and the full list reloads.',
      actions: { type: 'addNotification', params: ({ event }) => ({ item: event.item }) },
    },
    'stream.read': {
      description: 'Marks made elsewhere (another tab, the full list): the count and the panel follow.',
      actions: { type: 'applyRead', params: ({ event }) => event },
    },
  },
  states: {
    connection: {
      description: 'How news arrives: the live stream, or polling while it reconnects.',
      initial: 'open',
      states: {
        open: {
          description: 'The stream is open or opening.',
          invoke: { id: 'stream', src: 'stream' },
          initial: 'connecting',
          on: {
            'stream.failed': {
              target: 'polling',
              description: 'The stream failed or ended: poll while waiting to reconnect, longer after each failure.',
              actions: 'countAttempt',
            },
          },
          states: {
            connecting: {
              description: 'The stream is being opened.',
              on: {
                'stream.ready': {
                  target: 'live',
                  description: 'The stream is open: the unread count it sent is shown.',
                  actions: ['resetAttempts', { type: 'setUnread', params: ({ event }) => ({ unread: event.unread }) }],
                },
              },
            },
            live: { description: 'Live: each new notification and each mark arrives as it happens.' },
          },
        },
        polling: {
          description:
            'Fallback: the latest are read now and every 30 seconds; the stream is tried again after a wait that grows with each failure.',
          initial: 'fetching',
          states: {
            fetching: {
              description: 'The latest and the unread count are read.',
              invoke: {
                id: 'pollLatest',
                src: 'loadLatest',
                onDone: {
                  target: 'waiting',
                  description: 'Read: the count and the panel are up to date.',
                  actions: [{ type: 'setLatest', params: ({ event }) => ({ result: event.output }) }, 'countPoll'],
                },
                onError: {
                  target: 'waiting',
                  description: 'Not read (offline): the count shown stays.',
                  actions: [{ type: 'setFailure', params: ({ event }) => ({ error: event.error }) }, 'countPoll'],
                },
              },
            },
            waiting: {
              description: 'Until the next poll.',
              after: {
                pollDelay: [
                  {
                    guard: 'reconnectDue',
                    target: '#notifications.connection.open',
                    description: 'Time to try the stream again: soon after a first failure, then after 1, 2, 4 ... (at most 10) polls.',
                  },
                  { target: 'fetching', description: '30 seconds later: read again.' },
                ],
              },
            },
          },
        },
      },
    },
    panel: {
      description: 'The panel of the latest, under the bell.',
      initial: 'closed',
      states: {
        closed: {
          description: 'Only the bell and its count are shown.',
          on: { 'notifications.open': { target: 'open', description: 'The bell is pressed: the panel opens and the latest are read.' } },
        },
        open: {
          description: 'The panel shows the latest; Escape, the bell or a link closes it.',
          on: { 'notifications.close': { target: 'closed', description: 'Closed: focus returns to the bell.' } },
          initial: 'loading',
          states: {
            loading: {
              description: 'The latest are read.',
              invoke: {
                id: 'panelLatest',
                src: 'loadLatest',
                onDone: {
                  target: 'shown',
                  description: 'The latest are listed.',
                  actions: { type: 'setLatest', params: ({ event }) => ({ result: event.output }) },
                },
                onError: {
                  target: 'shown',
                  description: 'Not read: what was known is listed, with the failure.',
                  actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            shown: { description: 'The latest are listed.' },
          },
        },
      },
    },
    marking: {
      description: 'Marks sent to the server.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No mark under way.',
          on: {
            'notifications.markRead': {
              target: 'one',
              description: 'One is opened or marked read.',
              actions: {
                type: 'applyRead',
                params: readOne,
              },
            },
            'notifications.markAllRead': {
              target: 'all',
              description: 'All are marked read.',
              actions: { type: 'applyRead', params: () => ({ ids: [], all: true, unread: 0 }) },
            },
          },
        },
        one: {
          description: 'The mark of one is saved.',
          on: {
            'notifications.markRead': {
              target: 'one',
              reenter: true,
              description: 'Another one meanwhile: marked too (the count comes from the stream or the next read).',
              actions: {
                type: 'applyRead',
                params: readOne,
              },
            },
          },
          invoke: {
            id: 'markOne',
            src: 'markOne',
            input: ({ event }) => ({ id: event.type === 'notifications.markRead' ? event.id : 0 }),
            onDone: {
              target: 'idle',
              description: "Saved: the server's count is shown.",
              actions: [{ type: 'setUnread', params: ({ event }) => ({ unread: event.output }) }, 'bumpRevision'],
            },
            onError: {
              target: 'idle',
              description: 'Not saved: the failure is kept (the next read brings the truth back).',
              actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        all: {
          description: 'The mark of all is saved.',
          invoke: {
            id: 'markAll',
            src: 'markAll',
            onDone: {
              target: 'idle',
              description: "Saved: the server's count is shown.",
              actions: [{ type: 'setUnread', params: ({ event }) => ({ unread: event.output.unread }) }, 'bumpRevision'],
            },
            onError: {
              target: 'idle',
              description: 'Not saved: the failure is kept (the next read brings the truth back).',
              actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
})

export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>

/** How news arrives now, for the panel's note. */
export const connectionOf = (snapshot: NotificationsSnapshot): 'connecting' | 'live' | 'polling' =>
  snapshot.matches({ connection: { open: 'live' } }) ? 'live' : snapshot.matches({ connection: 'polling' }) ? 'polling' : 'connecting'
