import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import type { User, UserRegisterBody } from '../../src/contract/auth'
import { TOKEN_STORAGE_KEY } from '../../src/contract/common'
import { profilePaths } from '../../src/contract/profile'
import { screens } from '../../src/contract/screens'
import { IDENTITY_STORAGE_KEY, sessionMachine, type SessionEvent, type SessionSnapshot } from '../../src/machines/session'
import { admin, renderApp, type App } from './app'
import {
  accountMenu,
  chooseInAccountMenu,
  closeFailureDialog,
  failureDialog,
  loadingScreen,
  pathname,
  shown,
  signInForm,
  stored,
  submitSignIn,
  switchLanguage,
} from './auth-ui'
import { createNetwork, failed, ok, type Match, type Network } from './network'
import { walk, type Perform, type Surface, type WalkContext } from './walk'

/**
 * session (spec sections 4, 7, 8) walked through the whole app: start-up with a stored admin token,
 * an older token without identity, an end user's token, or none; the sign-in screen (the server's
 * message in the error dialog, Try again!); a start-up check the server never answers keeps the
 * token and offers Retry; the re-check on each navigation (a server that cannot be reached keeps
 * the session, any other failure ends it); sign-out from the account menu, which
 * clears the session even when the server call fails; a 401 of any call (here: saving the
 * language) purges; the language the admin saved reaches their profile (`session.adminUpdated`).
 *
 * End-user sign-in and registration have no screen yet (the vendor wizard comes later): their
 * events are sent to the app's own session actor, their calls answered by the network, and the
 * walk checks what the app then stores and which screens its guards let the user see.
 */

const net = createNetwork()
/** What the screen showed before the step: a step's requirement may depend on it. */
type Before = { path: string; loading: boolean }
type Ui = { app: App; net: Network; before: Before }
type Ctx = WalkContext<Ui>
type S = SessionSnapshot
type Fail = { status: number; message: string; errors: Record<string, string[]> }

const PASSWORD = 'secret-pass'
const user: User = { id: 7, name: 'Vendor', email: 'vendor@example.com', phone: null, locale: 'en', is_active: true }
const registration: UserRegisterBody = { name: user.name, email: user.email, password: PASSWORD, password_confirmation: PASSWORD }
const fail = (status: number, message: string, errors: Record<string, string[]> = {}): Fail => ({ status, message, errors })

const calls = {
  adminMe: { method: 'GET', path: 'admin-panal/auth/me' },
  userMe: { method: 'GET', path: 'user/auth/me' },
  adminLogin: { method: 'POST', path: 'admin-panal/auth/login' },
  userLogin: { method: 'POST', path: 'login' },
  userRegister: { method: 'POST', path: 'register' },
  logout: { method: 'GET', path: 'admin-panal/auth/logout' },
  changeLanguage: { method: 'GET', path: 'admin-panal/setting/change-language' },
} satisfies Record<string, Match>

/** The network's answer for a failure: no answer at all for status 0, else the error envelope. */
const failure = (e: Fail) => (e.status === 0 ? ({ unreachable: true } as const) : failed(e.status, e.message, e.errors))
const pending = (m: Match) => net.waiting().some((r) => r.method === m.method && r.path === m.path)

const checks = (id: 'checkAdmin' | 'checkUser'): AnyEventObject[] => [
  { type: `xstate.done.actor.${id}`, output: id === 'checkAdmin' ? { admin } : { user } },
  { type: `xstate.error.actor.${id}`, error: fail(401, 'token not valid.', { token: ['token not valid.'] }) },
  { type: `xstate.error.actor.${id}`, error: fail(500, 'Something went wrong. Please try again.') },
  { type: `xstate.error.actor.${id}`, error: fail(0, '') },
]

const signInEvents: AnyEventObject[] = [
  { type: 'session.signIn', email: admin.email, password: PASSWORD },
  { type: 'xstate.done.actor.adminLogin', output: { token: 'admin-token', admin } },
  { type: 'xstate.error.actor.adminLogin', error: fail(422, 'Invalid credentials', { email: ['Invalid credentials'] }) },
  { type: 'session.dismissError' },
]
const endUserEvents: AnyEventObject[] = [
  { type: 'session.userSignIn', email: user.email, password: PASSWORD },
  { type: 'xstate.done.actor.userLogin', output: { api_token: 'user-token', user } },
  { type: 'xstate.error.actor.userLogin', error: fail(422, 'Invalid credentials', { email: ['Invalid credentials'] }) },
  { type: 'session.register', body: registration },
  { type: 'xstate.done.actor.userRegister', output: { api_token: 'new-user-token', user } },
  { type: 'xstate.error.actor.userRegister', error: fail(422, 'email already taken', { email: ['email already taken'] }) },
  { type: 'session.userEstablished', token: 'registered-vendor-token', user },
]
const adminEvents: AnyEventObject[] = [
  ...checks('checkAdmin'),
  { type: 'session.retry' },
  { type: 'session.verify' },
  { type: 'session.logout' },
  { type: 'xstate.done.actor.logout', output: null },
  { type: 'xstate.error.actor.logout', error: fail(0, '') },
  { type: 'session.purge' },
  // someone else ended the session: the server says why, and the sign-in screen says it too
  { type: 'session.purge', reason: 'password_changed' },
  { type: 'session.purge', reason: 'deactivated' },
  { type: 'session.adminUpdated', admin: { ...admin, locale: 'ar' } },
]
const endUserCheckEvents: AnyEventObject[] = [...checks('checkUser'), { type: 'session.retry' }, { type: 'session.verify' }]

const idle = (s: S) => s.matches({ signedIn: 'idle' })

/** What the app offers in each state: a form behind the error dialog cannot be used, the account menu is an admin's. */
const offered = (s: S, e: AnyEventObject) => {
  const { identity, error } = s.context
  switch (e.type) {
    case 'session.signIn':
      // the sign-in screen, with no dialog over it; an end user still sees it
      return (s.matches('signedOut') && error === null) || (idle(s) && identity === 'user')
    case 'session.dismissError':
      return s.matches('signedOut') && error !== null
    case 'session.userSignIn':
    case 'session.register':
    case 'session.userEstablished':
      return s.matches('signedOut') && error === null
    case 'session.verify':
      return idle(s)
    case 'session.retry':
      return s.matches('unreachable')
    case 'session.logout':
    case 'session.purge':
    case 'session.adminUpdated':
      return idle(s) && identity === 'admin'
    case 'xstate.error.actor.checkAdmin':
    case 'xstate.error.actor.checkUser':
      // a 401 of the background re-check is a purge (as for any call)
      return (e.error as Fail).status !== 401 || s.matches('verifying')
    default:
      return true
  }
}

const surface = (
  name: string,
  path: string,
  token: { token: string | null; identity: 'admin' | 'user' | null },
  events: AnyEventObject[],
): Surface<Ui> => ({
  name,
  input: token,
  events,
  when: offered,
  vertex: (s: S) => [s.context.identity, s.context.error !== null],
  start: async () => {
    net.install()
    net.reset()
    // the profile page's own read of the account (its forms' starting values), answered at once
    net.auto({ method: 'GET', path: profilePaths.get }, () => ok({ admin }))
    if (token.token) localStorage.setItem(TOKEN_STORAGE_KEY, token.token)
    if (token.identity) localStorage.setItem(IDENTITY_STORAGE_KEY, token.identity)
    const app = renderApp(net, path, { signedIn: false })
    // the first screen's route module has loaded and its navigation asked for a check (which a start-up
    // check under way ignores); answered before that, the start-up check is followed by a second one
    await waitFor(() => expect(app.root.navigation.getSnapshot().value).toBe('settling'), { timeout: 30_000 })
    return { app, net, before: { path, loading: true } }
  },
  stop: ({ app }) => {
    app.stop()
    net.uninstall()
  },
})

/** Where an admin or an end user goes next, by a link on the screen (each such navigation asks for the check). */
async function navigateOn({ ui }: Ctx) {
  const t = shown()
  const here = pathname(ui.app)
  if (here === screens.dashboard) return chooseInAccountMenu('profile')
  if (here === screens.profile)
    return fireEvent.click(within(screen.getAllByRole('navigation', { name: t.nav.menu })[0]!).getByRole('link', { name: t.nav.dashboard }))
  if (here === screens.signIn) return fireEvent.click(screen.getByRole('link', { name: t.auth.signIn.forgot }))
  return fireEvent.click(screen.getByRole('link', { name: t.actions.backToSignIn }))
}

/** Sent to the app's own session actor: no screen produces it yet. */
const sendToApp: Perform<Ui> = ({ ui, event }) => act(() => ui.app.root.session.send(event as SessionEvent))

const performs: Record<string, Perform<Ui>> = {
  'session.signIn': () => submitSignIn(admin.email, PASSWORD),
  'xstate.done.actor.adminLogin': async ({ event }) => {
    await net.answer(calls.adminLogin, ok(event.output))
    // the guard sends the admin on to the dashboard, and that navigation asks for the check again
    await net.answer(calls.adminMe, ok({ admin }))
  },
  'xstate.error.actor.adminLogin': ({ event }) => net.answer(calls.adminLogin, failure(event.error as Fail)),
  'session.dismissError': () => closeFailureDialog(),
  'session.userSignIn': sendToApp,
  'xstate.done.actor.userLogin': ({ event }) => net.answer(calls.userLogin, ok(event.output)),
  'xstate.error.actor.userLogin': ({ event }) => net.answer(calls.userLogin, failure(event.error as Fail)),
  'session.register': sendToApp,
  // the vendor registration's completion (its own walk drives the wizard)
  'session.userEstablished': sendToApp,
  'xstate.done.actor.userRegister': ({ event }) => net.answer(calls.userRegister, ok(event.output)),
  'xstate.error.actor.userRegister': ({ event }) => net.answer(calls.userRegister, failure(event.error as Fail)),
  'session.verify': navigateOn,
  'session.retry': () => fireEvent.click(screen.getByRole('button', { name: shown().app.session.retry })),
  'xstate.done.actor.checkAdmin': ({ event }) => net.answer(calls.adminMe, ok(event.output)),
  'xstate.error.actor.checkAdmin': ({ event }) => net.answer(calls.adminMe, failure(event.error as Fail)),
  'xstate.done.actor.checkUser': ({ event }) => net.answer(calls.userMe, ok(event.output)),
  'xstate.error.actor.checkUser': ({ event }) => net.answer(calls.userMe, failure(event.error as Fail)),
  'session.logout': () => chooseInAccountMenu('logout'),
  'xstate.done.actor.logout': () => net.answer(calls.logout, ok(null)),
  'xstate.error.actor.logout': ({ event }) => net.answer(calls.logout, failure(event.error as Fail)),
  // any call answered 401: here the admin's language being saved
  'session.purge': async ({ event }) => {
    await switchLanguage()
    const answer = failed(401, 'Your session has ended. Please sign in again.')
    const reason = (event as { reason?: string }).reason
    await net.answer(calls.changeLanguage, reason ? { ...answer, body: { ...answer.body, reason } } : answer)
  },
  // the server saved the admin's language: their record changed
  'session.adminUpdated': async () => {
    await switchLanguage()
    const request = await net.next(calls.changeLanguage)
    await net.answer(calls.changeLanguage, ok({ locale: request.query.get('locale') }))
  },
}

/** Every step first notes what the screen showed. */
const perform = Object.fromEntries(
  Object.entries(performs).map(([type, fn]) => [
    type,
    (ctx: Ctx) => {
      ctx.ui.before = { path: pathname(ctx.ui.app), loading: loadingScreen() !== null }
      return fn(ctx)
    },
  ]),
)

/** A guest: nothing stored, the guest screens (sign-in, or the forgotten password page an end user went to). */
const signedOutScreen = ({ ui }: Ctx) => {
  expect(stored()).toMatchObject({ token: null, identity: null })
  expect(accountMenu()).toBeNull()
  if (pathname(ui.app) === screens.forgetPassword) return
  expect(pathname(ui.app)).toBe(screens.signIn)
  expect(signInForm()).toBeTruthy()
}

/** After a failed check: signed out, the address kept for after sign-in, the server's message shown. */
const checkFailed = ({ ui, event }: Ctx) => {
  const e = event.error as Fail
  if (e.status === 0) {
    // the server was not reached: the token stays; a background re-check keeps the page too, the
    // start-up check says so and waits for Retry
    expect(stored().token).not.toBeNull()
    expect(pathname(ui.app)).toBe(ui.before.path)
    if (!ui.before.loading) return expect(unreachableScreen()).toBeNull()
    return expect(unreachableScreen()).toBeTruthy()
  }
  signedOutScreen({ ui } as Ctx)
  const admins = ui.before.path !== screens.signIn && ui.before.path !== screens.forgetPassword
  if (admins) expect(ui.app.router.state.location.search).toBe(`?redirect=${encodeURIComponent(ui.before.path)}`)
  // the sign-in screen shows the server's message (the forgotten-password page has no use for it)
  if (pathname(ui.app) === screens.signIn) expect(failureDialog()).toContain(e.message || shown().errors.generic)
}

const unreachableScreen = () => screen.queryByTestId('session-unreachable')
/** The notice above the sign-in form saying why the session ended, or null. */
const sessionEndedNotice = () => {
  const t = shown().auth.sessionEnded
  const texts: string[] = [t.password_changed, t.deactivated, t.expired]
  return screen.queryAllByRole('status').find((el) => texts.includes(el.textContent ?? ''))?.textContent ?? null
}

const signedOutClean = (ctx: Ctx) => {
  signedOutScreen(ctx)
  expect(failureDialog()).toBeNull()
}

const endUserSignedIn = ({ event }: Ctx) => {
  const output = event.output as { api_token: string }
  expect(stored()).toMatchObject({ token: output.api_token, identity: 'user' })
  // an end user is no admin: the admin screens stay closed
  expect(signInForm()).toBeTruthy()
  expect(accountMenu()).toBeNull()
}

walk<Ui>({
  name: 'session',
  machine: sessionMachine,
  surfaces: [
    surface('a visitor without a token at the sign-in screen', screens.signIn, { token: null, identity: null }, [
      ...signInEvents,
      ...endUserEvents,
    ]),
    surface(
      "an admin's stored token, opening the profile",
      screens.profile,
      { token: 'stored-admin-token', identity: 'admin' },
      adminEvents,
    ),
    surface(
      'a stored token without identity (an admin one), opening the profile',
      screens.profile,
      { token: 'stored-admin-token', identity: null },
      checks('checkAdmin').slice(0, 2),
    ),
    surface("an end user's stored token, at the sign-in screen", screens.signIn, { token: 'stored-user-token', identity: 'user' }, [
      ...endUserCheckEvents,
      ...signInEvents.slice(0, 3),
    ]),
  ],
  perform,
  states: {
    verifying: () => {
      expect(loadingScreen()).toBeTruthy()
      expect(stored().token).not.toBeNull()
      expect(signInForm()).toBeNull()
      expect(accountMenu()).toBeNull()
    },
    'verifying.admin': () => expect(pending(calls.adminMe)).toBe(true),
    unreachable: () => {
      const t = shown()
      expect(within(unreachableScreen()!).getByRole('heading').textContent).toBe(t.app.session.unreachableTitle)
      expect(within(unreachableScreen()!).getByRole('button', { name: t.app.session.retry })).toBeTruthy()
      expect(stored().token).not.toBeNull()
      expect(loadingScreen()).toBeNull()
      expect(signInForm()).toBeNull()
      expect(accountMenu()).toBeNull()
      expect(net.waiting().filter((r) => r.path.endsWith('auth/me'))).toEqual([])
    },
    'verifying.user': () => expect(pending(calls.userMe)).toBe(true),
    signedOut: signedOutScreen,
    signingIn: () => {
      expect(screen.getByRole('button', { name: shown().auth.signIn.submitting })).toBeTruthy()
      expect(sessionEndedNotice()).toBeNull()
      expect(signInForm()?.closest('main')?.querySelector('form')?.getAttribute('aria-busy')).toBe('true')
    },
    'signingIn.admin': () => expect(pending(calls.adminLogin)).toBe(true),
    'signingIn.user': () => expect(pending(calls.userLogin)).toBe(true),
    registering: () => {
      expect(signInForm()).toBeTruthy()
      expect(pending(calls.userRegister)).toBe(true)
    },
    signedIn: ({ ui }) => {
      const { token, identity } = stored()
      expect(token).not.toBeNull()
      expect(loadingScreen()).toBeNull()
      if (identity === 'user') {
        expect(accountMenu()).toBeNull()
        expect([screens.signIn, screens.forgetPassword]).toContain(pathname(ui.app))
      } else {
        // an admin (an older token has no stored identity): the admin screens, with the account menu
        expect(accountMenu()?.textContent).toContain(admin.name)
        expect([screens.dashboard, screens.profile]).toContain(pathname(ui.app))
      }
    },
    // the background re-check: the page stays usable while the identity's "me" call runs
    'signedIn.revalidating.admin': () => {
      expect(pending(calls.adminMe)).toBe(true)
      expect(accountMenu()).toBeTruthy()
    },
    'signedIn.revalidating.user': () => expect(pending(calls.userMe)).toBe(true),
    signingOut: () => {
      expect(loadingScreen()).toBeTruthy()
      expect(accountMenu()).toBeNull()
      expect(pending(calls.logout)).toBe(true)
    },
  },
  after: {
    'session.signIn': async () => {
      const request = await net.next(calls.adminLogin)
      // no language was chosen on the sign-in page: none is sent, the admin's stored one applies
      expect(request.body).toEqual({ email: admin.email, password: PASSWORD })
      // an end user signed in before is signed out first
      expect(stored().token).toBeNull()
    },
    'xstate.done.actor.adminLogin': ({ ui }) => {
      expect(stored()).toMatchObject({ token: 'admin-token', identity: 'admin' })
      expect(pathname(ui.app)).toBe(screens.dashboard)
      expect(screen.getByTestId('welcome').textContent).toContain(admin.name)
    },
    'xstate.error.actor.adminLogin': ({ event }) => {
      expect(failureDialog()).toContain((event.error as Fail).message)
      expect(stored().token).toBeNull()
    },
    'session.dismissError': () => expect(failureDialog()).toBeNull(),
    'session.userSignIn': async () => expect((await net.next(calls.userLogin)).body).toEqual({ email: user.email, password: PASSWORD }),
    'session.register': async () => expect((await net.next(calls.userRegister)).body).toEqual(registration),
    'xstate.done.actor.userLogin': endUserSignedIn,
    'xstate.done.actor.userRegister': endUserSignedIn,
    'session.userEstablished': () => expect(stored()).toMatchObject({ token: 'registered-vendor-token', identity: 'user' }),
    'xstate.error.actor.userLogin': () => expect(stored().token).toBeNull(),
    'xstate.error.actor.userRegister': () => expect(stored().token).toBeNull(),
    // every navigation asks for the check of the identity that is signed in
    // Retry checks the same token again
    'session.retry': () => {
      const me = net.waiting().filter((r) => r.path.endsWith('auth/me'))
      expect(me.map((r) => r.headers.authorization)).toEqual([`Bearer ${stored().token}`])
    },
    'session.verify': () => {
      const me = net.waiting().filter((r) => r.path.endsWith('auth/me'))
      expect(me.map((r) => r.path)).toEqual([stored().identity === 'user' ? calls.userMe.path : calls.adminMe.path])
      expect(me[0]!.headers.authorization).toBe(`Bearer ${stored().token}`)
    },
    'xstate.done.actor.checkAdmin': () => expect(stored().token).not.toBeNull(),
    'xstate.done.actor.checkUser': () => expect(stored()).toMatchObject({ token: 'stored-user-token', identity: 'user' }),
    'xstate.error.actor.checkAdmin': checkFailed,
    'xstate.error.actor.checkUser': checkFailed,
    'session.logout': async () => {
      const request = await net.next(calls.logout)
      expect(request.headers.authorization).toBe(`Bearer ${stored().token}`)
    },
    // signed out whatever the server answered
    'xstate.done.actor.logout': signedOutClean,
    'xstate.error.actor.logout': signedOutClean,
    // the sign-in screen says why the session ended: the server's reason, else that it has ended
    'session.purge': (ctx) => {
      signedOutClean(ctx)
      const reason = (ctx.event as { reason?: 'password_changed' | 'deactivated' }).reason ?? 'expired'
      expect(sessionEndedNotice()).toBe(shown().auth.sessionEnded[reason])
    },
    // the profile shows the language the admin saved
    'session.adminUpdated': ({ ui }) => {
      const t = shown()
      expect(pathname(ui.app)).toBe(screens.profile)
      const row = screen.getByText(t.fields.locale, { selector: 'dt' }).nextElementSibling
      expect(row?.textContent).toBe(t.language[document.documentElement.lang as 'ar' | 'en'])
    },
  },
})
