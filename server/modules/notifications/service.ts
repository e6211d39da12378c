import { and, count, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm'
import {
  EXPIRING_WITHIN_DAYS,
  notificationRules,
  notificationsResource,
  type AppNotification,
  type NotificationKind,
  type NotificationRef,
  type NotificationsListQuery,
  type NotificationsListResult,
} from '../../../src/contract/notifications'
import { DEFAULT_PAGE_SIZE, exactPage } from '../../../src/contract/resource'
import type { Db } from '../../db'
import { writeAudit } from '../../lib/audit'
import type { AppDeps, Principal } from '../../lib/context'
import { AppError } from '../../lib/errors'
import { afterCommit } from '../../lib/events'
import { containing } from '../../lib/search'
import { subscriptions } from '../subscriptions/schema'
import { shippingIssues } from '../support/schema'
import { vendors } from '../vendors/schema'
import { busOf } from './bus'
import { notificationCursors, notificationReads, notifications } from './schema'

type NotificationRow = typeof notifications.$inferSelect

const DAY = 86_400_000

function toNotification(row: NotificationRow, isRead: boolean): AppNotification {
  const kind = row.kind as NotificationKind
  return {
    id: row.id,
    kind,
    values: row.names,
    link: notificationRules[kind].link(row.ref),
    is_read: isRead,
    created_at: row.createdAt.toISOString(),
  }
}

export type NewNotification = {
  kind: NotificationKind
  ref: NotificationRef
  names: Record<string, string>
  /** At most one notification per key (the periodic checks). */
  onceKey?: string
  at: Date
}

/**
 * Adds a notification in `tx` (one row whoever hears of it) and, once `tx` commits, tells the open
 * streams; a rolled-back write tells nobody. Answers whether it was added (a repeated `onceKey` is not).
 */
export async function notify(deps: AppDeps, tx: Db, input: NewNotification): Promise<boolean> {
  const permission = notificationRules[input.kind].permission
  const [row] = await tx
    .insert(notifications)
    .values({ kind: input.kind, ref: input.ref, names: input.names, permission, onceKey: input.onceKey ?? null, createdAt: input.at })
    .onConflictDoNothing()
    .returning()
  if (!row) return false
  const item = toNotification(row, false)
  afterCommit(tx, () => busOf(deps)?.publish({ type: 'notification', permission, item }))
  return true
}

/** The store name of a vendor, for a payment's notification. */
export async function storeNameOf(tx: Db, vendorId: number): Promise<string> {
  const [row] = await tx.select({ name: vendors.storeName }).from(vendors).where(eq(vendors.id, vendorId)).limit(1)
  return row?.name ?? `#${vendorId}`
}

/** The notifications `admin` may see (primary users: all of them). */
function visibleTo(admin: Principal): SQL | undefined {
  if (admin.permissions.includes('*')) return undefined
  const granted = admin.permissions.filter((permission) => permission !== '*')
  return granted.length > 0 ? inArray(notifications.permission, granted) : sql`false`
}

/** True for a notification `adminId` has read (up to its cursor, or one by one). */
const readBy = (
  adminId: number,
) => sql<boolean>`(${notifications.id} <= coalesce((select ${notificationCursors.readUpTo} from ${notificationCursors} where ${notificationCursors.adminId} = ${adminId}), 0)
  or exists (select 1 from ${notificationReads} where ${notificationReads.adminId} = ${adminId} and ${notificationReads.notificationId} = ${notifications.id}))`

/** How many notifications `admin` may see and has not read. */
export async function unreadCount(db: Db, admin: Principal): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(visibleTo(admin), sql`not ${readBy(admin.id)}`))
  return row?.n ?? 0
}

/** `GET admin-panal/notifications`: a page, newest first, with the admin's unread count. */
export async function listNotifications(db: Db, admin: Principal, query: NotificationsListQuery): Promise<NotificationsListResult> {
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE
  const read = readBy(admin.id)
  const where = and(
    visibleTo(admin),
    query.kind ? eq(notifications.kind, query.kind) : undefined,
    query.is_read === '1' ? read : query.is_read === '0' ? sql`not ${read}` : undefined,
    // the search finds the names its sentence tells of (a vendor, an order number, a sender)
    query.search
      ? sql`exists (select 1 from jsonb_each_text(${notifications.names}) as n(key, value) where n.value ilike ${containing(query.search)})`
      : undefined,
  )
  const [rows, [total], unread] = await Promise.all([
    db
      .select({ row: notifications, isRead: read })
      .from(notifications)
      .where(where)
      .orderBy(query.sort_direction === 'asc' ? notifications.id : desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(notifications).where(where),
    unreadCount(db, admin),
  ])
  return {
    notifications: exactPage(
      rows.map(({ row, isRead }) => toNotification(row, Boolean(isRead))),
      total?.n ?? 0,
      page,
      pageSize,
    ),
    unread,
  }
}

/** Marks one notification read for `admin` (404 for one it may not see); answers the unread count. */
export async function markRead(deps: AppDeps, admin: Principal, id: number): Promise<number> {
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: notifications.id, isRead: readBy(admin.id) })
      .from(notifications)
      .where(and(eq(notifications.id, id), visibleTo(admin)))
      .limit(1)
    if (!row) throw new AppError(404, 'errors.notFound')
    if (row.isRead) return
    await tx.insert(notificationReads).values({ adminId: admin.id, notificationId: id, readAt: now }).onConflictDoNothing()
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'read',
      resource: notificationsResource.name,
      recordId: id,
      changes: { is_read: { from: false, to: true } },
      at: now,
    })
    afterCommit(tx, () => busOf(deps)?.publish({ type: 'read', adminId: admin.id, ids: [id], all: false }))
  })
  return unreadCount(deps.db, admin)
}

/** Marks every notification so far read for `admin` (its cursor moves to the newest). */
export async function markAllRead(deps: AppDeps, admin: Principal): Promise<void> {
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    const [newest] = await tx.select({ id: sql<number | null>`max(${notifications.id})` }).from(notifications)
    const upTo = Number(newest?.id ?? 0)
    const [before] = await tx
      .select({ upTo: notificationCursors.readUpTo })
      .from(notificationCursors)
      .where(eq(notificationCursors.adminId, admin.id))
      .for('update')
    if ((before?.upTo ?? 0) >= upTo) return
    await tx
      .insert(notificationCursors)
      .values({ adminId: admin.id, readUpTo: upTo, updatedAt: now })
      .onConflictDoUpdate({ target: notificationCursors.adminId, set: { readUpTo: upTo, updatedAt: now } })
    // the cursor covers them now
    await tx.delete(notificationReads).where(and(eq(notificationReads.adminId, admin.id), lte(notificationReads.notificationId, upTo)))
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'readAll',
      resource: notificationsResource.name,
      recordId: null,
      changes: { read_up_to: { from: before?.upTo ?? 0, to: upTo } },
      at: now,
    })
    afterCommit(tx, () => busOf(deps)?.publish({ type: 'read', adminId: admin.id, ids: [], all: true }))
  })
}

/**
 * The periodic check of subscriptions: each active one expiring within `EXPIRING_WITHIN_DAYS` days is
 * told about once per expiry (a renewal that moves its end is a new expiry). Answers how many it added.
 */
export async function notifyExpiringSubscriptions(deps: AppDeps): Promise<number> {
  const now = deps.clock()
  const rows = await deps.db
    .select({ id: subscriptions.id, expiresAt: subscriptions.expiresAt, name: vendors.storeName, vendorId: vendors.id })
    .from(subscriptions)
    .innerJoin(vendors, eq(vendors.id, subscriptions.vendorId))
    .where(
      and(
        eq(subscriptions.status, 'active'),
        gt(subscriptions.expiresAt, now),
        lte(subscriptions.expiresAt, new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY)),
      ),
    )
  let added = 0
  for (const row of rows) {
    if (!row.expiresAt) continue
    const expiresAt = row.expiresAt
    const days = String(Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY)))
    const done = await deps.db.transaction((tx) =>
      notify(deps, tx, {
        kind: 'subscription_expiring',
        ref: { id: row.id, vendor_id: row.vendorId },
        names: { name: row.name, days },
        onceKey: `subscription_expiring:${row.id}:${expiresAt.toISOString()}`,
        at: now,
      }),
    )
    if (done) added += 1
  }
  return added
}

/**
 * The periodic check of support: shipping issues arrive from the platform's stores straight into their
 * table, so each unresolved one of the last `EXPIRING_WITHIN_DAYS` days is told about once.
 */
export async function notifyNewSupportIssues(deps: AppDeps): Promise<number> {
  const now = deps.clock()
  const rows = await deps.db
    .select({ id: shippingIssues.id, tenant: shippingIssues.tenantName, order: shippingIssues.orderNumber })
    .from(shippingIssues)
    .where(
      and(
        isNull(shippingIssues.resolveAt),
        gt(shippingIssues.createdAt, new Date(now.getTime() - EXPIRING_WITHIN_DAYS * DAY)),
        sql`not exists (select 1 from ${notifications} where ${notifications.onceKey} = 'support_issue:' || ${shippingIssues.id})`,
      ),
    )
  let added = 0
  for (const row of rows) {
    const done = await deps.db.transaction((tx) =>
      notify(deps, tx, {
        kind: 'support_issue',
        ref: { id: row.id },
        names: { name: row.tenant, order: row.order },
        onceKey: `support_issue:${row.id}`,
        at: now,
      }),
    )
    if (done) added += 1
  }
  return added
}

/** Both periodic checks (at start and every few minutes). */
export async function runNotificationChecks(deps: AppDeps): Promise<void> {
  await notifyExpiringSubscriptions(deps)
  await notifyNewSupportIssues(deps)
}
