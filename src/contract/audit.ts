import * as z from 'zod/mini'
import { listQuerySchema, queryDate } from './resource'
export * from './audit.routes'

/**
 * The audit trail (DOMAIN.md "Admins, roles and permissions"): every write, who made it (null: the
 * platform or a vendor), when, on which record, and the changed fields before and after. Values of
 * a secret field (a key matching SECRET_FIELD) are never sent: they read SECRET_MASK.
 */

/** A field whose values are never shown: passwords, tokens, secrets, hashes, keys. */
export const SECRET_FIELD = /password|token|secret|hash|key/i
/** What a secret field's value reads instead (a null stays null: "was not set" tells nothing). */
export const SECRET_MASK = '••••'

/** `admin_id=0` lists what the platform or a vendor wrote (no admin). */
export const SYSTEM_ADMIN_ID = 0

const id = (min: number) => z.optional(z.coerce.number().check(z.int(), z.gte(min), z.lte(2_147_483_647)))
const name = (max: number) => z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+$/)))

const auditFilters = {
  admin_id: id(SYSTEM_ADMIN_ID),
  resource: name(100),
  record_id: id(1),
  action: name(50),
  /** Riyadh business days, both inclusive. */
  from: queryDate,
  to: queryDate,
}
export const auditListQuery = listQuerySchema(['created_at'] as const, auditFilters)
export type AuditListQuery = z.infer<typeof auditListQuery>
/** The export takes the list's filters and search, without pagination or sort. */
export const auditExportQuery = z.strictObject({
  ...auditFilters,
  search: auditListQuery.shape.search,
})
export type AuditExportQuery = z.infer<typeof auditExportQuery>

const auditChangeSchema = z.object({ from: z.unknown(), to: z.unknown() })
export const auditEntrySchema = z.object({
  id: z.int(),
  /** ISO 8601. */
  at: z.string(),
  admin: z.nullable(z.object({ id: z.int(), name: z.string() })),
  action: z.string(),
  resource: z.string(),
  record_id: z.nullable(z.int()),
  /** Changed fields (column names) with their values before and after, secrets masked. */
  changes: z.record(z.string(), auditChangeSchema),
  /** The record's screen in the back-office, when it has one. */
  screen: z.nullable(z.string()),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>
