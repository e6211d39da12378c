import { eq, sql } from 'drizzle-orm'
import type { TermsBody, TermsCondition } from '../../../src/contract/terms'
import { termsConditions } from './schema'
import type { Db } from '../../db'
import { changedFields, writeAudit } from '../../lib/audit'
import type { AppDeps, Principal } from '../../lib/context'
import { AppError, type FieldErrors } from '../../lib/errors'
import { isBlankHtml } from '../../../src/contract/rich-text'
import { sanitizeHtml } from '../../lib/sanitize'

/** Terms and conditions: the single record (ar and en rich text, sanitised on save). */

type TermsRow = typeof termsConditions.$inferSelect

const toTerms = (row: TermsRow): TermsCondition => ({
  terms_ar: row.termsAr,
  terms_en: row.termsEn,
  version: row.version,
  updated_at: row.updatedAt.toISOString(),
})

export async function readTerms(db: Db): Promise<TermsCondition | null> {
  const [row] = await db.select().from(termsConditions).limit(1)
  return row ? toTerms(row) : null
}

/** Creates the record, or updates it when `version` matches (409 when stale or missing on an existing record). */
export async function saveTerms(deps: AppDeps, admin: Principal, body: TermsBody): Promise<TermsCondition> {
  const termsAr = sanitizeHtml(body.terms_ar)
  const termsEn = sanitizeHtml(body.terms_en)
  const errors: FieldErrors = {}
  if (isBlankHtml(termsAr)) errors.terms_ar = [{ key: 'validation.required' }]
  if (isBlankHtml(termsEn)) errors.terms_en = [{ key: 'validation.required' }]
  if (Object.keys(errors).length > 0) throw new AppError(422, 'errors.validation', { errors })
  const now = deps.clock()
  const names = { termsAr: 'terms_ar', termsEn: 'terms_en' }
  return deps.db.transaction(async (tx) => {
    // Serialises the first save too (there is no row to lock yet).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('terms_conditions'))`)
    const [before] = await tx.select().from(termsConditions).limit(1).for('update')
    if (!before) {
      const [created] = await tx.insert(termsConditions).values({ termsAr, termsEn, createdAt: now, updatedAt: now }).returning()
      if (!created) throw new Error('insert returned no row')
      const changes = changedFields({}, { termsAr, termsEn }, names)
      await writeAudit(tx, { adminId: admin.id, action: 'create', resource: 'terms_conditions', recordId: created.id, changes, at: now })
      return toTerms(created)
    }
    if (body.version !== before.version) {
      throw new AppError(409, 'errors.conflict', { errors: { version: [{ key: 'errors.conflict' }] } })
    }
    const changes = changedFields(before, { termsAr, termsEn }, names)
    if (Object.keys(changes).length === 0) return toTerms(before)
    const [updated] = await tx
      .update(termsConditions)
      .set({ termsAr, termsEn, updatedAt: now, version: sql`${termsConditions.version} + 1` })
      .where(eq(termsConditions.id, before.id))
      .returning()
    await writeAudit(tx, { adminId: admin.id, action: 'update', resource: 'terms_conditions', recordId: before.id, changes, at: now })
    return toTerms(updated ?? before)
  })
}
