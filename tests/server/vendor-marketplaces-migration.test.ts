import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applyMigrations, type Db } from '../../server/db'
import { backends, openTestDatabase } from './helpers'

const migrations = fileURLToPath(new URL('../../server/db/migrations', import.meta.url))
const MIGRATION = '0014_vendor_marketplaces'

type Journal = { entries: { idx: number; tag: string }[] }

/** A copy of the migrations folder holding only those before `tag`. */
async function migrationsBefore(tag: string): Promise<{ folder: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'migrations-'))
  const folder = join(root, 'migrations')
  await mkdir(join(folder, 'meta'), { recursive: true })
  const journal = JSON.parse(await readFile(join(migrations, 'meta', '_journal.json'), 'utf8')) as Journal
  const cut = journal.entries.findIndex((entry) => entry.tag === tag)
  if (cut < 1) throw new Error(`no migration ${tag}`)
  const earlier = journal.entries.slice(0, cut)
  for (const entry of earlier) await copyFile(join(migrations, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`))
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: earlier }))
  return { folder, remove: () => rm(root, { recursive: true, force: true }) }
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

/**
 * The migration that made a vendor's marketplaces rows of `vendor_marketplaces`, run on a database
 * holding vendors of the free-text days: each comma-separated name (Latin or Arabic comma, any case,
 * spaces around) that a marketplace has in Arabic or English becomes a row, the old text stays in
 * the audit log, and the column is gone.
 */
describe.each(backends)('the vendor marketplaces migration on $name', (backend) => {
  it('copies "Salla, Zid" and its kind into vendor_marketplaces, keeps the text in the audit log and drops the column', async () => {
    const database = await openTestDatabase(backend, { migrate: false })
    const before = await migrationsBefore(MIGRATION)
    try {
      await applyMigrations(database, before.folder)
      const { db } = database
      await db.execute(sql`
        insert into marketplaces (id, name_ar, name_en, website, is_active) overriding system value values
          (1, 'سلة', 'Salla', 'https://salla.sa', true),
          (2, 'زد', 'Zid', 'https://zid.sa', false),
          (3, 'نون', 'Noon', 'https://noon.com', true)`)
      const vendor = (id: number, marketplaces: string | null) => sql`
        insert into vendors (id, store_name, company_name, commercial_registration, phone, email, subdomain, referral_code, marketplaces)
        overriding system value
        values (${id}, ${`Store ${id}`}, 'Co', ${String(1_000_000_000 + id)}, '+966500000000', ${`v${id}@example.com`},
          ${`store-${id}`}, ${`CODE${id}`}, ${marketplaces})`
      await db.execute(vendor(1, 'Salla, Zid'))
      await db.execute(vendor(2, '  سلة ،NOON ; unknown market'))
      await db.execute(vendor(3, 'salla,Salla, SALLA'))
      await db.execute(vendor(4, null))
      await db.execute(vendor(5, ' , '))
      await db.execute(vendor(6, 'Amazon'))

      await applyMigrations(database)

      const links = await rows<{ vendor_id: number; marketplace_id: number }>(
        db,
        sql`select vendor_id, marketplace_id from vendor_marketplaces order by vendor_id, marketplace_id`,
      )
      expect(links).toEqual([
        { vendor_id: 1, marketplace_id: 1 },
        { vendor_id: 1, marketplace_id: 2 },
        { vendor_id: 2, marketplace_id: 1 },
        { vendor_id: 2, marketplace_id: 3 },
        { vendor_id: 3, marketplace_id: 1 },
      ])
      const columns = await rows<{ column_name: string }>(
        db,
        sql`select column_name from information_schema.columns where table_name = 'vendors' and column_name = 'marketplaces'`,
      )
      expect(columns).toEqual([])
      // the old text, names no marketplace has included, stays on record
      const audits = await rows<{ record_id: number; changes: unknown }>(
        db,
        sql`select record_id, changes from audit_log where action = 'migrateMarketplaces' order by record_id`,
      )
      const parsed = audits.map((a) => ({ id: a.record_id, changes: typeof a.changes === 'string' ? JSON.parse(a.changes) : a.changes }))
      expect(parsed).toEqual([
        { id: 1, changes: { marketplaces: { from: 'Salla, Zid', to: null }, marketplace_ids: { from: null, to: [1, 2] } } },
        {
          id: 2,
          changes: { marketplaces: { from: '  سلة ،NOON ; unknown market', to: null }, marketplace_ids: { from: null, to: [1, 3] } },
        },
        { id: 3, changes: { marketplaces: { from: 'salla,Salla, SALLA', to: null }, marketplace_ids: { from: null, to: [1] } } },
        { id: 5, changes: { marketplaces: { from: ' , ', to: null }, marketplace_ids: { from: null, to: [] } } },
        { id: 6, changes: { marketplaces: { from: 'Amazon', to: null }, marketplace_ids: { from: null, to: [] } } },
      ])
      // the new rules hold: a vendor's rows go with it, a marketplace with vendors stays
      await db.execute(sql`delete from vendors where id = 3`)
      expect(await rows(db, sql`select 1 from vendor_marketplaces where vendor_id = 3`)).toEqual([])
      await expect(db.execute(sql`delete from marketplaces where id = 1`)).rejects.toThrow()
    } finally {
      await before.remove()
      await database.close()
      await database.drop()
    }
  })
})
