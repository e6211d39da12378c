import { byName } from '../../db/columns'
import { eq, gte, lt, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import {
  contactCreateBody,
  contactListQuery,
  contactMessageSchema,
  contactResource,
  type ContactCreateBody,
  type ContactListQuery,
  type ContactMessage,
} from '../../../src/contract/contact'
import { versionSchema } from '../../../src/contract/resource'
import { readSite } from '../settings/service'
import { contactReceived } from './events'
import { contactMessages } from './schema'
import { writeAudit } from '../../lib/audit'
import type { AppDeps, Principal } from '../../lib/context'
import { AppError } from '../../lib/errors'
import type { ResourceDefinition, ResourceTable } from '../../lib/resource'

/**
 * Contact: messages of the public contact form. Admins list them, view one (which marks it read,
 * audited as `read` the first time) and delete them; nobody edits them.
 */

export type ContactRow = typeof contactMessages.$inferSelect

function toContactMessage(row: ContactRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** The list, view and delete of the generic resource (no create / update / toggle routes are registered). */
export const contactDefinition: ResourceDefinition<
  ContactListQuery,
  ContactCreateBody,
  { version: number },
  ContactRow,
  ContactMessage,
  ContactMessage
> = {
  ...contactResource,
  // No is_active column: only list, view and delete use the table through the engine.
  table: contactMessages as unknown as ResourceTable,
  listQuery: contactListQuery,
  createBody: contactCreateBody,
  updateBody: z.strictObject({ version: versionSchema }),
  item: contactMessageSchema,
  detail: contactMessageSchema,
  sort: {
    created_at: () => contactMessages.createdAt,
    name: () => byName(contactMessages.name),
    id: () => contactMessages.id,
  },
  defaultSort: { column: 'id', direction: 'desc' },
  filters: {
    is_read: (value) => eq(contactMessages.isRead, value === '1'),
    received_from: (value) => gte(contactMessages.createdAt, new Date(`${value}T00:00:00Z`)),
    // the whole day: before the start of the next one
    received_to: (value) => lt(contactMessages.createdAt, new Date(new Date(`${value}T00:00:00Z`).getTime() + 86_400_000)),
  },
  search: () => [contactMessages.name, contactMessages.email, contactMessages.subject],
  toItem: (row) => toContactMessage(row),
  toDetail: (_db, row) => Promise.resolve(toContactMessage(row)),
  toValues: () => ({}),
}

/** `GET {path}/{id}`: the message, marked read (and audited) if it was not. */
export async function readContactMessage(deps: AppDeps, admin: Principal, id: number): Promise<ContactMessage> {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1).for('update')
    if (!row) throw new AppError(404, 'errors.notFound')
    if (row.isRead) return toContactMessage(row)
    const [updated] = await tx
      .update(contactMessages)
      .set({ isRead: true, updatedAt: now, version: sql`${contactMessages.version} + 1` })
      .where(eq(contactMessages.id, id))
      .returning()
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'read',
      resource: contactResource.name,
      recordId: id,
      changes: { is_read: { from: false, to: true } },
      at: now,
    })
    return toContactMessage(updated ?? row)
  })
}

/** `POST /api/contact`: stores a message of the public form (unread). */
export async function submitContactMessage(deps: AppDeps, body: ContactCreateBody): Promise<void> {
  // the settings can close the public form
  if (!(await readSite(deps.db)).contact_form_enabled) throw new AppError(403, 'contact.formClosed')
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: body.name,
        email: body.email,
        phone: body.phone || null,
        subject: body.subject,
        message: body.message,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: contactMessages.id })
    if (!row) throw new Error('contact message insert returned no row')
    await contactReceived.emit(deps, tx, { messageId: row.id, name: body.name, at: now })
  })
}
