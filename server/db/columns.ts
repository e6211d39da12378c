import { sql } from 'drizzle-orm'
import { integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core'

/** Column helpers every table uses (PostgreSQL dialect; the same on PGlite and PostgreSQL). */

export const LOCALES = ['ar', 'en'] as const
export const IDENTITIES = ['admin', 'user'] as const

export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
export const createdAt = () => tz('created_at').notNull().defaultNow()
export const updatedAt = () => tz('updated_at').notNull().defaultNow()
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity()

/** Letters folded for sorting: alef with hamza above or below, with madda, wasla → bare alef. */
const FOLD_FROM = 'أإآٱ'
const FOLD_TO = 'اااا'
/** Dropped for sorting: tatweel, the short vowels and shadda, superscript alef. */
const IGNORED = ['\u0640', ...Array.from({ length: 8 }, (_, i) => String.fromCharCode(0x064b + i)), '\u0670'].join('')

/**
 * A name as lists sort it, the same on PGlite and PostgreSQL: the forms of alef folded into one and
 * the vowel marks dropped (PGlite's ICU has no Arabic tailoring to do it), then the Unicode collation
 * algorithm (ICU's root collation, which both have), so letter case comes after the letters instead of
 * the code-point order of the database's default. Indexes sort by the same key.
 */
export const byName = (column: AnyPgColumn) =>
  sql`translate(${column}, ${sql.raw(`'${FOLD_FROM}${IGNORED}'`)}, ${sql.raw(`'${FOLD_TO}'`)}) collate "und-x-icu"`
