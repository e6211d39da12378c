import { fireEvent, screen } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import type { Admin } from '../../src/contract/auth'
import { profileMachine } from '../../src/machines/profile'
import { admin, renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk } from './walk'

/**
 * profile (spec sections 2, 7 and 8) walked through /admin-panel/profile: the profile is read from
 * get-profile; the profile form is checked by the contract before it is sent and a used email is
 * shown on its field; the password form needs the current password ("Password not correct" on its
 * field when wrong), a strong new one and its confirmation, and a change says the other sessions
 * were signed out and empties the form.
 */

const net = createNetwork()
type Ui = { app: App; net: Network; sent: Record<string, unknown> | null }
type S = ReturnType<typeof profileMachine.getInitialSnapshot>

const getProfile = { method: 'GET', path: 'admin-panal/setting/get-profile' }
const updateProfile = { method: 'POST', path: 'admin-panal/setting/update-profile' }
const changePassword = { method: 'POST', path: 'admin-panal/setting/change-password' }
const saved: Admin = { ...admin, name: 'Huda Saleh', email: 'huda.saleh@example.com' }
const changedMessage = 'Your password was changed. Your other sessions were signed out (2).'
const taken = { status: 422, message: 'email already taken', errors: { email: ['email already taken'] } }
const notCorrect = { status: 422, message: 'Password not correct', errors: { current_password: ['Password not correct'] } }
const down = { status: 0, message: '', errors: {} }

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadProfile', output: admin },
  { type: 'xstate.error.actor.loadProfile', error: down },
  { type: 'profile.retry' },
  { type: 'profile.save', body: { name: 'Huda Saleh', email: 'huda.saleh@example.com', avatar: null, locale: 'en' } },
  { type: 'xstate.done.actor.saveProfile', output: { message: 'Your profile was saved.', admin: saved } },
  { type: 'xstate.error.actor.saveProfile', error: taken },
  {
    type: 'profile.changePassword',
    body: { current_password: 'Old-Secret-1', password: 'New-Secret-42', password_confirmation: 'New-Secret-42' },
  },
  { type: 'xstate.done.actor.savePassword', output: { message: changedMessage, ended: 2 } },
  { type: 'xstate.error.actor.savePassword', error: notCorrect },
]

const field = (label: RegExp) => screen.findByLabelText(label) as Promise<HTMLInputElement>
const type = async (label: RegExp, value: string) => fireEvent.change(await field(label), { target: { value } })
const button = (name: string | RegExp) => screen.findByRole('button', { name })

walk<Ui>({
  name: 'profile',
  machine: profileMachine,
  surfaces: [
    {
      name: "the signed-in admin's profile page",
      events,
      vertex: (s) => [(s as S).context.failedForm, (s as S).context.failure?.status ?? null, (s as S).context.passwordMessage !== null],
      start: () => {
        net.install()
        net.reset()
        return { app: renderApp(net, '/admin-panel/profile'), net, sent: null }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'xstate.done.actor.loadProfile': ({ ui }) => ui.net.answer(getProfile, ok({ admin })),
    'xstate.error.actor.loadProfile': ({ ui }) => ui.net.answer(getProfile, { unreachable: true }),
    'profile.retry': async () => fireEvent.click(await button('Try again!')),
    'profile.save': async ({ ui, event }) => {
      // the contract runs first: a malformed email is refused on its field and nothing is sent
      await type(/^Email/, 'huda@')
      fireEvent.click(await button('Save'))
      expect(await screen.findByText('must be a valid email')).toBeTruthy()
      expect(ui.net.waiting().filter((r) => r.path === updateProfile.path)).toEqual([])
      const body = event.body as Record<string, string>
      await type(/^Username/, body.name!)
      await type(/^Email/, body.email!)
      ui.sent = body
      fireEvent.click(await button('Save'))
    },
    'xstate.done.actor.saveProfile': ({ ui, event }) => {
      const output = event.output as { message: string; admin: Admin }
      return ui.net.answer(updateProfile, ok({ admin: output.admin }, output.message))
    },
    'xstate.error.actor.saveProfile': ({ ui, event }) => {
      const e = event.error as typeof taken
      return ui.net.answer(updateProfile, failed(e.status, e.message, e.errors))
    },
    'profile.changePassword': async ({ ui, event }) => {
      const body = event.body as Record<string, string>
      // a weak new password is refused before anything is sent
      await type(/^Current password/, body.current_password!)
      await type(/^New password/, 'weakpass')
      await type(/^Confirm password/, 'weakpass')
      fireEvent.click(await button('Change password'))
      expect((await screen.findAllByText(/Use at least 8 characters/)).length).toBeGreaterThan(0)
      expect(ui.net.waiting().filter((r) => r.path === changePassword.path)).toEqual([])
      await type(/^New password/, body.password!)
      await type(/^Confirm password/, body.password_confirmation!)
      ui.sent = body
      fireEvent.click(await button('Change password'))
    },
    'xstate.done.actor.savePassword': ({ ui, event }) => {
      const output = event.output as { message: string; ended: number }
      return ui.net.answer(changePassword, ok({ ended_sessions: output.ended }, output.message))
    },
    'xstate.error.actor.savePassword': ({ ui, event }) => {
      const e = event.error as typeof notCorrect
      return ui.net.answer(changePassword, failed(e.status, e.message, e.errors))
    },
  },
  states: {
    loading: () => expect(screen.getByText('Loading your profile…')).toBeTruthy(),
    failed: () => {
      expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Try again!' })).toBeTruthy()
    },
    ready: ({ actor }) => {
      const s = actor().getSnapshot() as S
      expect(screen.getByRole('heading', { name: 'Edit your profile' })).toBeTruthy()
      expect(screen.getByRole('heading', { name: 'Change your password' })).toBeTruthy()
      expect(screen.getByRole('meter', { name: 'Password strength' })).toBeTruthy()
      // the account's details show what the server last said
      expect(screen.getByRole('heading', { level: 2, name: s.context.admin!.name })).toBeTruthy()
      if (s.context.passwordMessage) expect(screen.getByText(changedMessage).closest('[role=status]')).toBeTruthy()
      else expect(screen.queryByText(changedMessage)).toBeNull()
    },
    savingProfile: () => expect(screen.getByRole('button', { name: /Saving/ }).getAttribute('aria-busy')).toBe('true'),
    changingPassword: () => expect(screen.getByRole('button', { name: /Changing/ }).getAttribute('aria-busy')).toBe('true'),
  },
  after: {
    'xstate.done.actor.loadProfile': async () => {
      expect(((await field(/^Email/)) as HTMLInputElement).value).toBe(admin.email)
    },
    'profile.save': async ({ ui }) => {
      expect((await ui.net.next(updateProfile)).body).toEqual({ ...ui.sent, avatar: null })
    },
    'xstate.done.actor.saveProfile': async () => {
      // the header's account menu follows at once (the session's admin was updated)
      expect((await screen.findAllByText('Huda Saleh')).length).toBeGreaterThan(1)
    },
    'xstate.error.actor.saveProfile': async () => {
      expect(await screen.findByText('email already taken')).toBeTruthy()
      // what was typed stays
      expect((await field(/^Email/)).value).toBe('huda.saleh@example.com')
    },
    'profile.changePassword': async ({ ui }) => {
      expect((await ui.net.next(changePassword)).body).toEqual(ui.sent)
    },
    'xstate.done.actor.savePassword': async () => {
      expect(await screen.findByText(changedMessage)).toBeTruthy()
      // the form is emptied
      expect((await field(/^Current password/)).value).toBe('')
      expect((await field(/^New password/)).value).toBe('')
    },
    'xstate.error.actor.savePassword': async () => {
      expect(await screen.findByText('Password not correct')).toBeTruthy()
      expect((await field(/^Current password/)).value).toBe('Old-Secret-1')
    },
  },
})
