import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { localeMachine } from '../../src/machines/locale'

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
