import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { chosenLocale, localeMachine } from '../../src/machines/locale'

/**
 * What the walk through the app (tests/walks/locale.walk.test.tsx) cannot reach: the app always
 * starts with a stored language there, and it gives the chart its own `applyLanguage`.
 */
describe('locale chart outside the app', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('defaults to Arabic, right to left', () => {
    const actor = createActor(localeMachine, { input: { stored: null } }).start()
    expect(actor.getSnapshot().context).toEqual({ locale: 'ar', dir: 'rtl', error: null, chosen: false })
    actor.stop()
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
    actor.stop()
  })
})

/** The chart with the app's effects recorded and the server's answer in the test's hands. */
function started(stored: 'ar' | 'en' | null = 'ar') {
  const calls: { locale: string; signal: AbortSignal; done: (v: { locale: 'ar' | 'en' }) => void; fail: (e: unknown) => void }[] = []
  const seen: string[] = []
  const actor = createActor(
    localeMachine.provide({
      actors: {
        changeLanguage: fromPromise(
          ({ input, signal }: { input: { locale: 'ar' | 'en' }; signal: AbortSignal }) =>
            new Promise<{ locale: 'ar' | 'en' }>((done, fail) => void calls.push({ locale: input.locale, signal, done, fail })),
        ),
      },
      actions: {
        applyLanguage: (_, p) => void seen.push(`apply ${p.locale} ${p.dir}`),
        storeLanguage: (_, p) => void seen.push(`store ${p.locale}`),
        reloadPage: () => void seen.push('reload'),
        languageSaved: (_, p) => void seen.push(`saved ${p.locale}`),
        saveFailed: (_, p) => void seen.push(`failed ${p.status} ${p.message}`),
      },
    }),
    { input: { stored } },
  ).start()
  const state = () => {
    const s = actor.getSnapshot()
    return { value: s.value, ...s.context }
  }
  return { actor, calls, seen, state }
}
const settle = () => new Promise((r) => setTimeout(r, 0))

describe('locale chart: changes, saves and the admin’s language', () => {
  it('starts in the stored language and applies it', () => {
    const { seen, state, actor } = started('en')
    expect(state()).toEqual({ value: 'idle', locale: 'en', dir: 'ltr', error: null, chosen: false })
    expect(seen).toEqual(['apply en ltr'])
    expect(chosenLocale(actor.getSnapshot())).toBeUndefined()
  })

  it('a signed-out change applies and stores at once, is marked chosen, and saves nothing', () => {
    const { actor, calls, seen, state } = started('ar')
    actor.send({ type: 'locale.change', locale: 'en', remote: false })
    expect(state()).toEqual({ value: 'idle', locale: 'en', dir: 'ltr', error: null, chosen: true })
    expect(seen).toEqual(['apply ar rtl', 'apply en ltr', 'store en'])
    expect(calls).toEqual([])
    expect(chosenLocale(actor.getSnapshot())).toBe('en')
  })

  it("a signed-in change applies at once and is saved on the admin's record", async () => {
    const { actor, calls, seen, state } = started('ar')
    actor.send({ type: 'locale.change', locale: 'en', remote: true })
    expect(state()).toMatchObject({ value: 'saving', locale: 'en', dir: 'ltr', chosen: false })
    expect(calls.map((c) => c.locale)).toEqual(['en'])
    calls[0]!.done({ locale: 'en' })
    await settle()
    expect(state()).toMatchObject({ value: 'idle', locale: 'en', error: null })
    expect(seen).toEqual(['apply ar rtl', 'apply en ltr', 'store en', 'saved en'])
  })

  it('a newer change while saving cancels the older save and saves the newer language', async () => {
    const { actor, calls, state } = started('ar')
    actor.send({ type: 'locale.change', locale: 'en', remote: true })
    actor.send({ type: 'locale.change', locale: 'ar', remote: true })
    expect(calls.map((c) => [c.locale, c.signal.aborted])).toEqual([
      ['en', true],
      ['ar', false],
    ])
    expect(state()).toMatchObject({ value: 'saving', locale: 'ar', dir: 'rtl' })
    // a signed-out change while saving (the admin signed out) leaves saving
    actor.send({ type: 'locale.change', locale: 'en', remote: false })
    expect(state()).toMatchObject({ value: 'idle', locale: 'en', chosen: true })
    expect(calls[1]!.signal.aborted).toBe(true)
  })

  it('a failed save keeps the change, keeps the message and tells the admin; the next change clears it', async () => {
    const { actor, calls, seen, state } = started('ar')
    actor.send({ type: 'locale.change', locale: 'en', remote: true })
    calls[0]!.fail({ status: 503, message: 'Service unavailable', errors: {} })
    await settle()
    expect(state()).toMatchObject({ value: 'idle', locale: 'en', error: 'Service unavailable' })
    expect(seen.at(-1)).toBe('failed 503 Service unavailable')
    actor.send({ type: 'locale.change', locale: 'ar', remote: false })
    expect(state().error).toBeNull()
  })

  it('signing in as an admin whose language differs applies it, stores it and reloads; the same language does nothing', () => {
    const { actor, seen, state } = started('ar')
    actor.send({ type: 'locale.adminSignedIn', locale: 'ar' })
    expect(seen).toEqual(['apply ar rtl'])
    actor.send({ type: 'locale.adminSignedIn', locale: 'en' })
    expect(state()).toMatchObject({ value: 'idle', locale: 'en', dir: 'ltr' })
    expect(seen).toEqual(['apply ar rtl', 'apply en ltr', 'store en', 'reload'])
  })
})
