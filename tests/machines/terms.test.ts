import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { ApiError } from '../../src/api/client'
import { termsMachine } from '../../src/machines/terms'
import { createController, flush } from './model'
import { replay } from './replay'

const record = { terms_ar: '<p>الشروط</p>', terms_en: '<p>Terms</p>', version: 2, updated_at: '2026-01-01T00:00:00.000Z' }
const values = { terms_ar: '<p>شروط جديدة</p>', terms_en: '<p>New terms</p>' }
const invalid = new ApiError(422, 'Some fields need your attention.', { terms_en: ['Required Field'] })
const stale = new ApiError(409, 'This record was changed by someone else. Reload it.', {})
const down = new ApiError(0, '', {})
const saved = { message: 'Saved successfully', record: { ...record, ...values, version: 3 } }

replay('terms', termsMachine, {
  events: [
    { type: 'terms.save', values },
    { type: 'terms.retry' },
    { type: 'terms.reload' },
    { type: 'terms.dismiss' },
    { type: 'xstate.done.actor.loadTerms', output: record },
    { type: 'xstate.error.actor.loadTerms', error: down },
    { type: 'xstate.done.actor.saveTerms', output: saved },
    { type: 'xstate.error.actor.saveTerms', error: invalid },
    { type: 'xstate.error.actor.saveTerms', error: stale },
    { type: 'xstate.error.actor.saveTerms', error: down },
  ],
  actors: ['loadTerms', 'saveTerms'],
  inputs: [undefined],
})

function start() {
  const ctl = createController()
  const machine = termsMachine.provide({ actors: { loadTerms: ctl.logic('loadTerms'), saveTerms: ctl.logic('saveTerms') } })
  return { actor: createActor(machine).start(), ctl }
}

describe('terms chart, edge cases', () => {
  it('saves with the version it loaded, and without one before the first save', async () => {
    const { actor, ctl } = start()
    await ctl.settle({ type: 'xstate.done.actor.loadTerms', output: null })
    await flush()
    actor.send({ type: 'terms.save', values })
    expect(ctl.inputs.get('saveTerms')).toEqual(values)
    await ctl.settle({ type: 'xstate.done.actor.saveTerms', output: saved })
    await flush()
    expect(actor.getSnapshot().context.message).toBe('Saved successfully')
    actor.send({ type: 'terms.save', values })
    expect(ctl.inputs.get('saveTerms')).toEqual({ ...values, version: 3 })
  })

  it('offers a stale save as a reload that fetches the stored terms again', async () => {
    const { actor, ctl } = start()
    await ctl.settle({ type: 'xstate.done.actor.loadTerms', output: record })
    await flush()
    actor.send({ type: 'terms.save', values })
    await ctl.settle({ type: 'xstate.error.actor.saveTerms', error: stale })
    await flush()
    expect(actor.getSnapshot().value).toBe('conflict')
    actor.send({ type: 'terms.reload' })
    expect(actor.getSnapshot().value).toBe('loading')
    expect(ctl.running('loadTerms')).toBe(true)
  })
})
