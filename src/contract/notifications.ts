import * as z from 'zod/mini'
import { listQuerySchema, pageSchema, queryBoolean } from './resource'
import { notificationKinds } from './notifications.routes'
export * from './notifications.routes'

/**
 * Notifications (issue 14): what needs an admin's attention, each linking to its record, read or
 * unread per admin. Only the kinds whose record module the admin may view are listed or streamed.
 */

/** `GET admin-panal/notifications`: newest first; `is_read` and `kind` filter. */
export const notificationsListQuery = listQuerySchema(['id'] as const, {
  is_read: queryBoolean,
  kind: z.optional(z.enum(notificationKinds)),
})
export type NotificationsListQuery = z.infer<typeof notificationsListQuery>

const notificationSchema = z.object({
  id: z.int(),
  kind: z.enum(notificationKinds),
  /** The names the text interpolates (`name`: the store's, the sender's, the tenant's). */
  values: z.record(z.string(), z.string()),
  /** The SPA route of the record. */
  link: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
})
export type AppNotification = z.infer<typeof notificationSchema>

/** The list answers its page and the admin's unread count. */
export const notificationsListResult = z.object({ notifications: pageSchema(notificationSchema), unread: z.int() })
export type NotificationsListResult = z.infer<typeof notificationsListResult>
export const unreadResult = z.object({ unread: z.int() })

/**
 * What the stream (`text/event-stream`) sends, as `data:` of its events: `notification` (a new one
 * the admin may see) and `read` (this admin marked some read elsewhere: another tab). Each carries
 * the unread count after it when known.
 */
export const streamMessage = z.union([
  z.object({ type: z.literal('notification'), item: notificationSchema }),
  z.object({ type: z.literal('read'), ids: z.array(z.int()), all: z.boolean(), unread: z.int() }),
  z.object({ type: z.literal('ready'), unread: z.int() }),
])
export type StreamMessage = z.infer<typeof streamMessage>
