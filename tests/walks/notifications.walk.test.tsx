import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { notificationsPaths, notificationsScreens, type AppNotification } from '../../src/contract/notifications'
import { notificationsMachine, type NotificationsSnapshot } from '../../src/machines/notifications'
import { renderApp, type App } from './app'
import { createNetwork, eventStream, failed, ok, type Network } from './network'
import { walk } from './walk'

/**
 * notifications walked through the header's bell on the full list page: the stream opens and goes
 * live (the count in the bell's name), new ones and marks arrive through it; when it fails the latest
 * are polled and the stream is tried again after a growing wait; the panel of the latest opens,
 * Escape closes it and focus returns to the bell; marks of one and of all from the list reach the
 * server and the count.
 */

const net = createNetwork()
type Ui = { app: App; net: Network; stream: ReturnType<typeof eventStream> | null }
type S = NotificationsSnapshot

const path = (p: string) => p.replace(/^\//, '')
const item = (id: number, kind: AppNotification['kind'], name: string, link: string): AppNotification => ({
  id,
  kind,
  values: { name },
  link,
  is_read: false,
  created_at: '2026-11-28T09:00:00.000Z',
})
const rows = [
  item(2, 'contact_request', 'Omar', '/admin-panel/contact/view/4'),
  item(1, 'vendor_registered', 'Nour Store', '/admin-panel/venders/view/7'),
]
const fresh = item(3, 'payment_pending', 'Lina Shop', '/admin-panel/venders/view/8?tab=payments')
const pageOf = (data: AppNotification[]) => ({
  notifications: { data, total: data.length, page: 1, rowsPerPage: 15, pagesCount: 1, total_is_estimate: false },
  unread: data.filter((row) => !row.is_read).length,
})
const refused = 'Something went wrong on our side.'
const calls = {
  stream: { method: 'GET', path: path(notificationsPaths.stream) },
  latest: { method: 'GET', path: path(notificationsPaths.list), query: (q: URLSearchParams) => q.get('pageSize') === '8' },
  markOne: { method: 'PUT', path: /^admin-panal\/notifications\/\d+\/read$/ },
  markAll: { method: 'PUT', path: path(notificationsPaths.readAll) },
}

const events: AnyEventObject[] = [
  { type: 'stream.ready', unread: 2 },
  { type: 'stream.notification', item: fresh },
  { type: 'stream.read', ids: [1], all: false, unread: 1 },
  { type: 'stream.failed' },
  { type: 'xstate.done.actor.pollLatest', output: pageOf(rows) },
  { type: 'xstate.error.actor.pollLatest', error: { status: 500, message: refused, errors: {} } },
  { type: 'xstate.after.pollDelay.notifications.connection.polling.waiting' },
  { type: 'notifications.open' },
  { type: 'notifications.close' },
  { type: 'xstate.done.actor.panelLatest', output: pageOf(rows) },
  { type: 'xstate.error.actor.panelLatest', error: { status: 500, message: refused, errors: {} } },
  { type: 'notifications.markRead', id: 2 },
  { type: 'notifications.markRead', id: 1 },
  { type: 'notifications.markAllRead' },
  { type: 'xstate.done.actor.markOne', output: 1 },
  { type: 'xstate.error.actor.markOne', error: { status: 500, message: refused, errors: {} } },
  { type: 'xstate.done.actor.markAll', output: { message: 'Every notification is marked read.', unread: 0 } },
  { type: 'xstate.error.actor.markAll', error: { status: 500, message: refused, errors: {} } },
]

const connectionEvents = new Set(['stream.ready', 'stream.failed', 'xstate.done.actor.pollLatest', 'xstate.error.actor.pollLatest'])
const panelEvents = new Set([
  'notifications.open',
  'notifications.close',
  'xstate.done.actor.panelLatest',
  'xstate.error.actor.panelLatest',
])
/** One thing at a time: the connection changes while the panel is closed and no mark is under way, and so on. */
const offered = (s: S, event: AnyEventObject): boolean => {
  const live = s.matches({ connection: { open: 'live' } })
  const closed = s.matches({ panel: 'closed' })
  const idle = s.matches({ marking: 'idle' })
  if (event.type === 'stream.failed' && s.context.attempts >= 3) return false
  if (connectionEvents.has(event.type) || event.type.startsWith('xstate.after.')) return closed && idle
  if (event.type === 'stream.notification' || event.type === 'stream.read') return live && closed && idle
  if (panelEvents.has(event.type)) return live && idle
  return live && closed
}

const bellName = (unread: number) => (unread === 1 ? 'Notifications: one unread' : `Notifications: ${unread} unread`)
const bell = () => screen.getByTestId('notifications-bell')
/** Answers every waiting request matching (a mark sent again meanwhile leaves an earlier one waiting). */
const answerAll = async (ui: Ui, match: { method: string; path: RegExp | string }, answer: Parameters<Network['answer']>[1]) => {
  await ui.net.answer(match, answer)
  while (
    ui.net
      .waiting()
      .some((r) => r.method === match.method && (typeof match.path === 'string' ? r.path === match.path : match.path.test(r.path)))
  )
    await ui.net.answer(match, answer)
}

walk<Ui>({
  name: 'notifications',
  machine: notificationsMachine,
  timeout: 8000,
  surfaces: [
    {
      name: "the header's bell over the full list",
      events,
      when: (s, event) => offered(s as S, event),
      vertex: (s) => [Math.min((s as S).context.attempts, 3), Math.min((s as S).context.polls, 3)],
      start: () => {
        net.install()
        net.reset()
        // the full list's own reads are answered at once: the walk is about the bell's chart
        net.auto({ method: 'GET', path: path(notificationsPaths.list), query: (q) => q.get('pageSize') !== '8' }, () => ok(pageOf(rows)))
        const app = renderApp(net, notificationsScreens.list, { notifications: 'walked' })
        return { app, net, stream: null }
      },
      stop: ({ app, stream }) => {
        stream?.end()
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'stream.ready': async ({ ui }) => {
      ui.stream?.end()
      ui.stream = eventStream()
      await ui.net.answer(calls.stream, ui.stream.answer)
      ui.stream.send('ready', { type: 'ready', unread: 2 })
    },
    'stream.notification': ({ ui }) => ui.stream!.send('notification', { type: 'notification', item: fresh }),
    'stream.read': ({ ui }) => ui.stream!.send('read', { type: 'read', ids: [1], all: false, unread: 1 }),
    'stream.failed': async ({ ui, actor }) => {
      if ((actor().getSnapshot() as S).matches({ connection: { open: 'live' } })) ui.stream!.end()
      else await ui.net.answer(calls.stream, failed(503, refused))
    },
    'xstate.done.actor.pollLatest': ({ ui }) => ui.net.answer(calls.latest, ok(pageOf(rows))),
    'xstate.error.actor.pollLatest': ({ ui }) => ui.net.answer(calls.latest, failed(500, refused)),
    // the wait is the poll's (30 s) or, after a first failure, shorter: 30 s covers both
    'xstate.after.pollDelay.notifications.connection.polling.waiting': ({ clock }) => clock.increment(30_000),
    'notifications.open': () => fireEvent.click(bell()),
    'notifications.close': () => fireEvent.keyDown(screen.getByTestId('notifications-panel'), { key: 'Escape' }),
    'xstate.done.actor.panelLatest': ({ ui }) => ui.net.answer(calls.latest, ok(pageOf(rows))),
    'xstate.error.actor.panelLatest': ({ ui }) => ui.net.answer(calls.latest, failed(500, refused)),
    'notifications.markRead': ({ event }) => {
      const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(event.id === 2 ? 'Omar' : 'Nour Store'))
      fireEvent.click(within(row!).getByRole('button', { name: 'Mark read' }))
    },
    'notifications.markAllRead': () => fireEvent.click(screen.getByRole('button', { name: 'Mark all read' })),
    'xstate.done.actor.markOne': (ctx) => answerAll(ctx.ui, calls.markOne, ok({ unread: 1 })),
    'xstate.error.actor.markOne': (ctx) => answerAll(ctx.ui, calls.markOne, failed(500, refused)),
    'xstate.done.actor.markAll': ({ ui }) => ui.net.answer(calls.markAll, ok({ unread: 0 }, 'Every notification is marked read.')),
    'xstate.error.actor.markAll': ({ ui }) => ui.net.answer(calls.markAll, failed(500, refused)),
  },
  states: {
    // the bell is named by the count, whatever the state
    connection: ({ actor }) => {
      expect(bell().getAttribute('aria-label')).toBe(bellName((actor().getSnapshot() as S).context.unread))
    },
    'connection.open.connecting': ({ ui }) => {
      expect(ui.net.waiting().some((r) => r.path === calls.stream.path && r.headers.accept === 'text/event-stream')).toBe(true)
      expect(ui.net.waiting().find((r) => r.path === calls.stream.path)?.headers.authorization).toBe('Bearer token')
    },
    'connection.polling.fetching': ({ ui }) => {
      expect(ui.net.waiting().some((r) => r.path === path(notificationsPaths.list) && r.query.get('pageSize') === '8')).toBe(true)
    },
    'panel.closed': () => {
      expect(screen.queryByTestId('notifications-panel')).toBeNull()
      expect(bell().getAttribute('aria-expanded')).toBe('false')
    },
    'panel.open': ({ actor }) => {
      const panel = screen.getByRole('dialog', { name: 'Latest notifications' })
      expect(bell().getAttribute('aria-expanded')).toBe('true')
      expect(within(panel).getByTestId('notifications-connection').textContent).toBe(
        (actor().getSnapshot() as S).matches({ connection: { open: 'live' } }) ? 'Live' : 'Reconnecting…',
      )
    },
    'panel.open.shown': ({ actor }) => {
      const panel = screen.getByTestId('notifications-panel')
      const latest = (actor().getSnapshot() as S).context.latest
      const links = within(panel).queryAllByTestId('notification-link')
      expect(links).toHaveLength(latest.length)
      if (latest.length > 0) {
        expect(within(panel).getByText('New contact request from \u2068Omar\u2069')).toBeTruthy()
        expect(links.map((l) => l.getAttribute('href'))).toEqual(latest.map((n) => n.link))
      } else expect(within(panel).getByText('No notifications')).toBeTruthy()
    },
  },
  after: {
    'notifications.open': () => expect(document.activeElement?.textContent).toBe('Latest notifications'),
    'notifications.close': () => expect(document.activeElement).toBe(bell()),
    'stream.notification': ({ actor }) => {
      expect((actor().getSnapshot() as S).context.latest[0]?.id).toBe(fresh.id)
    },
    'notifications.markRead': ({ ui, event }) =>
      expect(ui.net.seen.some((r) => r.method === 'PUT' && r.path === path(notificationsPaths.read(event.id as number)))).toBe(true),
    'notifications.markAllRead': ({ ui }) =>
      expect(ui.net.seen.some((r) => r.method === 'PUT' && r.path === calls.markAll.path)).toBe(true),
  },
})
