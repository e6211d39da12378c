import { assign, fromPromise, setup } from 'xstate'
import { adminCheckResetToken, adminResetPassword } from '../api/auth'
import type { ResetPasswordBody } from '../contract'
import { failureOf, type Failure } from './failure'

type Context = { token: string; email: string; failure: Failure | null; message: string | null }

/**
 * Reset password: the link's token is checked first; an expired or unknown link says so and
 * offers a new one; a valid one lets the admin choose a new password once.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as Context,
    input: {} as { token: string },
    events: {} as
      | { type: 'reset.submit'; password: string; password_confirmation: string }
      | { type: 'reset.dismiss' },
  },
  actors: {
    checkToken: fromPromise<{ email: string }, { token: string }>(({ input }) => adminCheckResetToken(input)),
    resetPassword: fromPromise<{ message: string }, ResetPasswordBody>(({ input }) => adminResetPassword(input)),
  },
  guards: {
    hasToken: ({ context }) => context.token.length > 0,
    /** 422 on the token itself means the link can no longer be used (used, unknown or expired). */
    linkUnusable: ({ event }) => {
      const f = failureOf((event as { error?: unknown }).error)
      return f.status === 422 && Boolean(f.errors.token)
    },
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ token: input.token, email: '', failure: null, message: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasToken', target: 'checking' }, { target: 'invalid' }],
    },
    checking: {
      description: 'Checking the link before showing the form.',
      invoke: {
        id: 'checkToken',
        src: 'checkToken',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'ready', actions: assign({ email: ({ event }) => event.output.email }) },
        onError: { target: 'invalid', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    invalid: {
      description: 'The link is missing, unknown, used or expired: the screen offers a new one.',
      type: 'final',
    },
    ready: {
      description: 'The admin chooses a new password.',
      on: {
        'reset.submit': { target: 'submitting', actions: assign({ failure: null }) },
        'reset.dismiss': { actions: assign({ failure: null }) },
      },
    },
    submitting: {
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context, event }) => {
          const e = event as { password: string; password_confirmation: string }
          return { token: context.token, password: e.password, password_confirmation: e.password_confirmation }
        },
        onDone: { target: 'done', actions: assign({ message: ({ event }) => event.output.message }) },
        onError: [
          { guard: 'linkUnusable', target: 'invalid', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
          { target: 'ready', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
        ],
      },
    },
    done: { description: 'Password changed; the admin signs in with it.', type: 'final' },
  },
})
