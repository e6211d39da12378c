import { contactAccess, contactScreens } from './contact.routes'
import { defineScreens } from './screens'
import { supportAccess, supportScreens } from './support.routes'
import { subscriptionsAccess, subscriptionsScreens } from './subscriptions.routes'
import { paymentsAccess, vendorsAccess, vendorsScreens } from './vendors.routes'

// The notifications module's addresses (API paths, screens) and kinds without its schemas: what the header and routes need at start.
export const notificationsResource = { name: 'notifications', path: 'admin-panal/notifications', module: 'notifications' } as const
export const notificationsPaths = {
  list: `/${notificationsResource.path}`,
  unread: `/${notificationsResource.path}/unread-count`,
  readAll: `/${notificationsResource.path}/read-all`,
  read: (id: number | string) => `/${notificationsResource.path}/${id}/read`,
  stream: `/${notificationsResource.path}/stream`,
} as const
export const notificationsScreens = defineScreens('notifications', { list: '' })

/** What an admin is told about, newest first; each names the record it links to. */
export const notificationKinds = [
  'vendor_registered',
  'payment_pending',
  'payment_resubmitted',
  'contact_request',
  'support_issue',
  'subscription_expiring',
] as const
export type NotificationKind = (typeof notificationKinds)[number]

/** The record a notification links to: its id and, for a payment, its vendor's. */
export type NotificationRef = { id: number; vendor_id?: number }

type KindRule = {
  /** An admin hears of it only when it may view the record's module (primary users hear of all). */
  permission: string
  /** The screen of the record. */
  link: (ref: NotificationRef) => string
}

export const notificationRules: Readonly<Record<NotificationKind, KindRule>> = {
  vendor_registered: { permission: vendorsAccess.can.view, link: (ref) => vendorsScreens.view(ref.id) },
  payment_pending: {
    permission: paymentsAccess.can.view,
    link: (ref) => `${vendorsScreens.view(ref.vendor_id ?? 0)}?tab=payments`,
  },
  payment_resubmitted: {
    permission: paymentsAccess.can.view,
    link: (ref) => `${vendorsScreens.view(ref.vendor_id ?? 0)}?tab=payments`,
  },
  contact_request: { permission: contactAccess.can.view, link: (ref) => contactScreens.view(ref.id) },
  support_issue: { permission: supportAccess.can.view, link: (ref) => supportScreens.view(ref.id) },
  subscription_expiring: { permission: subscriptionsAccess.can.view, link: (ref) => subscriptionsScreens.view(ref.id) },
}

/** The header polls this often when the live stream is down (milliseconds). */
export const NOTIFICATIONS_POLL_MS = 30_000
/** The stream sends a comment this often so proxies keep it open and a dead session is noticed. */
export const NOTIFICATIONS_HEARTBEAT_MS = 15_000
/** Subscriptions expiring within this many days are told about (once per expiry). */
export const EXPIRING_WITHIN_DAYS = 7
