import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyActorRef, AnyEventObject } from 'xstate'
import { resetPasswordMachine } from '../../src/machines/reset-password'
import { watchActors } from '../../src/machines/runtime'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk, type Surface } from './walk'

/**
 * resetPassword (spec sections 2, 5 and 8, DOMAIN "Authentication messages") walked through the
 * guest's /admin-panel/reset-password: an address without a token, the link check (valid; unknown
 * or used "token not valid."; expired "Link has expired"; its admin deleted; the server out of
 * reach, with a retry), the new password with its strength meter checked before anything is sent,
 * the server's field errors, and the success dialog whose "Ok, got it!" goes to sign-in.
 */

const net = createNetwork()
type Fail = { status: number; message: string; errors: Record<string, string[]> }
type Ui = { app: App; net: Network; failure: Fail | null; stopWatching: () => void; who: Who }
/** Whose link: an admin's, or an end user's (a vendor's) on their own endpoints and screens. */
type Who = 'admin' | 'user'
type S = ReturnType<typeof resetPasswordMachine.getInitialSnapshot>

const TOKEN = 'Xq3-link-token-from-the-mail'
const notValid: Fail = { status: 422, message: 'token not valid.', errors: { token: ['token not valid.'] } }
const expired: Fail = { status: 422, message: 'Link has expired', errors: { token: ['Link has expired'] } }
const gone: Fail = { status: 404, message: 'This admin does not exist.', errors: { token: ['This admin does not exist.'] } }
const down: Fail = { status: 0, message: '', errors: {} }
const busy: Fail = { status: 429, message: 'Too many requests. Try again in a minute.', errors: {} }
const weak: Fail = {
  status: 422,
  message: 'Some fields need your attention.',
  errors: { password: ['This password is too common.'] },
}
const PASSWORD = 'Brand#New2026'

const calls = {
  admin: {
    check: { method: 'POST', path: 'admin-panal/auth/check-reset-token' },
    reset: { method: 'POST', path: 'admin-panal/auth/reset-password' },
    screen: '/admin-panel/reset-password',
    forgot: '/admin-panel/forget-password',
    signIn: '/admin-panel/sign-in',
    signInHeading: 'Sign in to the admin panel',
  },
  user: {
    check: { method: 'POST', path: 'check-reset-token' },
    reset: { method: 'POST', path: 'reset-password' },
    screen: '/reset-password',
    forgot: '/forget-password',
    signIn: '/sign-in',
    signInHeading: "Sign in to your store's account",
  },
} as const
const check = (ui: Ui) => calls[ui.who].check
const reset = (ui: Ui) => calls[ui.who].reset

/** What each failure says about the link (the label tells the paths apart; unknown and used links get the same answer). */
const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.checkToken', output: { email: 'huda@example.com' } },
  { type: 'xstate.error.actor.checkToken', error: notValid, link: 'unknown' },
  { type: 'xstate.error.actor.checkToken', error: notValid, link: 'used' },
  { type: 'xstate.error.actor.checkToken', error: expired, link: 'expired' },
  { type: 'xstate.error.actor.checkToken', error: gone, link: 'its admin deleted' },
  { type: 'xstate.error.actor.checkToken', error: down, link: 'not checked' },
  { type: 'reset.retry' },
  { type: 'reset.submit', password: PASSWORD, password_confirmation: PASSWORD },
  { type: 'reset.dismiss' },
  { type: 'xstate.done.actor.resetPassword', output: { message: 'Your password has been changed.', result: null } },
  { type: 'xstate.error.actor.resetPassword', error: notValid, link: 'used meanwhile' },
  { type: 'xstate.error.actor.resetPassword', error: expired, link: 'expired meanwhile' },
  { type: 'xstate.error.actor.resetPassword', error: gone, link: 'its admin deleted meanwhile' },
  { type: 'xstate.error.actor.resetPassword', error: weak },
  { type: 'xstate.error.actor.resetPassword', error: busy },
  { type: 'xstate.error.actor.resetPassword', error: down },
]

const dialogShown = (s: S) => s.matches('ready') && s.context.failure !== null

const passwordField = () => screen.findByLabelText(/^New password/) as Promise<HTMLInputElement>
const confirmationField = () => screen.findByLabelText(/^Confirm password/) as Promise<HTMLInputElement>
const meter = () => screen.getByRole('meter', { name: 'Password strength' })
const click = async (find: Promise<HTMLElement>) => fireEvent.click(await find)

const answer = (ui: Ui, match: { method: string; path: string }, e: Fail) => {
  ui.failure = e
  return ui.net.answer(match, e.status === 0 ? { unreachable: true } : failed(e.status, e.message, e.errors))
}

/** The link cannot be used: the server's word for why, and a way to a new one. */
const linkRefused = (ui: Ui, message: string) => {
  expect(screen.getByRole('heading', { name: 'This link cannot be used' })).toBeTruthy()
  expect(within(screen.getByRole('alert')).getByText(message)).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(calls[ui.who].forgot)
  // the way back to the identity's own sign-in (the vendor's for an end user)
  expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(calls[ui.who].signIn)
  expect(screen.queryByLabelText(/^New password/)).toBeNull()
}

const surface = (name: string, token: string, surfaceEvents: AnyEventObject[], who: Who = 'admin'): Surface<Ui> => {
  // an address without a token ends the chart as it starts: keep its actor once it is done
  const started: AnyActorRef[] = []
  return {
    name,
    input: who === 'admin' ? { token } : { token, identity: who },
    events: surfaceEvents,
    when: (s, e) => {
      if (e.type === 'reset.submit') return s.matches('ready') && !dialogShown(s as S)
      if (e.type === 'reset.dismiss') return dialogShown(s as S)
      return true
    },
    vertex: (s) => [(s as S).context.failure?.status ?? null, Object.keys((s as S).context.errors)],
    pick: (live) => live.at(-1) ?? started.at(-1),
    start: () => {
      net.install()
      net.reset()
      started.length = 0
      const stopWatching = watchActors((event) => {
        const ref = event.actorRef as AnyActorRef & { logic?: { id?: string } }
        if (event.type === '@xstate.actor' && ref.logic?.id === resetPasswordMachine.id) started.push(ref)
      })
      const screenPath = calls[who].screen
      const path = token ? `${screenPath}?token=${encodeURIComponent(token)}` : screenPath
      return { app: renderApp(net, path, { signedIn: false }), net, failure: null, stopWatching, who }
    },
    stop: ({ app, stopWatching }) => {
      stopWatching()
      app.stop()
      net.uninstall()
    },
  }
}

walk<Ui>({
  name: 'resetPassword',
  machine: resetPasswordMachine,
  surfaces: [
    surface('a reset link from the mail', TOKEN, events),
    surface('the reset address without a token', '', []),
    surface("an end user's reset link", TOKEN, events, 'user'),
  ],
  perform: {
    'xstate.done.actor.checkToken': ({ ui, event }) => ui.net.answer(check(ui), ok(event.output, 'The link is valid.')),
    'xstate.error.actor.checkToken': ({ ui, event }) => answer(ui, check(ui), event.error as Fail),
    'reset.retry': () => click(screen.findByRole('button', { name: 'Try again!' })),
    'reset.submit': async ({ ui, event }) => {
      // the meter follows what is typed; the rules are checked before anything is sent
      fireEvent.change(await passwordField(), { target: { value: 'abc' } })
      expect(meter().getAttribute('aria-valuetext')).toBe('Weak')
      expect(meter().getAttribute('aria-valuenow')).toBe('1')
      fireEvent.change(await confirmationField(), { target: { value: 'abd' } })
      await click(screen.findByRole('button', { name: 'Submit' }))
      expect(await screen.findByText('must be at least 8 characters')).toBeTruthy()
      expect(await screen.findByText('Passwords must match')).toBeTruthy()
      fireEvent.change(await passwordField(), { target: { value: 'brandnew2026' } })
      expect(meter().getAttribute('aria-valuetext')).toBe('Fair')
      fireEvent.change(await passwordField(), { target: { value: event.password as string } })
      expect(meter().getAttribute('aria-valuetext')).toBe('Strong')
      expect(meter().getAttribute('aria-valuenow')).toBe('5')
      fireEvent.change(await confirmationField(), { target: { value: event.password_confirmation as string } })
      expect(ui.net.waiting().filter((r) => r.path === reset(ui).path)).toEqual([])
      await click(screen.findByRole('button', { name: 'Submit' }))
    },
    'reset.dismiss': async () => click(within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Try again!' })),
    'xstate.done.actor.resetPassword': ({ ui, event }) => ui.net.answer(reset(ui), ok(null, (event.output as { message: string }).message)),
    'xstate.error.actor.resetPassword': ({ ui, event }) => answer(ui, reset(ui), event.error as Fail),
  },
  states: {
    checking: () => {
      expect(screen.getByRole('status').textContent).toBe('Checking the link…')
      expect(screen.queryByLabelText(/^New password/)).toBeNull()
    },
    checkFailed: () => {
      expect(screen.getByRole('heading', { name: 'The link could not be checked' })).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Try again!' })).toBeTruthy()
      expect(screen.queryByRole('heading', { name: 'This link cannot be used' })).toBeNull()
    },
    invalid: ({ ui }) => linkRefused(ui, ui.failure?.errors.token?.[0] ?? 'token not valid.'),
    ready: ({ actor }) => {
      // (the error dialog, when open, hides the page from assistive technology)
      expect(screen.getByRole('heading', { name: 'Set a new password', hidden: true })).toBeTruthy()
      expect(screen.getByText('Choose a strong password for huda@example.com.')).toBeTruthy()
      expect(screen.getByRole('meter', { name: 'Password strength', hidden: true })).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Submit', hidden: true }).getAttribute('aria-busy')).not.toBe('true')
      if (!dialogShown(actor().getSnapshot() as S)) expect(screen.queryByRole('alertdialog')).toBeNull()
    },
    submitting: () => {
      expect(screen.getByRole('button', { name: /Saving/ }).getAttribute('aria-busy')).toBe('true')
    },
    done: ({ actor }) => {
      // the reset is over: the chart takes no more events (a second submit cannot send the token again)
      expect(actor().getSnapshot().status).toBe('done')
      const dialog = screen.getByRole('dialog', { name: 'Password changed' })
      expect(within(dialog).getByText('Your password has been changed. Sign in with the new one.')).toBeTruthy()
      expect(within(dialog).getByRole('button', { name: 'Ok, got it!' })).toBeTruthy()
    },
  },
  after: {
    'xstate.done.actor.checkToken': () => {
      expect(screen.getByLabelText(/^New password/)).toBeTruthy()
    },
    'xstate.error.actor.checkToken': ({ ui, event }) => {
      const e = event.error as Fail
      // only an answer about the link itself says the link cannot be used
      if (e.errors.token) return linkRefused(ui, e.errors.token[0]!)
      expect(screen.queryByRole('heading', { name: 'This link cannot be used' })).toBeNull()
      expect(within(screen.getByRole('alert')).getByText(e.message || 'Something went wrong. Please try again.')).toBeTruthy()
    },
    'reset.retry': async ({ ui }) => {
      expect((await ui.net.next(check(ui))).body).toEqual({ token: TOKEN })
    },
    'reset.submit': async ({ ui }) => {
      // the token of the link goes with the new password
      expect((await ui.net.next(reset(ui))).body).toEqual({ token: TOKEN, password: PASSWORD, password_confirmation: PASSWORD })
    },
    'xstate.error.actor.resetPassword': ({ ui, event }) => {
      const e = event.error as Fail
      // a link used or expired meanwhile: it says so and offers a new one
      if (e.errors.token) return linkRefused(ui, e.errors.token[0]!)
      // otherwise the server's message in the error dialog, the form kept, field errors on their fields
      const dialog = screen.getByRole('alertdialog', { name: 'Error' })
      expect(within(dialog).getByText(e.message || 'Something went wrong. Please try again.')).toBeTruthy()
      expect(screen.getByLabelText<HTMLInputElement>(/^New password/).value).toBe(PASSWORD)
      for (const message of Object.values(e.errors).flat())
        expect(screen.getByText(message, { selector: ':not([role=alertdialog] *)' })).toBeTruthy()
    },
    'reset.dismiss': ({ ui }) => {
      expect(screen.queryByRole('alertdialog')).toBeNull()
      // closing the dialog leaves the server's field errors where the admin can read them
      for (const message of Object.values(ui.failure?.errors ?? {}).flat()) expect(screen.getByText(message)).toBeTruthy()
    },
    'xstate.done.actor.resetPassword': ({ ui }) => {
      // "Ok, got it!" goes to the identity's sign-in (the vendor's own for an end user)
      if (ui.app.router.state.location.pathname !== calls[ui.who].signIn) {
        const ok = within(screen.getByRole('dialog', { name: 'Password changed' })).getByRole('button', { name: 'Ok, got it!' })
        fireEvent.click(ok)
      }
      expect(ui.app.router.state.location.pathname).toBe(calls[ui.who].signIn)
      expect(screen.getByRole('heading', { name: calls[ui.who].signInHeading })).toBeTruthy()
    },
  },
})
