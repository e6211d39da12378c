import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { adminForgotPassword, userForgotPassword } from '../api/auth'
import type { ForgotPasswordBody } from '../contract/auth'
import { failureOf, type Failure } from './failure'
import type { Identity } from './session'

/** Forgot password: ask for a reset link (an admin's, or an end user's); the server answers the same for every email. */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as { identity: Identity; email: string; message: string | null; failure: Failure | null },
    input: {} as { identity?: Identity } | undefined,
    events: {} as { type: 'forgot.submit'; email: string } | { type: 'forgot.dismiss' } | { type: 'forgot.again' },
  },
  actors: {
    requestLink: fromPromise<{ message: string }, ForgotPasswordBody & { identity: Identity }>(({ input: { identity, ...body } }) =>
      identity === 'user' ? userForgotPassword(body) : adminForgotPassword(body),
    ),
  },
}).createMachine({
  id: 'forgotPassword',
  description: 'Asking for a password-reset link by e-mail.',
  context: ({ input }) => ({ identity: input?.identity ?? 'admin', email: '', message: null, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The admin types an email address.',
      on: {
        'forgot.submit': {
          target: 'sending',
          description: 'The form is sent with a valid email address.',
          actions: assign({ email: ({ event }) => event.email, failure: null }),
        },
        'forgot.dismiss': { description: 'The failure message is closed.', actions: assign({ failure: null }) },
      },
    },
    sending: {
      description: 'Asking the server to e-mail a reset link.',
      invoke: {
        id: 'requestLink',
        src: 'requestLink',
        input: ({ context }) => ({ identity: context.identity, email: context.email }),
        onDone: {
          target: 'sent',
          description: "The server's neutral answer is shown.",
          actions: assign({ message: ({ event }) => event.output.message }),
        },
        onError: {
          target: 'editing',
          description: 'Refused (rate limited, offline, invalid): the failure is shown over the form.',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    sent: {
      description: 'The neutral answer: a link is on its way if the account exists.',
      on: { 'forgot.again': { target: 'editing', description: 'Send another link.', actions: assign({ message: null }) } },
    },
  },
})

type ForgotSnapshot = SnapshotFrom<typeof forgotPasswordMachine>

/** What the forgot-password screen shows of its chart. */
export const forgotViewOf = (s: ForgotSnapshot) => ({
  sent: s.matches('sent'),
  sending: s.matches('sending'),
  email: s.context.email,
  failure: s.context.failure,
})
