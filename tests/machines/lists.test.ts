import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { ApiError } from '../../src/api/client'
import { commonOf, isListLoading, listFailureOf, listKey, listOf, listsMachine } from '../../src/machines/lists'
import { createController } from './model'
import { replay } from './replay'

const categories = [{ id: 1, name: 'Phones' }]
const down = new ApiError(0, '', {})

replay('lists', listsMachine, {
  events: [
    { type: 'lists.request', name: 'categories' },
    { type: 'lists.request', name: 'packages', filters: { active: '1' } },
    { type: 'lists.adminCurrent' },
    { type: 'lists.reset' },
    { type: 'xstate.done.actor.fetchList', output: categories },
    { type: 'xstate.error.actor.fetchList', error: down },
    { type: 'xstate.done.actor.fetchCommon', output: { package_types: ['FREE_TRIAL', 'STANDARD', 'ELITE'] } },
    { type: 'xstate.error.actor.fetchCommon', error: down },
  ],
  actors: ['fetchList', 'fetchCommon'],
  inputs: [undefined],
})

function start() {
  const ctl = createController()
  const machine = listsMachine.provide({ actors: { fetchList: ctl.logic('fetchList'), fetchCommon: ctl.logic('fetchCommon') } })
  return { actor: createActor(machine).start(), ctl }
}

describe('lists chart, edge cases', () => {
  it('the key ignores the order of the filters', () => {
    expect(listKey('packages', { a: 1, b: '2' })).toBe(listKey('packages', { b: '2', a: 1 }))
    expect(listKey('packages', { a: 1 })).not.toBe(listKey('packages', { a: 2 }))
  })

  it('a cache hit avoids a second fetch', async () => {
    const { actor, ctl } = start()
    actor.send({ type: 'lists.request', name: 'categories', filters: { parent: 0 } })
    expect(ctl.inputs.get('fetchList')).toEqual({ name: 'categories', filters: { parent: 0 } })
    actor.send({ type: 'lists.request', name: 'categories', filters: { parent: 0 } })
    await ctl.settle({ type: 'xstate.done.actor.fetchList', output: categories })
    expect(listOf(actor.getSnapshot(), 'categories', { parent: 0 })).toEqual(categories)
    actor.send({ type: 'lists.request', name: 'categories', filters: { parent: 0 } })
    expect(ctl.running('fetchList')).toBe(false)
    expect(actor.getSnapshot().matches({ list: 'idle' })).toBe(true)
    actor.send({ type: 'lists.request', name: 'categories', filters: { parent: 1 } })
    expect(ctl.running('fetchList')).toBe(true)
  })

  it('fetches queued lists one after the other', async () => {
    const { actor, ctl } = start()
    actor.send({ type: 'lists.request', name: 'a' })
    actor.send({ type: 'lists.request', name: 'b' })
    expect(isListLoading(actor.getSnapshot(), 'b')).toBe(true)
    await ctl.settle({ type: 'xstate.error.actor.fetchList', error: down })
    expect(listFailureOf(actor.getSnapshot(), 'a')).toEqual({ status: 0, message: '', errors: {} })
    expect(ctl.inputs.get('fetchList')).toEqual({ name: 'b', filters: {} })
    await ctl.settle({ type: 'xstate.done.actor.fetchList', output: categories })
    expect(listOf(actor.getSnapshot(), 'b')).toEqual(categories)
    expect(listOf(actor.getSnapshot(), 'a')).toBeNull()
  })

  it('common is fetched once after an admin becomes current, again after a reset', async () => {
    const { actor, ctl } = start()
    actor.send({ type: 'lists.adminCurrent' })
    await ctl.settle({ type: 'xstate.done.actor.fetchCommon', output: { languages: ['ar', 'en'] } })
    actor.send({ type: 'lists.adminCurrent' })
    expect(ctl.running('fetchCommon')).toBe(false)
    expect(commonOf(actor.getSnapshot())).toEqual({ languages: ['ar', 'en'] })
    actor.send({ type: 'lists.reset' })
    expect(commonOf(actor.getSnapshot())).toBeNull()
    actor.send({ type: 'lists.adminCurrent' })
    expect(ctl.running('fetchCommon')).toBe(true)
  })

  it('a reset drops a fetch under way', async () => {
    const { actor, ctl } = start()
    actor.send({ type: 'lists.request', name: 'a' })
    actor.send({ type: 'lists.reset' })
    expect(ctl.running('fetchList')).toBe(false)
    expect(actor.getSnapshot().context.queue).toEqual([])
  })
})
