import { integer, timestamp } from 'drizzle-orm/pg-core'

/** Column helpers every table uses (PostgreSQL dialect; the same on PGlite and PostgreSQL). */

export const LOCALES = ['ar', 'en'] as const
export const IDENTITIES = ['admin', 'user'] as const

export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
export const createdAt = () => tz('created_at').notNull().defaultNow()
export const updatedAt = () => tz('updated_at').notNull().defaultNow()
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity()
