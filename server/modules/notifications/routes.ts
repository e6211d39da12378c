import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { SELF_PERMISSION, hasPermission } from '../../../src/contract/access'
import { envelope } from '../../../src/contract/common'
import {
  NOTIFICATIONS_HEARTBEAT_MS,
  notificationsListQuery,
  notificationsListResult,
  notificationsPaths,
  notificationsResource,
  unreadResult,
  type NotificationsListQuery,
  type StreamMessage,
} from '../../../src/contract/notifications'
import { AppError } from '../../lib/errors'
import { errorResponses, ok } from '../../lib/http'
import { adminOf } from '../../plugins/access'
import { CONTENT_SECURITY_POLICY } from '../../plugins/security'
import { authenticateAdmin } from '../auth/service'
import { createBus, setBus } from './bus'
import { listNotifications, markAllRead, markRead, runNotificationChecks, unreadCount } from './service'

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
/** The periodic checks (expiring subscriptions, new support issues) run this often besides housekeeping. */
const CHECK_EVERY_MS = 5 * 60_000

/**
 * Notifications routes (under `/api`), for any signed-in admin (each sees only the kinds its
 * permissions allow): the list, the unread count, mark one / all read, and the live stream
 * (`text/event-stream`, read with `fetch` so the bearer token travels in the Authorization header,
 * never in an address a log keeps).
 */
export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  const tags = [notificationsResource.name]
  const security = [{ bearer: [] }]
  const config = { permission: SELF_PERMISSION }
  const bus = await createBus(deps.redis, (error) => app.log.warn({ err: error }, 'notifications bus'))
  setBus(deps, bus)

  const streams = new Set<() => void>()
  const timer = setInterval(() => {
    runNotificationChecks(deps).catch((error: unknown) => app.log.error({ err: error }, 'notification checks failed'))
  }, CHECK_EVERY_MS)
  timer.unref()
  app.addHook('preClose', async () => {
    clearInterval(timer)
    for (const end of [...streams]) end()
  })
  app.addHook('onClose', async () => {
    await bus.close()
  })

  app.get(
    notificationsPaths.list,
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in admin’s notifications, newest first, with its unread count',
        querystring: notificationsListQuery,
        response: { 200: envelope(notificationsListResult), ...errorResponses(401, 422) },
      },
      config,
    },
    async (request) =>
      ok(request, 'messages.ok', await listNotifications(deps.db, adminOf(request), request.query as NotificationsListQuery)),
  )

  app.get(
    notificationsPaths.unread,
    {
      schema: {
        tags,
        security,
        summary: 'How many notifications the admin has not read',
        response: { 200: envelope(unreadResult), ...errorResponses(401) },
      },
      config,
    },
    async (request) => ok(request, 'messages.ok', { unread: await unreadCount(deps.db, adminOf(request)) }),
  )

  app.put(
    notificationsPaths.read(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Mark one notification read (404 for one the admin may not see)',
        params: idParams,
        response: { 200: envelope(unreadResult), ...errorResponses(401, 404, 422) },
      },
      config,
    },
    async (request) => {
      const { id } = request.params as { id: number }
      return ok(request, 'messages.ok', { unread: await markRead(deps, adminOf(request), id) })
    },
  )

  app.put(
    notificationsPaths.readAll,
    {
      schema: {
        tags,
        security,
        summary: 'Mark every notification read',
        response: { 200: envelope(unreadResult), ...errorResponses(401) },
      },
      config,
    },
    async (request) => {
      await markAllRead(deps, adminOf(request))
      return ok(request, 'notifications.allRead', { unread: await unreadCount(deps.db, adminOf(request)) })
    },
  )

  app.get(
    notificationsPaths.stream,
    {
      schema: {
        tags,
        security,
        summary:
          'Live notifications as server-sent events (`notification`, `read`, first `ready` with the unread count); a comment every 15 s; ends with the session',
        response: { ...errorResponses(401, 406) },
      },
      config,
    },
    async (request, reply) => {
      // only a stream reader asks for it (a plain request would wait for ever)
      if (!/\btext\/event-stream\b/.test(request.headers.accept ?? '')) throw new AppError(406, 'notifications.streamOnly')
      let admin = adminOf(request)
      const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '').trim()
      reply.hijack()
      const raw = reply.raw
      const socket = request.raw.socket
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'content-security-policy': CONTENT_SECURITY_POLICY,
      })
      const send = (message: StreamMessage) => raw.write(`event: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`)

      let ended = false
      const end = () => {
        if (ended) return
        ended = true
        clearInterval(heartbeat)
        unsubscribe()
        streams.delete(end)
        raw.end()
        // its connection goes with it: a stream's connection is never reused, and one left open would hold the server's close
        socket.destroy()
      }
      const unsubscribe = bus.subscribe((message) => {
        if (message.type === 'notification') {
          if (hasPermission(admin.permissions, message.permission)) send({ type: 'notification', item: message.item })
          return
        }
        if (message.adminId !== admin.id) return
        unreadCount(deps.db, admin).then(
          (unread) => !ended && send({ type: 'read', ids: message.ids, all: message.all, unread }),
          (error: unknown) => app.log.warn({ err: error }, 'notifications stream'),
        )
      })
      // a comment keeps proxies from closing it; the session is checked again: signed out, deactivated,
      // password changed -> the stream ends (and a changed role applies)
      const heartbeat = setInterval(() => {
        raw.write(': ping\n\n')
        authenticateAdmin(deps, token).then(
          (principal) => {
            if (!principal) end()
            else admin = principal
          },
          () => end(),
        )
      }, NOTIFICATIONS_HEARTBEAT_MS)
      streams.add(end)
      // the reader went away (tab closed, signed out, network lost)
      raw.on('close', end)
      send({ type: 'ready', unread: await unreadCount(deps.db, admin) })
    },
  )
}
