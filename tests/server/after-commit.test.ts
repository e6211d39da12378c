import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db'
import { afterCommit, withAfterCommit } from '../../server/lib/events'
import { backends, openTestDatabase } from './helpers'

/** Lets every queued microtask and the next timer run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe.each(backends)('tasks after the commit on $name', (backend) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  let db: Db
  const failures: unknown[] = []
  beforeAll(async () => {
    database = await openTestDatabase(backend, { migrate: false })
    db = withAfterCommit(database.db, (error) => failures.push(error))
  })
  afterAll(async () => {
    await database.drop()
  })

  it('run once the outermost transaction commits, savepoints included; never for what rolled back', async () => {
    const ran: string[] = []
    await db.transaction(async (tx) => {
      afterCommit(tx, () => ran.push('outer'))
      await tx.transaction(async (savepoint) => {
        afterCommit(savepoint, () => ran.push('released savepoint'))
        await savepoint.transaction(async (deeper) => {
          afterCommit(deeper, () => ran.push('deeper savepoint'))
        })
      })
      await tx
        .transaction(async (savepoint) => {
          afterCommit(savepoint, () => ran.push('rolled-back savepoint'))
          throw new Error('undone')
        })
        .catch(() => undefined)
      await settle()
      // inside the transaction still: nothing told yet
      expect(ran).toEqual([])
    })
    expect(ran).toEqual(['outer', 'released savepoint', 'deeper savepoint'])

    const none: string[] = []
    await expect(
      db.transaction(async (tx) => {
        afterCommit(tx, () => none.push('outer'))
        await tx.transaction(async (savepoint) => afterCommit(savepoint, () => none.push('savepoint')))
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await settle()
    expect(none).toEqual([])
  })

  it('a failing task is reported and the others still run; outside a transaction a task runs on the next tick', async () => {
    const ran: string[] = []
    await db.transaction(async (tx) => {
      afterCommit(tx, () => {
        throw new Error('task failed')
      })
      afterCommit(tx, () => ran.push('next'))
    })
    expect(ran).toEqual(['next'])
    expect(failures).toHaveLength(1)
    afterCommit(db, () => ran.push('outside'))
    expect(ran).toEqual(['next'])
    await settle()
    expect(ran).toEqual(['next', 'outside'])
  })
})
