import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  conflictOf,
  crudFormMachine,
  formFailure,
  formLoadingFlags,
  holdsUnsavedChanges,
  initialValuesOf,
  isAwaitingUploads,
  isNavigationHeld,
  shownRecord,
  type CrudFormInput,
  type FormResource,
  type FormValues,
} from '../../src/machines/crud-form'

/**
 * The form chart's contract, with the server's answers and the app's effects in the test's hands:
 * what the walk through the screens (tests/walks/crud-form.walk.test.tsx) cannot reach or cannot
 * tell apart (a 409 on a create, an upload started twice, the merge of a stale edit field by field).
 */
type Call<I> = { input: I; done: (value: unknown) => void; fail: (error: unknown) => void }
const resource = { name: 'categories', path: 'admin-panal/categories' }
type Load = { resource: FormResource; id: number }
type Save = { resource: FormResource; id: number | null; values: FormValues }

function started(input: Partial<CrudFormInput> = {}) {
  const loads: Call<Load>[] = []
  const latest: Call<Load>[] = []
  const saves: Call<Save>[] = []
  const effects: string[] = []
  const pending = <O, I>(list: Call<I>[]) =>
    fromPromise<O, I>(
      ({ input: given }) => new Promise<O>((done, fail) => void list.push({ input: given, done: done as (v: unknown) => void, fail })),
    )
  const machine = crudFormMachine.provide({
    actors: {
      loadRecord: pending<FormValues, Load>(loads),
      loadLatest: pending<FormValues, Load>(latest),
      saveRecord: pending<{ message: string; result: unknown }, Save>(saves),
    },
    actions: {
      onSaved: (_, p) => void effects.push(`saved ${JSON.stringify(p)}`),
      leave: () => void effects.push('leave'),
      proceedNavigation: () => void effects.push('proceed'),
      stayOnForm: () => void effects.push('stay'),
      askToLeave: () => void effects.push('ask'),
    },
  })
  const actor = createActor(machine, { input: { resource, ...input } }).start()
  const snap = () => actor.getSnapshot()
  return { actor, loads, latest, saves, effects, snap, value: () => snap().value }
}
const settle = () => new Promise((r) => setTimeout(r, 0))
const answer = async <I>(call: Call<I> | undefined, value: unknown) => {
  call!.done(value)
  await settle()
}
const refuse = async <I>(call: Call<I> | undefined, error: unknown) => {
  call!.fail(error)
  await settle()
}

describe('crudForm: create', () => {
  it('starts editing from the initial values and saves them without a version', async () => {
    const { actor, saves, effects, snap, value } = started({ initial: { name: 'x' } })
    expect(value()).toBe('editing')
    expect(initialValuesOf(snap())).toEqual({ name: 'x' })
    expect(shownRecord(snap())).toBeNull()
    actor.send({ type: 'form.submit', values: { name: 'y' } })
    expect(value()).toBe('submitting')
    expect(formLoadingFlags(snap())).toEqual({ item: false, crud: true })
    expect(saves.map((s) => s.input)).toEqual([{ resource, id: null, values: { name: 'y' } }])
    await answer(saves[0], { message: 'Added', result: { id: 9 } })
    expect(value()).toBe('saved')
    expect(snap().status).toBe('done')
    expect(snap().context).toMatchObject({ message: 'Added', dirty: false })
    expect(effects).toEqual(['saved {"id":null,"record":{"id":9},"message":"Added"}'])
  })

  it('a 409 on a create is an ordinary failure, not a stale edit', async () => {
    const { actor, saves, snap, value } = started()
    actor.send({ type: 'form.submit', values: { name: 'y' } })
    await refuse(saves[0], { status: 409, message: 'Taken', errors: {} })
    expect(value()).toBe('editing')
    expect(formFailure(snap())).toEqual({ status: 409, message: 'Taken', errors: {} })
    expect(conflictOf(snap())).toBeNull()
  })

  it('422 puts the messages on their fields; closing the message keeps them; the next submit clears both', async () => {
    const { actor, saves, snap, value } = started()
    actor.send({ type: 'form.submit', values: { name: '' } })
    await refuse(saves[0], { status: 422, message: 'Check the fields', errors: { name: ['Required'] } })
    expect(value()).toBe('editing')
    expect(snap().context.errors).toEqual({ name: ['Required'] })
    expect(snap().context.failure?.message).toBe('Check the fields')
    actor.send({ type: 'form.dismiss' })
    expect(snap().context.failure).toBeNull()
    expect(snap().context.errors).toEqual({ name: ['Required'] })
    actor.send({ type: 'form.submit', values: { name: 'ok' } })
    expect(snap().context).toMatchObject({ errors: {}, failure: null, message: null, values: { name: 'ok' } })
  })

  it('another failure keeps the values and shows its message', async () => {
    const { actor, saves, snap, value } = started()
    actor.send({ type: 'form.submit', values: { name: 'y' } })
    await refuse(saves[0], { status: 0, message: '', errors: {} })
    expect(value()).toBe('editing')
    expect(snap().context).toMatchObject({ values: { name: 'y' }, failure: { status: 0 }, errors: {} })
  })

  it('a reload means nothing to a new record', () => {
    const { actor, loads, value } = started()
    actor.send({ type: 'form.reload' })
    expect([value(), loads.length]).toEqual(['editing', 0])
  })
})

describe('crudForm: edit', () => {
  it('loads the record, then saves with the version it was loaded at', async () => {
    const { actor, loads, saves, snap, value } = started({ id: 5 })
    expect(value()).toBe('loading')
    expect(formLoadingFlags(snap())).toEqual({ item: true, crud: false })
    expect(loads.map((l) => l.input)).toEqual([{ resource, id: 5 }])
    await answer(loads[0], { id: 5, name: 'a', version: 3 })
    expect(value()).toBe('editing')
    expect(shownRecord(snap())).toEqual({ id: 5, name: 'a', version: 3 })
    actor.send({ type: 'form.submit', values: { name: 'b' } })
    expect(saves[0]!.input).toEqual({ resource, id: 5, values: { name: 'b', version: 3 } })
    await answer(saves[0], { message: 'Saved', result: { id: 5 } })
    expect(value()).toBe('saved')
  })

  it('a failed load shows the failure, retries, or is left at once', async () => {
    const { actor, loads, effects, snap, value } = started({ id: 5 })
    await refuse(loads[0], { status: 404, message: 'Not found', errors: {} })
    expect(value()).toBe('loadFailed')
    expect(formFailure(snap())?.status).toBe(404)
    actor.send({ type: 'form.retry' })
    expect([value(), loads.length]).toEqual(['loading', 2])
    await refuse(loads[1], { status: 500, message: 'Down', errors: {} })
    actor.send({ type: 'form.leaveRequested' })
    expect(value()).toBe('left')
    expect(effects).toEqual(['leave'])
  })

  it('fetches its record again only while nothing is typed over it', async () => {
    const { actor, loads, value } = started({ id: 5 })
    await answer(loads[0], { id: 5, name: 'a', version: 1 })
    actor.send({ type: 'form.changed', dirty: true })
    actor.send({ type: 'form.reload' })
    expect([value(), loads.length]).toEqual(['editing', 1])
    actor.send({ type: 'form.changed', dirty: false })
    actor.send({ type: 'form.reload' })
    expect([value(), loads.length]).toEqual(['loading', 2])
  })
})

describe('crudForm: leaving', () => {
  it('Cancel on a clean form leaves at once; on a changed one it asks, and Stay keeps the changes', async () => {
    const clean = started()
    clean.actor.send({ type: 'form.leaveRequested' })
    expect([clean.value(), clean.effects]).toEqual(['left', ['leave']])

    const { actor, effects, snap, value } = started()
    actor.send({ type: 'form.changed', dirty: true })
    expect(holdsUnsavedChanges(snap())).toBe(true)
    actor.send({ type: 'form.leaveRequested' })
    expect(value()).toBe('confirmingLeave')
    expect(holdsUnsavedChanges(snap())).toBe(true)
    actor.send({ type: 'form.leaveCancelled' })
    expect(value()).toBe('editing')
    expect(snap().context.dirty).toBe(true)
    actor.send({ type: 'form.leaveRequested' })
    // Escape meant for the question reaches the form: as Stay
    actor.send({ type: 'form.leaveRequested' })
    expect(value()).toBe('editing')
    actor.send({ type: 'form.leaveRequested' })
    actor.send({ type: 'form.leaveConfirmed' })
    expect(value()).toBe('left')
    expect(effects).toEqual(['ask', 'stay', 'ask', 'stay', 'ask', 'leave'])
  })

  it('the question replaces a failure message but keeps the field errors', async () => {
    const { actor, saves, snap } = started()
    actor.send({ type: 'form.submit', values: { name: '' } })
    await refuse(saves[0], { status: 422, message: 'Check', errors: { name: ['Required'] } })
    actor.send({ type: 'form.changed', dirty: true })
    actor.send({ type: 'form.leaveRequested' })
    expect(snap().context.failure).toBeNull()
    expect(snap().context.errors).toEqual({ name: ['Required'] })
  })

  it('a held-back navigation goes on at once from a clean form, and after the question from a changed one', () => {
    const clean = started()
    clean.actor.send({ type: 'form.navigationBlocked' })
    expect([clean.value(), clean.effects]).toEqual(['left', ['proceed']])

    const { actor, effects, snap, value } = started()
    actor.send({ type: 'form.changed', dirty: true })
    actor.send({ type: 'form.navigationBlocked' })
    expect(value()).toBe('confirmingLeave')
    expect(isNavigationHeld(snap())).toBe(true)
    // a second navigation while the question is open is held too
    actor.send({ type: 'form.navigationBlocked' })
    expect(value()).toBe('confirmingLeave')
    actor.send({ type: 'form.leaveCancelled' })
    expect(isNavigationHeld(snap())).toBe(false)
    actor.send({ type: 'form.navigationBlocked' })
    actor.send({ type: 'form.leaveConfirmed' })
    expect(value()).toBe('left')
    expect(isNavigationHeld(snap())).toBe(false)
    expect(effects).toEqual(['ask', 'stay', 'ask', 'proceed'])
  })

  it('a navigation while loading or saving goes on: nothing typed can be lost there', () => {
    const loading = started({ id: 5 })
    loading.actor.send({ type: 'form.navigationBlocked' })
    expect([loading.value(), loading.effects]).toEqual(['left', ['proceed']])
    const saving = started()
    saving.actor.send({ type: 'form.submit', values: {} })
    saving.actor.send({ type: 'form.navigationBlocked' })
    expect([saving.value(), saving.effects]).toEqual(['left', ['proceed']])
  })
})

describe('crudForm: a save waits for uploads', () => {
  it('holds the save until the file is stored, then sends its stored name', async () => {
    const { actor, saves, snap, value } = started()
    actor.send({ type: 'form.uploadStarted', field: 'image' })
    actor.send({ type: 'form.uploadStarted', field: 'image' })
    actor.send({ type: 'form.uploadStarted', field: 'icon' })
    expect(snap().context.uploading).toEqual(['image', 'icon'])
    actor.send({ type: 'form.uploadFinished', field: 'icon', value: 'i.png' })
    expect(snap().context.uploading).toEqual(['image'])
    actor.send({ type: 'form.submit', values: { name: 'x', image: null } })
    expect(value()).toBe('awaitingUploads')
    expect(isAwaitingUploads(snap())).toBe(true)
    expect(formLoadingFlags(snap())).toEqual({ item: false, crud: true })
    expect(saves).toHaveLength(0)
    actor.send({ type: 'form.uploadFinished', field: 'image', value: 'stored.webp' })
    expect(value()).toBe('submitting')
    expect(saves[0]!.input.values).toEqual({ name: 'x', image: 'stored.webp' })
  })

  it('a failed upload gives the held save up; leaving while it waits asks first', () => {
    const { actor, saves, snap, value } = started()
    actor.send({ type: 'form.uploadStarted', field: 'image' })
    actor.send({ type: 'form.submit', values: { name: 'x' } })
    actor.send({ type: 'form.uploadStopped', field: 'image' })
    expect([value(), saves.length, snap().context.uploading]).toEqual(['editing', 0, []])

    const waiting = started()
    waiting.actor.send({ type: 'form.uploadStarted', field: 'image' })
    waiting.actor.send({ type: 'form.submit', values: {} })
    waiting.actor.send({ type: 'form.leaveRequested' })
    expect(waiting.value()).toBe('confirmingLeave')
    const held = started()
    held.actor.send({ type: 'form.uploadStarted', field: 'image' })
    held.actor.send({ type: 'form.submit', values: {} })
    held.actor.send({ type: 'form.navigationBlocked' })
    expect([held.value(), isNavigationHeld(held.snap())]).toEqual(['confirmingLeave', true])
  })

  it('an upload given up while editing only leaves the list', () => {
    const { actor, snap, value } = started()
    actor.send({ type: 'form.uploadStarted', field: 'image' })
    actor.send({ type: 'form.uploadStopped', field: 'image' })
    expect([value(), snap().context.uploading]).toEqual(['editing', []])
  })
})

describe('crudForm: a stale edit (409)', () => {
  /** Loaded at version 1 as `original`, the admin sends `mine`, the server says 409. */
  async function stale(original: FormValues, mine: FormValues, fieldsOf?: (r: FormValues) => FormValues) {
    const form = started({ id: 5, ...(fieldsOf ? { fieldsOf } : {}) })
    await answer(form.loads[0], { ...original, version: 1 })
    form.actor.send({ type: 'form.changed', dirty: true })
    form.actor.send({ type: 'form.submit', values: mine })
    await refuse(form.saves[0], { status: 409, message: 'Changed meanwhile', errors: {} })
    return form
  }

  it('fetches the record as saved meanwhile and lists only the fields both sides changed differently', async () => {
    const { latest, snap, value } = await stale({ a: 1, b: 1, c: 1, d: '' }, { a: 2, b: 1, c: 3, d: null })
    expect(value()).toEqual({ conflict: 'fetching' })
    expect(conflictOf(snap())).toEqual({ fetching: true, fetchFailure: null, conflicts: [] })
    expect(latest.map((l) => l.input)).toEqual([{ resource, id: 5 }])
    await answer(latest[0], { a: 9, b: 7, c: 3, d: null, version: 2 })
    expect(value()).toEqual({ conflict: 'comparing' })
    // a: both changed differently; b: only theirs; c: the same change; d: '' and null are the same
    expect(conflictOf(snap())).toEqual({ fetching: false, fetchFailure: null, conflicts: [{ field: 'a', mine: 2, theirs: 9 }] })
    expect(holdsUnsavedChanges(snap())).toBe(true)
  })

  it("saves over the new version: the admin's changes, their changes elsewhere, and their value where chosen", async () => {
    const { actor, latest, saves, snap, value } = await stale({ a: 1, b: 1, c: 1, e: 1 }, { a: 2, b: 1, c: 3, e: 5 })
    await answer(latest[0], { a: 9, b: 7, c: 8, e: 6, version: 2 })
    expect(snap().context.conflicts.map((c) => c.field)).toEqual(['a', 'c', 'e'])
    actor.send({ type: 'form.conflictResolved', theirs: ['c'] })
    expect(value()).toBe('submitting')
    expect(saves[1]!.input.values).toEqual({ a: 2, b: 7, c: 8, e: 5, version: 2 })
    expect(snap().context).toMatchObject({ latest: null, conflicts: [], failure: null })
    expect(shownRecord(snap())).toEqual({ a: 9, b: 7, c: 8, e: 6, version: 2 })
  })

  it('compares the fields the form sends, as `fieldsOf` makes them of a record', async () => {
    const fieldsOf = (r: FormValues) => ({ name: (r.translations as { name: string }[] | undefined)?.[0]?.name ?? null })
    const { latest, snap } = await stale({ translations: [{ name: 'a' }] }, { name: 'mine' }, fieldsOf)
    await answer(latest[0], { translations: [{ name: 'theirs' }], version: 2 })
    expect(snap().context.conflicts).toEqual([{ field: 'name', mine: 'mine', theirs: 'theirs' }])
  })

  it('a failed fetch shows its failure with a retry; reload drops the changes; leaving asks first', async () => {
    const { actor, latest, loads, snap, value } = await stale({ a: 1 }, { a: 2 })
    await refuse(latest[0], { status: 0, message: '', errors: {} })
    expect(value()).toEqual({ conflict: 'fetchFailed' })
    expect(conflictOf(snap())?.fetchFailure).toEqual({ status: 0, message: '', errors: {} })
    actor.send({ type: 'form.retry' })
    expect([value(), latest.length]).toEqual([{ conflict: 'fetching' }, 2])
    actor.send({ type: 'form.leaveRequested' })
    expect(value()).toBe('confirmingLeave')
    actor.send({ type: 'form.leaveCancelled' })
    expect(value()).toBe('editing')

    const other = await stale({ a: 1 }, { a: 2 })
    other.actor.send({ type: 'form.navigationBlocked' })
    expect([other.value(), isNavigationHeld(other.snap())]).toEqual(['confirmingLeave', true])
    const reloaded = await stale({ a: 1 }, { a: 2 })
    reloaded.actor.send({ type: 'form.reload' })
    expect([reloaded.value(), reloaded.loads.length]).toEqual(['loading', 2])
    await answer(reloaded.loads[1], { a: 9, version: 2 })
    expect(reloaded.snap().context).toMatchObject({ record: { a: 9, version: 2 }, dirty: false, failure: null })
    expect(loads).toHaveLength(1)
  })
})
