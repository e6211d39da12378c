import { screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import type { Admin } from '../../src/contract/auth'
import { directionOf, type Locale } from '../../src/contract/common'
import { profilePaths } from '../../src/contract/profile'
import { screens } from '../../src/contract/screens'
import { catalogues } from '../../src/i18n/catalogue'
import { localeMachine, type LocaleSnapshot } from '../../src/machines/locale'
import { admin, renderApp, type App } from './app'
import { accountMenu, chooseInAccountMenu, pathname, shown, signInForm, stored, submitSignIn, switchLanguage } from './auth-ui'
import { createNetwork, failed, ok, type Match, type Network } from './network'
import { walk, type Perform, type Surface, type WalkContext } from './walk'

/**
 * locale (spec sections 2, 7, 9) walked through the whole app: the language switch of the guest
 * screens and of the admin's header changes the page's language and `<html lang dir>` at once and
 * keeps it in storage; a signed-in admin's change is also saved on the server (the profile then
 * shows it; a failed save keeps the change and says so); signing in as an admin whose language
 * differs from the stored one applies and stores it and reloads the page, an admin with the same
 * language does not reload it.
 */

const net = createNetwork()
type Who = 'guest' | 'admin'
/** The page's language and the reloads before the step. */
type Before = { lang: Locale; reloads: number; seen: number }
type Ui = { app: App; net: Network; who: Who; before: Before }
type Ctx = WalkContext<Ui>
type S = LocaleSnapshot
type Fail = { status: number; message: string }

const PASSWORD = 'secret-pass'
const saveCall = { method: 'GET', path: 'admin-panal/setting/change-language' } satisfies Match
const other = (l: Locale): Locale => (l === 'ar' ? 'en' : 'ar')
const pageLang = (): Locale => (document.documentElement.lang === 'ar' ? 'ar' : 'en')
const saves = (ui: Ui) => net.seen.slice(ui.before.seen).filter((r) => r.path === saveCall.path)

/** The admin who signs in on the guest screens (their language is the event's). */
let signingIn: Admin = admin
/** The visitor switched the language while signed out on this path (it goes with the next sign-in). */
let visitorChose = false

const change = (locale: Locale, remote: boolean): AnyEventObject => ({ type: 'locale.change', locale, remote })
const saveFailures: Fail[] = [
  { status: 500, message: 'Something went wrong. Please try again.' },
  { status: 0, message: '' },
]

const offered = (who: Who) => (s: S, e: AnyEventObject) => {
  switch (e.type) {
    case 'locale.change':
      // the switch offers the other language; an admin's change is saved, a guest's is not
      if (e.locale === s.context.locale) return false
      // during a save, a change that is not saved: the admin signed out meanwhile and switched as a guest
      // (after which the admin is a guest: no saved change follows)
      if (who === 'guest') return !e.remote
      return e.remote ? !s.context.chosen : s.matches('saving')
    default:
      return true
  }
}

const surface = (who: Who, name: string, stored: Locale, events: AnyEventObject[]): Surface<Ui> => ({
  name,
  input: { stored },
  events,
  when: offered(who),
  vertex: (s: S) => `${s.context.locale}${s.context.chosen ? ' chosen' : ''}`,
  start: async () => {
    visitorChose = false
    net.install()
    net.reset()
    net.auto({ method: 'GET', path: 'admin-panal/auth/logout' }, () => ok(null))
    // the profile page's own read of the account (its forms' starting values), answered at once
    net.auto({ method: 'GET', path: profilePaths.get }, () => ok({ admin }))
    if (who === 'guest') net.auto({ method: 'GET', path: 'admin-panal/auth/me' }, () => ok({ admin: signingIn }))
    const app = renderApp(net, who === 'admin' ? screens.profile : screens.signIn, { lang: stored, signedIn: who === 'admin' })
    const ui: Ui = { app, net, who, before: { lang: stored, reloads: 0, seen: 0 } }
    await waitFor(() => expect(who === 'admin' ? accountMenu() : signInForm()).toBeTruthy(), { timeout: 30_000 })
    return ui
  },
  stop: ({ app }) => {
    app.stop()
    net.uninstall()
  },
})

/**
 * Answers the newest save: one started over leaves the former request in flight (the API function
 * takes no abort signal yet), and the network would answer the oldest.
 */
async function answerSave(answer: (locale: string | null) => Parameters<Network['answer']>[1]) {
  await net.next(saveCall)
  const request = net
    .waiting()
    .filter((r) => r.path === saveCall.path)
    .at(-1)!
  request.settled = true
  request.settle(answer(request.query.get('locale')))
}

/** An admin signed in (on the guest surface, after a sign-in step) signs out from the account menu first. */
async function asGuest() {
  if (!accountMenu()) return
  await chooseInAccountMenu('logout')
  await waitFor(() => expect(signInForm()).toBeTruthy())
}

const performs: Record<string, Perform<Ui>> = {
  'locale.change': async ({ event }) => {
    if (!event.remote) await asGuest()
    else if (!accountMenu()) throw new Error('a saved change needs a signed-in admin')
    await switchLanguage()
    if (!event.remote) visitorChose = true
  },
  'locale.adminSignedIn': async ({ event }) => {
    await asGuest()
    signingIn = { ...admin, locale: event.locale as Locale }
    await submitSignIn(admin.email, PASSWORD)
    await net.answer({ method: 'POST', path: 'admin-panal/auth/login' }, ok({ token: 'admin-token', admin: signingIn }))
  },
  'xstate.done.actor.changeLanguage': () => answerSave((locale) => ok({ locale }, 'Language changed.')),
  'xstate.error.actor.changeLanguage': ({ event }) => {
    const e = event.error as Fail
    return answerSave(() => (e.status === 0 ? { unreachable: true } : failed(e.status, e.message)))
  },
}

/** Every step first notes the page's language, the reloads and the requests so far. */
const perform = Object.fromEntries(
  Object.entries(performs).map(([type, fn]) => [
    type,
    (ctx: Ctx) => {
      ctx.ui.before = { lang: pageLang(), reloads: ctx.ui.app.platform.reloads, seen: net.seen.length }
      return fn(ctx)
    },
  ]),
)

/** The page, `<html lang dir>` and storage all in one language. */
const inLanguage = (lang: Locale) => {
  expect(document.documentElement.lang).toBe(lang)
  expect(document.documentElement.dir).toBe(directionOf(lang))
  expect(stored().lang).toBe(lang)
  const button = screen.getByTestId('language-switch')
  // named by what it shows: the other language's own name; what it does in its title
  expect(button.getAttribute('aria-label')).toBeNull()
  expect(button.textContent).toBe(catalogues[lang].language[other(lang)])
  expect(button.getAttribute('title')).toBe(catalogues[lang].language.switchTo)
  // the switch offers the other language, in its own name
  expect(button.getAttribute('lang')).toBe(other(lang))
}

walk<Ui>({
  name: 'locale',
  machine: localeMachine,
  surfaces: [
    surface('guest', 'a guest at the sign-in screen, in Arabic (the default)', 'ar', [
      change('en', false),
      change('ar', false),
      { type: 'locale.adminSignedIn', locale: 'en' },
      { type: 'locale.adminSignedIn', locale: 'ar' },
    ]),
    surface('admin', 'a signed-in admin on the profile, in English', 'en', [
      change('ar', true),
      change('en', true),
      change('ar', false),
      change('en', false),
      { type: 'xstate.done.actor.changeLanguage', output: { locale: 'ar' } },
      ...saveFailures.map((error) => ({ type: 'xstate.error.actor.changeLanguage', error })),
    ]),
  ],
  perform,
  states: {
    '*': () => inLanguage(pageLang()),
    // the admin's language is on its way to the server (a save started over leaves the former request
    // in flight: the API function takes no abort signal yet, see the walk's report)
    saving: () => {
      const waiting = net.waiting().filter((r) => r.path === saveCall.path)
      expect(waiting.at(-1)?.query.get('locale')).toBe(pageLang())
    },
  },
  after: {
    'locale.change': ({ ui, event }) => {
      const locale = event.locale as Locale
      inLanguage(locale)
      if (!event.remote) return expect(saves(ui)).toEqual([])
      // a signed-in admin's language is saved on the server, asked in the new language
      const [request, ...more] = saves(ui)
      expect(more).toEqual([])
      expect(request?.query.get('locale')).toBe(locale)
      expect(request?.headers.lang).toBe(locale)
      expect(request?.headers.authorization).toBe('Bearer token')
    },
    'locale.adminSignedIn': ({ ui, event }) => {
      const locale = event.locale as Locale
      expect(pathname(ui.app)).toBe(screens.dashboard)
      // the language the visitor chose goes with the sign-in; without a choice none is sent
      const login = net.seen.slice(ui.before.seen).find((r) => r.path === 'admin-panal/auth/login')
      expect((login?.body as { locale?: string } | undefined)?.locale).toBe(visitorChose ? ui.before.lang : undefined)
      inLanguage(locale)
      // the page reloads only when the admin's language differs from the stored one
      expect(ui.app.platform.reloads).toBe(ui.before.reloads + (locale === ui.before.lang ? 0 : 1))
    },
    // the profile shows the language the server saved
    'xstate.done.actor.changeLanguage': () => {
      const t = shown()
      const row = screen.getByText(t.fields.locale, { selector: 'dt' }).nextElementSibling
      expect(row?.textContent).toBe(t.language[pageLang()])
    },
    // a failed save keeps the change and tells the admin
    'xstate.error.actor.changeLanguage': ({ ui, event }) => {
      const e = event.error as Fail
      inLanguage(ui.before.lang)
      expect(screen.getByText(e.message || shown().errors.network)).toBeTruthy()
    },
  },
})
