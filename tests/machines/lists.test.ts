import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { CommonLists } from '../../src/api/resource'
import type { ListItem } from '../../src/contract/resource'
import {
  commonOf,
  isListLoading,
  listFailureOf,
  listKey,
  listOf,
  listsMachine,
  type ListRequest,
  type ListsContext,
} from '../../src/machines/lists'

/**
 * The pure parts of the lists chart: the cache key and the selectors. The chart itself is walked
 * through the app (tests/walks/lists.walk.test.tsx).
 */

const categories = [{ id: 1, name: 'Phones' }]
const at = (context: Partial<ListsContext>) =>
  listsMachine.resolveState({
    value: { list: 'idle', common: 'none' },
    context: { cache: {}, queue: [], failures: {}, common: null, commonFailure: null, ...context },
  })

describe('lists: the cache key and the selectors', () => {
  it('the key is the name and the filters, whatever their order', () => {
    expect(listKey('packages', { a: 1, b: '2' })).toBe(listKey('packages', { b: '2', a: 1 }))
    expect(listKey('packages', { a: 1 })).not.toBe(listKey('packages', { a: 2 }))
    expect(listKey('packages')).not.toBe(listKey('categories'))
    expect(listKey('packages')).toBe(listKey('packages', {}))
  })

  it('read a list by name and filters', () => {
    const s = at({
      cache: { [listKey('categories', { parent_id: 7 })]: categories },
      queue: [{ name: 'categories', filters: {} }],
      failures: { [listKey('packages')]: { status: 500, message: 'Down.', errors: {} } },
      common: { languages: [{ value: 'ar', label: 'Arabic' }] } as never,
    })
    expect(listOf(s, 'categories', { parent_id: 7 })).toEqual(categories)
    expect(listOf(s, 'categories')).toBeNull()
    expect(isListLoading(s, 'categories')).toBe(true)
    expect(isListLoading(s, 'categories', { parent_id: 7 })).toBe(false)
    expect(listFailureOf(s, 'packages')?.message).toBe('Down.')
    expect(listFailureOf(s, 'categories')).toBeNull()
    expect(commonOf(s)).toEqual({ languages: [{ value: 'ar', label: 'Arabic' }] })
  })
})

/** The chart with the server's answers in the test's hands. */
function lists() {
  const fetches: { input: { name: string; filters: Record<string, unknown> }; done: (l: unknown) => void; fail: (e: unknown) => void }[] =
    []
  const commons: { done: (l: unknown) => void; fail: (e: unknown) => void }[] = []
  const actor = createActor(
    listsMachine.provide({
      actors: {
        fetchList: fromPromise<ListItem[], ListRequest>(
          ({ input }) => new Promise((done, fail) => void fetches.push({ input, done: done as (l: unknown) => void, fail })),
        ),
        fetchCommon: fromPromise<CommonLists>(
          () => new Promise((done, fail) => void commons.push({ done: done as (l: unknown) => void, fail })),
        ),
      },
    }),
  ).start()
  const snap = () => actor.getSnapshot()
  const state = () => snap().value as { list: string; common: string }
  return { actor, fetches, commons, snap, state }
}
const settle = () => new Promise((r) => setTimeout(r, 0))

describe('lists: fetched once, one at a time, in request order', () => {
  it('fetches a list once per name and filters; asked again it is served from the cache', async () => {
    const l = lists()
    l.actor.send({ type: 'lists.request', name: 'categories', filters: { parent: 1, level: 2 } })
    expect(l.state().list).toBe('fetching')
    expect(l.fetches.map((f) => f.input)).toEqual([{ name: 'categories', filters: { parent: 1, level: 2 } }])
    expect(isListLoading(l.snap(), 'categories', { level: 2, parent: 1 })).toBe(true)
    // the same request while it is fetched does not queue it again
    l.actor.send({ type: 'lists.request', name: 'categories', filters: { level: 2, parent: 1 } })
    expect(l.snap().context.queue).toHaveLength(1)
    l.fetches[0]!.done(categories)
    await settle()
    expect(l.state().list).toBe('idle')
    expect(listOf(l.snap(), 'categories', { parent: 1, level: 2 })).toEqual(categories)
    expect(isListLoading(l.snap(), 'categories', { parent: 1, level: 2 })).toBe(false)
    l.actor.send({ type: 'lists.request', name: 'categories', filters: { parent: 1, level: 2 } })
    expect([l.state().list, l.fetches.length]).toEqual(['idle', 1])
    // other filters are another list
    l.actor.send({ type: 'lists.request', name: 'categories' })
    expect(l.fetches.map((f) => f.input)).toEqual([
      { name: 'categories', filters: { parent: 1, level: 2 } },
      { name: 'categories', filters: {} },
    ])
  })

  it('queues the lists asked for while one is fetched and fetches them in order; a failure is kept per list', async () => {
    const l = lists()
    l.actor.send({ type: 'lists.request', name: 'a' })
    l.actor.send({ type: 'lists.request', name: 'b' })
    l.actor.send({ type: 'lists.request', name: 'c' })
    expect(l.fetches.map((f) => f.input.name)).toEqual(['a'])
    l.fetches[0]!.fail({ status: 500, message: 'Down', errors: {} })
    await settle()
    expect([l.state().list, l.fetches.map((f) => f.input.name)]).toEqual(['fetching', ['a', 'b']])
    expect(listFailureOf(l.snap(), 'a')).toEqual({ status: 500, message: 'Down', errors: {} })
    expect(listOf(l.snap(), 'a')).toBeNull()
    l.fetches[1]!.done([{ id: 2, name: 'B' }])
    await settle()
    expect(l.fetches.map((f) => f.input.name)).toEqual(['a', 'b', 'c'])
    l.fetches[2]!.fail({ status: 0, message: '', errors: {} })
    await settle()
    expect(l.state().list).toBe('idle')
    expect(listFailureOf(l.snap(), 'c')?.status).toBe(0)
    expect(listOf(l.snap(), 'b')).toEqual([{ id: 2, name: 'B' }])
    // asked again, a failed list is fetched again and its failure goes once it arrives
    l.actor.send({ type: 'lists.request', name: 'a' })
    l.fetches[3]!.done(categories)
    await settle()
    expect([listOf(l.snap(), 'a'), listFailureOf(l.snap(), 'a'), listFailureOf(l.snap(), 'c')?.status]).toEqual([categories, null, 0])
  })

  it('fetches the constants once an admin is current; a failure is kept; a sign-out forgets everything', async () => {
    const l = lists()
    expect(l.state().common).toBe('none')
    l.actor.send({ type: 'lists.adminCurrent' })
    expect([l.state().common, l.commons.length]).toEqual(['fetching', 1])
    const common = { packageTypes: [] } as unknown as CommonLists
    l.commons[0]!.done(common)
    await settle()
    expect([l.state().common, commonOf(l.snap())]).toEqual(['ready', common])
    l.actor.send({ type: 'lists.adminCurrent' })
    expect(l.commons).toHaveLength(1)
    l.actor.send({ type: 'lists.request', name: 'a' })
    l.actor.send({ type: 'lists.reset' })
    expect(l.state()).toEqual({ list: 'idle', common: 'none' })
    expect(l.snap().context).toEqual({ cache: {}, queue: [], failures: {}, common: null, commonFailure: null })
    l.actor.send({ type: 'lists.adminCurrent' })
    l.commons[1]!.fail({ status: 503, message: 'Later', errors: {} })
    await settle()
    expect([l.state().common, l.snap().context.commonFailure?.message]).toEqual(['failed', 'Later'])
    l.actor.send({ type: 'lists.adminCurrent' })
    expect(l.commons).toHaveLength(2)
  })
})
