import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, type AnyEventObject } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { ApiError } from '../../src/api/client'
import { directionOf, type Locale } from '../../src/contract'
import { localeMachine, type LocaleEvent, type LocaleInput } from '../../src/machines/locale'
import { createCoverage } from './coverage'
import { createController, createEffects, flush, modelOf, nameOf, everyTransition, type Effect } from './model'

const events: AnyEventObject[] = [
  { type: 'locale.change', locale: 'en', remote: false },
  { type: 'locale.change', locale: 'ar', remote: false },
  { type: 'locale.change', locale: 'en', remote: true },
  { type: 'locale.change', locale: 'ar', remote: true },
  { type: 'locale.adminSignedIn', locale: 'en' },
  { type: 'locale.adminSignedIn', locale: 'ar' },
  { type: 'xstate.done.actor.changeLanguage', output: { locale: 'en' } },
  { type: 'xstate.error.actor.changeLanguage', error: new ApiError(0, 'The server cannot be reached') },
]

const coverage = createCoverage(localeMachine)
const model = createTestModel(modelOf(localeMachine), { events, ...everyTransition })

function start(input: LocaleInput) {
  const ctl = createController()
  const effects = createEffects()
  const machine = localeMachine.provide({
    actors: { changeLanguage: ctl.logic('changeLanguage') },
    actions: {
      applyLanguage: effects.record('applyLanguage'),
      storeLanguage: effects.record('storeLanguage'),
      reloadPage: effects.record('reloadPage'),
    },
  })
  const actor = createActor(machine, { input, inspect: coverage.inspect }).start()
  return { actor, ctl, effects }
}

const applied = (locale: Locale): Effect => ['applyLanguage', { locale, dir: directionOf(locale) }]

describe('locale chart, paths generated from the chart', () => {
  for (const input of [{ stored: null }, { stored: 'en' as const }]) {
    describe(`input ${JSON.stringify(input)}`, () => {
      for (const path of model.getShortestPaths({ input })) {
        it(nameOf(path), async () => {
          const { actor, ctl, effects } = start(input)
          expect(effects.take()).toEqual([applied(input.stored ?? 'ar')])
          const step = async ({ event }: { event: AnyEventObject }) => {
            const before = actor.getSnapshot().context.locale
            if (!(await ctl.settle(event))) actor.send(event as LocaleEvent)
            await flush()
            const e = event as LocaleEvent
            const expected: Effect[] =
              e.type === 'locale.change'
                ? [applied(e.locale), ['storeLanguage', { locale: e.locale }]]
                : e.type === 'locale.adminSignedIn' && e.locale !== before
                  ? [['storeLanguage', { locale: e.locale }], ['reloadPage']]
                  : []
            expect(effects.take()).toEqual(expected)
            if (e.type === 'locale.change') {
              expect(ctl.running('changeLanguage')).toBe(e.remote)
              if (e.remote) expect(ctl.inputs.get('changeLanguage')).toEqual({ locale: e.locale })
            }
          }
          await path.test({
            states: {
              '*': (state) => {
                expect(actor.getSnapshot().value).toEqual(state.value)
                expect(actor.getSnapshot().context).toEqual(state.context)
              },
            },
            events: Object.fromEntries([...new Set(events.map((e) => e.type))].map((type) => [type, step])),
          })
          actor.stop()
        })
      }
    })
  }

  it('reaches every state and takes every transition', () => {
    const r = coverage.print('locale')
    expect(r.missing).toEqual({ states: [], transitions: [] })
    expect(r.states.reached).toBe(r.states.total)
    expect(r.transitions.taken).toBe(r.transitions.total)
  })
})

describe('locale chart, edge cases', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('defaults to Arabic, right to left', () => {
    const { actor } = start({ stored: null })
    expect(actor.getSnapshot().context).toEqual({ locale: 'ar', dir: 'rtl', error: null })
  })

  it('reloads at admin sign-in only when the admin language differs from the stored one', () => {
    const same = start({ stored: 'en' })
    same.effects.take()
    same.actor.send({ type: 'locale.adminSignedIn', locale: 'en' })
    expect(same.effects.take()).toEqual([])

    const other = start({ stored: 'ar' })
    other.effects.take()
    other.actor.send({ type: 'locale.adminSignedIn', locale: 'en' })
    expect(other.effects.take()).toEqual([['storeLanguage', { locale: 'en' }], ['reloadPage']])
    expect(other.actor.getSnapshot().context).toMatchObject({ locale: 'en', dir: 'ltr' })
  })

  it('a failed remote save keeps the local change and sets the error', async () => {
    const { actor, ctl } = start({ stored: null })
    actor.send({ type: 'locale.change', locale: 'en', remote: true })
    expect(actor.getSnapshot().value).toBe('saving')
    await ctl.settle({ type: 'xstate.error.actor.changeLanguage', error: new ApiError(500, 'Something went wrong') })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context).toEqual({ locale: 'en', dir: 'ltr', error: 'Something went wrong' })
  })

  it('the default actions set <html lang dir> and store the language', () => {
    const store = new Map<string, string>()
    const html = { lang: '', dir: '' }
    vi.stubGlobal('localStorage', { setItem: (k: string, v: string) => void store.set(k, v) })
    vi.stubGlobal('document', { documentElement: html })
    const actor = createActor(localeMachine, { input: { stored: null } }).start()
    expect(html).toEqual({ lang: 'ar', dir: 'rtl' })
    actor.send({ type: 'locale.change', locale: 'en', remote: false })
    expect(html).toEqual({ lang: 'en', dir: 'ltr' })
    expect(store.get('lang')).toBe('en')
  })
})
