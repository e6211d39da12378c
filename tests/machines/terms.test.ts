import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { TermsBody, TermsCondition } from '../../src/contract/terms'
import { isTermsNavigationHeld, termsHoldUnsavedChanges, termsMachine, termsViewOf } from '../../src/machines/terms'

/**
 * The terms chart's contract with the server's answers and the app's effects in the test's hands:
 * what the walk through the page (tests/walks/terms.walk.test.tsx) cannot tell apart on screen (the
 * version a save is sent with, field errors kept or cleared, which effect the app is asked for).
 */
type Pending<I, O> = { input: I; done: (v: O) => void; fail: (e: unknown) => void }
const stored = (version: number, text = 'نص'): TermsCondition => ({
  terms_ar: text,
  terms_en: 'Text',
  version,
  updated_at: '2026-11-01T09:00:00.000Z',
})

function terms() {
  const loads: Pending<void, TermsCondition | null>[] = []
  const saves: Pending<TermsBody, { message: string; record: TermsCondition }>[] = []
  const effects: string[] = []
  const actor = createActor(
    termsMachine.provide({
      actors: {
        loadTerms: fromPromise<TermsCondition | null>(() => new Promise((done, fail) => void loads.push({ input: undefined, done, fail }))),
        saveTerms: fromPromise<{ message: string; record: TermsCondition }, TermsBody>(
          ({ input }) => new Promise((done, fail) => void saves.push({ input, done, fail })),
        ),
      },
      actions: {
        proceedNavigation: () => void effects.push('proceed'),
        stayOnForm: () => void effects.push('stay'),
        onSaved: (_, p) => void effects.push(`saved ${p.message}`),
      },
    }),
  ).start()
  const snap = () => actor.getSnapshot()
  return { actor, loads, saves, effects, snap, view: () => termsViewOf(snap()), value: () => snap().value }
}
const settle = () => new Promise((r) => setTimeout(r, 0))
const texts = { terms_ar: 'أ', terms_en: 'A' }

describe('terms: load and save', () => {
  it('the first save goes without a version; the next with the version saved', async () => {
    const t = terms()
    expect(t.view()).toMatchObject({ loading: true, saving: false, record: null })
    t.loads[0]!.done(null)
    await settle()
    expect([t.value(), t.view().record]).toEqual(['editing', null])
    t.actor.send({ type: 'terms.changed', dirty: true })
    expect(termsHoldUnsavedChanges(t.snap())).toBe(true)
    t.actor.send({ type: 'terms.save', values: texts })
    expect(t.view().saving).toBe(true)
    expect(t.saves[0]!.input).toEqual(texts)
    t.saves[0]!.done({ message: 'Saved', record: stored(1) })
    await settle()
    expect([t.value(), t.view().record, t.snap().context.dirty, t.effects]).toEqual(['editing', stored(1), false, ['saved Saved']])
    t.actor.send({ type: 'terms.save', values: texts })
    expect(t.saves[1]!.input).toEqual({ ...texts, version: 1 })
  })

  it('a failed load shows its message with a retry', async () => {
    const t = terms()
    t.loads[0]!.fail({ status: 503, message: 'Later', errors: {} })
    await settle()
    expect(t.view().loadFailure).toBe('Later')
    t.actor.send({ type: 'terms.retry' })
    expect([t.value(), t.loads.length]).toEqual(['loading', 2])
    t.loads[1]!.done(stored(4))
    await settle()
    expect(t.view()).toMatchObject({ loadFailure: null, record: stored(4), failure: null })
  })

  it('422 puts messages on the fields (not in a dialog); the next save clears them', async () => {
    const t = terms()
    t.loads[0]!.done(stored(2))
    await settle()
    t.actor.send({ type: 'terms.save', values: { terms_ar: '', terms_en: 'A' } })
    t.saves[0]!.fail({ status: 422, message: 'Check', errors: { terms_ar: ['Required'] } })
    await settle()
    expect(t.view()).toMatchObject({ errors: { terms_ar: ['Required'] }, failure: null })
    expect(t.snap().context.failure?.status).toBe(422)
    t.actor.send({ type: 'terms.save', values: texts })
    expect(t.snap().context).toMatchObject({ errors: {}, failure: null })
  })

  it('another failure is shown, closes, and keeps the field errors and the text', async () => {
    const t = terms()
    t.loads[0]!.done(stored(2))
    await settle()
    t.actor.send({ type: 'terms.changed', dirty: true })
    t.actor.send({ type: 'terms.save', values: texts })
    t.saves[0]!.fail({ status: 0, message: '', errors: {} })
    await settle()
    expect([t.value(), t.view().failure, t.snap().context.dirty]).toEqual(['editing', '', true])
    t.actor.send({ type: 'terms.dismiss' })
    expect(t.view().failure).toBeNull()
  })

  it('a stale save (409) offers a reload that drops the changes, or editing on', async () => {
    const t = terms()
    t.loads[0]!.done(stored(2))
    await settle()
    t.actor.send({ type: 'terms.changed', dirty: true })
    t.actor.send({ type: 'terms.save', values: texts })
    t.saves[0]!.fail({ status: 409, message: 'Changed meanwhile', errors: {} })
    await settle()
    expect([t.value(), t.view().conflict, t.view().failure]).toEqual(['conflict', 'Changed meanwhile', null])
    expect(termsHoldUnsavedChanges(t.snap())).toBe(true)
    t.actor.send({ type: 'terms.dismiss' })
    expect([t.value(), t.snap().context.failure, t.view().conflict]).toEqual(['editing', null, null])
    t.actor.send({ type: 'terms.save', values: texts })
    t.saves[1]!.fail({ status: 409, message: '', errors: {} })
    await settle()
    expect(t.view().conflict).toBe('')
    t.actor.send({ type: 'terms.reload' })
    expect([t.value(), t.snap().context.failure, t.loads.length]).toEqual(['loading', null, 2])
    t.loads[1]!.done(stored(3, 'جديد'))
    await settle()
    expect(t.snap().context).toMatchObject({ record: stored(3, 'جديد'), dirty: false })
  })
})

describe('terms: leaving the page', () => {
  it('goes at once with nothing typed (or while loading), and asks first with changes', async () => {
    const early = terms()
    early.actor.send({ type: 'terms.navigationBlocked' })
    expect([early.value(), early.effects]).toEqual(['left', ['proceed']])

    const t = terms()
    t.loads[0]!.done(stored(1))
    await settle()
    t.actor.send({ type: 'terms.navigationBlocked' })
    expect([t.value(), t.effects]).toEqual(['left', ['proceed']])

    const d = terms()
    d.loads[0]!.done(stored(1))
    await settle()
    d.actor.send({ type: 'terms.changed', dirty: true })
    d.actor.send({ type: 'terms.navigationBlocked' })
    expect([d.value(), isTermsNavigationHeld(d.snap()), d.view().confirmingLeave]).toEqual(['confirmingLeave', true, true])
    d.actor.send({ type: 'terms.navigationBlocked' })
    expect(d.value()).toBe('confirmingLeave')
    d.actor.send({ type: 'terms.leaveCancelled' })
    expect([d.value(), d.effects, isTermsNavigationHeld(d.snap()), d.snap().context.dirty]).toEqual(['editing', ['stay'], false, true])
    d.actor.send({ type: 'terms.navigationBlocked' })
    d.actor.send({ type: 'terms.leaveConfirmed' })
    expect([d.value(), d.effects, isTermsNavigationHeld(d.snap())]).toEqual(['left', ['stay', 'proceed'], false])
  })

  it('from a stale save: asks with changes, goes without', async () => {
    const stale = async (dirty: boolean) => {
      const t = terms()
      t.loads[0]!.done(stored(1))
      await settle()
      t.actor.send({ type: 'terms.changed', dirty })
      t.actor.send({ type: 'terms.save', values: texts })
      t.saves[0]!.fail({ status: 409, message: 'x', errors: {} })
      await settle()
      t.actor.send({ type: 'terms.navigationBlocked' })
      return t
    }
    expect((await stale(true)).value()).toBe('confirmingLeave')
    const clean = await stale(false)
    expect([clean.value(), clean.effects]).toEqual(['left', ['proceed']])
  })
})
