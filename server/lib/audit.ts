import { auditLog } from '../db/tables'
import type { Db } from '../db'

type AuditAction = 'create' | 'update' | 'delete' | 'toggle' | (string & {})

/** Changed fields of a write: `{ column: { from, to } }` (database column names). */
export type AuditChanges = Record<string, { from: unknown; to: unknown }>

export type AuditEntry = {
  adminId: number | null
  action: AuditAction
  resource: string
  recordId: number | null
  changes: AuditChanges
  at: Date
}

/** Writes one audit row; call it inside the transaction of the write it records. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    resource: entry.resource,
    recordId: entry.recordId,
    changes: entry.changes,
    createdAt: entry.at,
  })
}

const jsonValue = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : (value ?? null))

/**
 * The fields of `after` whose value differs from `before`, keyed by `names[key]` (the column name).
 * Values are JSON-ready (dates as ISO strings).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  names: Record<string, string>,
): AuditChanges {
  const out: AuditChanges = {}
  for (const [key, value] of Object.entries(after)) {
    const from = jsonValue(before[key])
    const to = jsonValue(value)
    if (JSON.stringify(from) !== JSON.stringify(to)) out[names[key] ?? key] = { from, to }
  }
  return out
}
