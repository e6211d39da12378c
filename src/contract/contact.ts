import * as z from 'zod/mini'
import { emailSchema } from './auth'
import { listQuerySchema, pageSchema, queryBoolean, queryDate } from './resource'
export * from './contact.routes'

/**
 * Contact: messages from the public site's contact form. Admins list, view (viewing marks read) and
 * delete them; there is no create or update through the admin path.
 */
/** The public contact form endpoint (no token; rate limited per IP; 201). */
export const contactPublicPath = 'contact'

export const contactCreateBody = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(120)),
  email: emailSchema,
  phone: z.optional(z.string().check(z.trim(), z.regex(/^\+?[0-9]{8,15}$/, 'validation.phone'))),
  subject: z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(200)),
  message: z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(5000)),
})
export type ContactCreateBody = z.infer<typeof contactCreateBody>

const contactSortColumns = ['created_at', 'name', 'id'] as const
/** `received_from` / `received_to`: days (UTC) the message arrived, both included. */
export const contactListQuery = listQuerySchema(contactSortColumns, {
  is_read: queryBoolean,
  received_from: queryDate,
  received_to: queryDate,
})
export type ContactListQuery = z.infer<typeof contactListQuery>

export const contactMessageSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  subject: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ContactMessage = z.infer<typeof contactMessageSchema>
/** `GET {path}/{id}` (marks the message read). */
export type ContactDetail = ContactMessage
export const contactPageSchema = pageSchema(contactMessageSchema)
/** `POST /api/contact` answers 201 with a translated thank-you `message` and `result: null`. */
