import { describe, expect, it } from 'vitest'
import { commonOf, isListLoading, listFailureOf, listKey, listOf, listsMachine, type ListsContext } from '../../src/machines/lists'

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
