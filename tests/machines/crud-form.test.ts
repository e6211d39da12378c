import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { ApiError } from '../../src/api/client'
import { crudFormMachine, fieldErrorsOf, formLoadingFlags, holdsUnsavedChanges, shownRecord, type CrudFormInput } from '../../src/machines/crud-form'
import { createController, createEffects } from './model'
import { replay } from './replay'

const resource = { name: 'categories', path: 'admin-panal/categories' }
const record = { id: 5, name_ar: 'هواتف', name_en: 'Phones', version: 3 }
const invalid = new ApiError(422, 'Some fields need your attention.', { name_en: ['Required Field'] })
const stale = new ApiError(409, 'This record was changed by someone else. Reload it.', {})
const down = new ApiError(0, '', {})
const saved = { message: 'Saved successfully', result: { ...record, version: 4 } }

const formEvents = [
  { type: 'form.changed', dirty: true },
  { type: 'form.submit', values: { name_ar: 'هواتف', name_en: 'Phones' } },
  { type: 'form.retry' },
  { type: 'form.reload' },
  { type: 'form.dismiss' },
  { type: 'form.leaveRequested' },
  { type: 'form.leaveConfirmed' },
  { type: 'form.leaveCancelled' },
  { type: 'xstate.done.actor.loadRecord', output: record },
  { type: 'xstate.error.actor.loadRecord', error: down },
  { type: 'xstate.done.actor.saveRecord', output: saved },
  { type: 'xstate.error.actor.saveRecord', error: invalid },
  { type: 'xstate.error.actor.saveRecord', error: stale },
  { type: 'xstate.error.actor.saveRecord', error: down },
]

replay('crudForm', crudFormMachine, {
  // Two sets: with held-back navigations the leave question is reached both ways, and the
  // traversal (one path per state and event) would only ever answer the held one.
  events: { 'Cancel and the form': formEvents, 'held-back navigations': [...formEvents, { type: 'form.navigationBlocked' }] },
  actors: ['loadRecord', 'saveRecord'],
  inputs: [{ resource }, { resource, id: 5 }] satisfies CrudFormInput[],
})

function start(input: CrudFormInput) {
  const ctl = createController()
  const effects = createEffects()
  const machine = crudFormMachine.provide({
    actors: { loadRecord: ctl.logic('loadRecord'), saveRecord: ctl.logic('saveRecord') },
    actions: {
      onSaved: effects.record('onSaved'),
      leave: effects.record('leave'),
      proceedNavigation: effects.record('proceedNavigation'),
      stayOnForm: effects.record('stayOnForm'),
    },
  })
  return { actor: createActor(machine, { input }).start(), ctl, effects }
}

describe('crudForm chart, edge cases', () => {
  it('edit: loads the record, submits with its version, reports the save', async () => {
    const { actor, ctl, effects } = start({ resource, id: 5 })
    expect(formLoadingFlags(actor.getSnapshot())).toEqual({ item: true, crud: false })
    expect(ctl.inputs.get('loadRecord')).toEqual({ resource, id: 5 })
    await ctl.settle({ type: 'xstate.done.actor.loadRecord', output: record })
    actor.send({ type: 'form.submit', values: { name_en: 'Mobiles' } })
    expect(formLoadingFlags(actor.getSnapshot())).toEqual({ item: false, crud: true })
    expect(ctl.inputs.get('saveRecord')).toEqual({ resource, id: 5, values: { name_en: 'Mobiles', version: 3 } })
    await ctl.settle({ type: 'xstate.done.actor.saveRecord', output: saved })
    expect(actor.getSnapshot().value).toBe('saved')
    expect(effects.take()).toEqual([['onSaved', { id: 5, record: saved.result, message: 'Saved successfully' }]])
  })

  it('create: starts editing and posts without a version', () => {
    const { actor, ctl } = start({ resource, initial: { is_active: true } })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.record).toEqual({ is_active: true })
    actor.send({ type: 'form.submit', values: { name_en: 'Phones' } })
    expect(ctl.inputs.get('saveRecord')).toEqual({ resource, id: null, values: { name_en: 'Phones' } })
  })

  it('422: the server messages land on their fields', async () => {
    const { actor, ctl } = start({ resource })
    actor.send({ type: 'form.submit', values: {} })
    await ctl.settle({ type: 'xstate.error.actor.saveRecord', error: invalid })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(fieldErrorsOf(actor.getSnapshot(), 'name_en')).toEqual(['Required Field'])
    expect(fieldErrorsOf(actor.getSnapshot(), 'name_ar')).toEqual([])
    actor.send({ type: 'form.submit', values: { name_en: 'Phones' } })
    expect(actor.getSnapshot().context.errors).toEqual({})
  })

  it('409: the stale edit is offered as a reload', async () => {
    const { actor, ctl } = start({ resource, id: 5 })
    await ctl.settle({ type: 'xstate.done.actor.loadRecord', output: record })
    actor.send({ type: 'form.changed', dirty: true })
    actor.send({ type: 'form.submit', values: { name_en: 'Mobiles' } })
    await ctl.settle({ type: 'xstate.error.actor.saveRecord', error: stale })
    expect(actor.getSnapshot().value).toBe('conflict')
    expect(actor.getSnapshot().context.failure?.message).toBe('This record was changed by someone else. Reload it.')
    expect(actor.getSnapshot().can({ type: 'form.submit', values: {} })).toBe(false)
    actor.send({ type: 'form.reload' })
    await ctl.settle({ type: 'xstate.done.actor.loadRecord', output: { ...record, version: 4 } })
    expect(actor.getSnapshot().context.dirty).toBe(false)
    actor.send({ type: 'form.submit', values: { name_en: 'Mobiles' } })
    expect(ctl.inputs.get('saveRecord')).toEqual({ resource, id: 5, values: { name_en: 'Mobiles', version: 4 } })
  })

  it('leaving with unsaved changes asks first', () => {
    const { actor, effects } = start({ resource })
    actor.send({ type: 'form.leaveRequested' })
    expect(actor.getSnapshot().status).toBe('done')
    expect(effects.take()).toEqual([['leave']])

    const dirty = start({ resource })
    dirty.actor.send({ type: 'form.changed', dirty: true })
    dirty.actor.send({ type: 'form.leaveRequested' })
    expect(dirty.actor.getSnapshot().value).toBe('confirmingLeave')
    dirty.actor.send({ type: 'form.leaveCancelled' })
    expect(dirty.actor.getSnapshot().value).toBe('editing')
    expect(dirty.effects.take()).toEqual([])
    dirty.actor.send({ type: 'form.leaveRequested' })
    dirty.actor.send({ type: 'form.leaveConfirmed' })
    expect(dirty.actor.getSnapshot().value).toBe('left')
    expect(dirty.effects.take()).toEqual([['leave']])
  })

  it('a second Escape while the question is open closes the question and keeps the changes', () => {
    const { actor, effects } = start({ resource })
    actor.send({ type: 'form.changed', dirty: true })
    actor.send({ type: 'form.leaveRequested' })
    actor.send({ type: 'form.leaveRequested' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.dirty).toBe(true)
    expect(effects.take()).toEqual([])
  })

  it('a view fetches its record again and shows the old one until the new one arrives', async () => {
    const { actor, ctl } = start({ resource, id: 5 })
    expect(shownRecord(actor.getSnapshot())).toBeNull()
    await ctl.settle({ type: 'xstate.done.actor.loadRecord', output: record })
    actor.send({ type: 'form.reload' })
    expect(formLoadingFlags(actor.getSnapshot()).item).toBe(true)
    expect(shownRecord(actor.getSnapshot())).toEqual(record)
    await ctl.settle({ type: 'xstate.done.actor.loadRecord', output: { ...record, version: 4 } })
    expect(shownRecord(actor.getSnapshot())).toEqual({ ...record, version: 4 })

    // typed changes are never dropped by a refresh, and a create form has nothing to fetch
    actor.send({ type: 'form.changed', dirty: true })
    expect(actor.getSnapshot().can({ type: 'form.reload' })).toBe(false)
    expect(start({ resource }).actor.getSnapshot().can({ type: 'form.reload' })).toBe(false)
  })

  it('changes undone (pristine again) leave without asking', () => {
    const { actor, effects } = start({ resource })
    actor.send({ type: 'form.changed', dirty: true })
    actor.send({ type: 'form.changed', dirty: false })
    actor.send({ type: 'form.leaveRequested' })
    expect(effects.take()).toEqual([['leave']])
  })

  it('a held-back navigation with unsaved changes asks first: Stay drops it, Leave lets it go on', () => {
    const { actor, effects } = start({ resource })
    expect(holdsUnsavedChanges(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'form.navigationBlocked' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(effects.take()).toEqual([['proceedNavigation']])

    actor.send({ type: 'form.changed', dirty: true })
    expect(holdsUnsavedChanges(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'form.navigationBlocked' })
    expect(actor.getSnapshot().value).toBe('confirmingLeave')
    expect(holdsUnsavedChanges(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'form.leaveCancelled' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.navigationHeld).toBe(false)
    expect(effects.take()).toEqual([['stayOnForm']])

    actor.send({ type: 'form.navigationBlocked' })
    actor.send({ type: 'form.leaveConfirmed' })
    expect(actor.getSnapshot().value).toBe('left')
    // the navigation goes on where it was going; the form does not also navigate to its list
    expect(effects.take()).toEqual([['proceedNavigation']])
  })

  it('while saving, nothing unsaved is held: a navigation goes on', async () => {
    const { actor, ctl, effects } = start({ resource })
    actor.send({ type: 'form.changed', dirty: true })
    actor.send({ type: 'form.submit', values: { name_en: 'Phones' } })
    expect(holdsUnsavedChanges(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'form.navigationBlocked' })
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(effects.take()).toEqual([['proceedNavigation']])
    await ctl.settle({ type: 'xstate.error.actor.saveRecord', error: stale })
    expect(actor.getSnapshot().value).toBe('editing')
  })
})
