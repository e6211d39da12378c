import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { forgotPasswordMachine } from '../../src/machines/forgot-password'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk } from './walk'

/**
 * forgotPassword (spec sections 2 and 8, DOMAIN "Authentication messages") walked through the
 * guest's /admin-panel/forget-password: the email is checked before anything is sent, every email
 * gets the same neutral answer, a second request within 5 minutes shows the server's "Verification
 * link already sent", an unreachable server the general message, and "Use another email" goes back
 * to the form.
 */

const net = createNetwork()
type Ui = { app: App; net: Network; typed: string | null }
type S = ReturnType<typeof forgotPasswordMachine.getInitialSnapshot>

const neutral = 'If an account exists for this email, a reset link has been sent.'
const tooSoon = { status: 429, message: 'Verification link already sent', errors: { email: ['Verification link already sent'] } }
const down = { status: 0, message: '', errors: {} }
const forgot = { method: 'POST', path: 'admin-panal/auth/forgot-password' }

/** An admin's address and one that has no account: the screen must not tell them apart. */
const events: AnyEventObject[] = [
  { type: 'forgot.submit', email: 'huda@example.com' },
  { type: 'forgot.submit', email: 'nobody@example.com' },
  { type: 'xstate.done.actor.requestLink', output: { message: neutral, result: null } },
  { type: 'xstate.error.actor.requestLink', error: tooSoon },
  { type: 'xstate.error.actor.requestLink', error: down },
  { type: 'forgot.dismiss' },
  { type: 'forgot.again' },
]

const dialogShown = (s: S) => s.matches('editing') && s.context.failure !== null

const emailField = () => screen.findByLabelText(/^Email/) as Promise<HTMLInputElement>
const click = async (find: Promise<HTMLElement>) => fireEvent.click(await find)

walk<Ui>({
  name: 'forgotPassword',
  machine: forgotPasswordMachine,
  surfaces: [
    {
      name: 'the forgot-password page of a guest',
      events,
      // the error dialog covers the form until it is closed
      when: (s, e) => {
        if (e.type === 'forgot.submit') return s.matches('editing') && !dialogShown(s as S)
        if (e.type === 'forgot.dismiss') return dialogShown(s as S)
        return true
      },
      // the address asked for is part of the state: each address gets every answer
      vertex: (s) => [(s as S).context.email, (s as S).context.failure?.status ?? null],
      start: () => {
        net.install()
        net.reset()
        return {
          app: renderApp(net, '/admin-panel/forget-password', { signedIn: false, before: ['/admin-panel/sign-in'] }),
          net,
          typed: null,
        }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'forgot.submit': async ({ ui, event }) => {
      // validation runs before the server: a malformed address is refused on its field, nothing is sent
      fireEvent.change(await emailField(), { target: { value: 'huda@' } })
      await click(screen.findByRole('button', { name: 'Send' }))
      expect(await screen.findByText('must be a valid email')).toBeTruthy()
      expect(ui.net.waiting().filter((r) => r.path === forgot.path)).toEqual([])
      const email = event.email as string
      fireEvent.change(await emailField(), { target: { value: email } })
      ui.typed = email
      await click(screen.findByRole('button', { name: 'Send' }))
    },
    'xstate.done.actor.requestLink': ({ ui, event }) => ui.net.answer(forgot, ok(null, (event.output as { message: string }).message)),
    'xstate.error.actor.requestLink': ({ ui, event }) => {
      const e = event.error as typeof tooSoon
      return ui.net.answer(forgot, e.status === 0 ? { unreachable: true } : failed(e.status, e.message, e.errors))
    },
    'forgot.dismiss': async () => click(within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Try again!' })),
    'forgot.again': () => click(screen.findByRole('button', { name: 'Use another email' })),
  },
  states: {
    editing: ({ ui, actor }) => {
      // (the error dialog, when open, hides the page from assistive technology)
      expect(screen.getByRole('heading', { name: 'Forgot your password?', hidden: true })).toBeTruthy()
      const send = screen.getByRole('button', { name: 'Send', hidden: true })
      expect(send.getAttribute('aria-busy')).not.toBe('true')
      expect(screen.getByRole('link', { name: 'Back to sign in', hidden: true }).getAttribute('href')).toBe('/admin-panel/sign-in')
      // the address typed before stays in the field (after a failure, and after "Use another email")
      if (ui.typed) expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe(ui.typed)
      if (!dialogShown(actor().getSnapshot() as S)) expect(screen.queryByRole('alertdialog')).toBeNull()
    },
    sending: () => {
      expect(screen.getByRole('button', { name: /Sending/ }).getAttribute('aria-busy')).toBe('true')
    },
    sent: () => {
      expect(screen.getByRole('heading', { name: 'Check your email' })).toBeTruthy()
      expect(screen.queryByLabelText(/^Email/)).toBeNull()
      expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeTruthy()
    },
  },
  after: {
    'forgot.submit': async ({ ui }) => {
      expect((await ui.net.next(forgot)).body).toEqual({ email: ui.typed })
    },
    'xstate.done.actor.requestLink': ({ ui }) => {
      // the same neutral answer for every address: nothing on screen says whether the account exists
      expect(
        within(screen.getByRole('status')).getByText(/If an account exists for this email, a link to reset the password is on its way/),
      ).toBeTruthy()
      expect(document.body.textContent).not.toContain(ui.typed)
    },
    'xstate.error.actor.requestLink': ({ event }) => {
      const e = event.error as typeof tooSoon
      const dialog = screen.getByRole('alertdialog', { name: 'Error' })
      if (e.status === 429) {
        // the server's message, in the dialog and on the field
        expect(within(dialog).getByText('Verification link already sent')).toBeTruthy()
        expect(screen.getByText('Verification link already sent', { selector: ':not([role=alertdialog] *)' })).toBeTruthy()
      } else expect(within(dialog).getByText('Something went wrong. Please try again.')).toBeTruthy()
    },
    'forgot.dismiss': () => expect(screen.queryByRole('alertdialog')).toBeNull(),
  },
})
