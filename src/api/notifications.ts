import { notificationsPaths, streamMessage, type NotificationsListResult, type StreamMessage } from '../contract/notifications'
import { ApiError, call, callWithMessage, reportStatus, requestTarget } from './client'

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {})

/** `GET admin-panal/notifications`: the latest page and the unread count. */
export const fetchLatestNotifications = async (pageSize: number, signal?: AbortSignal): Promise<NotificationsListResult> =>
  call<NotificationsListResult>(notificationsPaths.list, { query: { pageSize }, ...withSignal(signal) })

/** `PUT admin-panal/notifications/{id}/read`: answers the unread count after it. */
export const markNotificationRead = async (id: number): Promise<number> =>
  (await call<{ unread: number }>(notificationsPaths.read(id), { method: 'PUT' })).unread

/** `PUT admin-panal/notifications/read-all`: answers the server's confirmation. */
export const markAllNotificationsRead = async (): Promise<{ message: string; unread: number }> => {
  const { message, result } = await callWithMessage<{ unread: number }>(notificationsPaths.readAll, { method: 'PUT' })
  return { message, unread: result.unread }
}

/**
 * Reads the live stream (`text/event-stream`) with `fetch`, so the bearer token goes in the
 * Authorization header as on every call (an EventSource could only put it in the address, where logs
 * keep it). Calls `onMessage` for each event; resolves when the server ends it, rejects on a failure
 * (a 401 purges the session as any call's would). Abort `signal` to close it.
 */
export async function readNotificationStream(signal: AbortSignal, onMessage: (message: StreamMessage) => void): Promise<void> {
  const { url, headers } = requestTarget(notificationsPaths.stream.slice(1))
  const hadToken = 'Authorization' in headers
  const res = await fetch(url, { headers: { ...headers, Accept: 'text/event-stream' }, signal, cache: 'no-store' })
  if (!res.ok || !res.body) {
    reportStatus(res.status, hadToken)
    throw new ApiError(res.status, '')
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  signal.addEventListener('abort', () => void reader.cancel().catch(() => {}))
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done || signal.aborted) return
    buffer += value
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n')
      if (!data) continue
      const parsed = streamMessage.safeParse(JSON.parse(data))
      if (parsed.success) onMessage(parsed.data)
    }
  }
}
