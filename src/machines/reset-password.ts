import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { adminCheckResetToken, adminResetPassword, userCheckResetToken, userResetPassword } from '../api/auth'
import type { ResetPasswordBody } from '../contract/auth'
import { failureOf, type Failure } from './failure'
import type { Identity } from './session'

type Context = {
  identity: Identity
  token: string
  email: string
  failure: Failure | null
  /** Server field errors of the last submit (422): they stay on their fields when the dialog is closed. */
  errors: Record<string, string[]>
  message: string | null
}

/**
 * Reset password: the link's token is checked first; an expired or unknown link says so and
 * offers a new one; a check that failed for another reason (server unreachable) can be tried
 * again; a valid link lets the admin choose a new password once.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as Context,
    input: {} as { token: string; identity?: Identity },
    events: {} as
      { type: 'reset.submit'; password: string; password_confirmation: string } | { type: 'reset.dismiss' } | { type: 'reset.retry' },
  },
  actors: {
    checkToken: fromPromise<{ email: string }, { token: string; identity: Identity }>(({ input: { identity, ...body } }) =>
      identity === 'user' ? userCheckResetToken(body) : adminCheckResetToken(body),
    ),
    resetPassword: fromPromise<{ message: string }, ResetPasswordBody & { identity: Identity }>(({ input: { identity, ...body } }) =>
      identity === 'user' ? userResetPassword(body) : adminResetPassword(body),
    ),
  },
  guards: {
    hasToken: ({ context }) => context.token.length > 0,
    /**
     * An error on the token itself means the link can no longer be used: 422 for a used, unknown or
     * expired one, 404 when its admin was deleted.
     */
    linkUnusable: ({ event }) => Boolean(failureOf((event as { error?: unknown }).error).errors.token),
  },
}).createMachine({
  id: 'resetPassword',
  // the path player's starting data and payloads (Flows screen): states only such data reaches
  meta: {
    examples: {
      inputs: [{ token: 'link-token' }],
      events: [
        { type: 'xstate.done.actor.checkToken', output: { email: 'owner@example.com' } },
        { type: 'reset.submit', password: 'New#Pass2026', password_confirmation: 'New#Pass2026' },
      ],
    },
  },
  description: 'Choosing a new password from the link sent by e-mail.',
  context: ({ input }) => ({
    identity: input.identity ?? 'admin',
    token: input.token,
    email: '',
    failure: null,
    errors: {},
    message: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'The page opens with the token of the link, if any.',
      always: [
        { guard: 'hasToken', target: 'checking', description: 'The link carries a token: it is checked.' },
        { target: 'invalid', description: 'The link carries no token.' },
      ],
    },
    checking: {
      description: 'Checking the link before showing the form.',
      invoke: {
        id: 'checkToken',
        src: 'checkToken',
        input: ({ context }) => ({ identity: context.identity, token: context.token }),
        onDone: {
          target: 'ready',
          description: 'The link is valid: the form shows its email address.',
          actions: assign({ email: ({ event }) => event.output.email, failure: null }),
        },
        onError: [
          {
            guard: 'linkUnusable',
            target: 'invalid',
            description: 'The link is unknown, used or expired.',
            actions: assign({ failure: ({ event }) => failureOf(event.error) }),
          },
          {
            target: 'checkFailed',
            description: 'The server could not answer.',
            actions: assign({ failure: ({ event }) => failureOf(event.error) }),
          },
        ],
      },
    },
    checkFailed: {
      description: 'The link could not be checked (server unreachable or busy): the message with a retry.',
      on: { 'reset.retry': { target: 'checking', description: 'Check the link again.' } },
    },
    invalid: {
      description: 'The link is missing, unknown, used or expired: the screen offers a new one.',
      type: 'final',
    },
    ready: {
      description: 'The admin chooses a new password.',
      on: {
        'reset.submit': {
          target: 'submitting',
          description: 'The new password is sent, twice.',
          actions: assign({ failure: null, errors: {} }),
        },
        'reset.dismiss': { actions: assign({ failure: null }), description: 'The failure dialog was closed; field errors stay.' },
      },
    },
    submitting: {
      description: 'The new password is being saved.',
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context, event }) => {
          const e = event as { password: string; password_confirmation: string }
          return { identity: context.identity, token: context.token, password: e.password, password_confirmation: e.password_confirmation }
        },
        onDone: {
          target: 'done',
          description: 'Saved: the link is used up.',
          actions: assign({ message: ({ event }) => event.output.message }),
        },
        onError: [
          {
            guard: 'linkUnusable',
            target: 'invalid',
            description: 'The link expired or was used meanwhile.',
            actions: assign({ failure: ({ event }) => failureOf(event.error) }),
          },
          {
            target: 'ready',
            description: 'Refused (weak password, mismatch, offline): the errors are shown on the form.',
            actions: assign(({ event }) => {
              const failure = failureOf(event.error)
              return { failure, errors: failure.errors }
            }),
          },
        ],
      },
    },
    done: { description: 'Password changed; the admin signs in with it.', type: 'final' },
  },
})

type ResetSnapshot = SnapshotFrom<typeof resetPasswordMachine>

/** What the reset screen shows of its chart. */
export const resetViewOf = (s: ResetSnapshot) => ({
  stage:
    s.matches('starting') || s.matches('checking')
      ? ('checking' as const)
      : s.matches('checkFailed')
        ? ('checkFailed' as const)
        : s.matches('invalid')
          ? ('invalid' as const)
          : s.matches('done')
            ? ('done' as const)
            : ('form' as const),
  submitting: s.matches('submitting'),
  token: s.context.token,
  email: s.context.email,
  message: s.context.message,
  failure: s.context.failure,
  errors: s.context.errors,
})
