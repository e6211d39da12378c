import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { changePassword, fetchProfile, updateProfile } from '../api/profile'
import type { Admin } from '../contract/auth'
import type { ChangePasswordBody, UpdateProfileBody } from '../contract/profile'
import { failureOf, type Failure } from './failure'

type Form = 'profile' | 'password'

export type ProfileContext = {
  admin: Admin | null
  /** Which form the last failure belongs to (its field errors go on its fields). */
  failedForm: Form | null
  failure: Failure | null
  /** The server's message after the password changed (it says how many other sessions ended). */
  passwordMessage: string | null
  /** Counts the password changes, so the view empties the password form after each. */
  passwordChanges: number
}

export type ProfileEvent =
  | { type: 'profile.save'; body: UpdateProfileBody }
  | { type: 'profile.changePassword'; body: ChangePasswordBody }
  | { type: 'profile.retry' }

/**
 * The signed-in admin's own account: loads it from get-profile, saves its name, email, avatar and
 * language, and changes its password (the current one checked by the server: "Password not
 * correct"; the other sessions end and the answer says so). A failure keeps what was typed.
 */
export const profileMachine = setup({
  types: { context: {} as ProfileContext, events: {} as ProfileEvent },
  actors: {
    loadProfile: fromPromise(() => fetchProfile()),
    saveProfile: fromPromise(({ input }: { input: UpdateProfileBody }) => updateProfile(input)),
    savePassword: fromPromise(({ input }: { input: ChangePasswordBody }) => changePassword(input)),
  },
  actions: {
    /** The profile was saved: the app updates the session's admin and confirms with the server's message. */
    onSaved: (_, _params: { message: string; admin: Admin }) => {},
    fail: assign((_, params: { form: Form | null; error: unknown }) => ({ failedForm: params.form, failure: failureOf(params.error) })),
  },
}).createMachine({
  id: 'profile',
  description: "The signed-in admin's profile and password.",
  context: { admin: null, failedForm: null, failure: null, passwordMessage: null, passwordChanges: 0 },
  initial: 'loading',
  states: {
    loading: {
      description: 'The profile is read from the server.',
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: {
          target: 'ready',
          description: 'The profile is shown in its forms.',
          actions: assign({ admin: ({ event }) => event.output, failure: null, failedForm: null }),
        },
        onError: {
          target: 'failed',
          description: 'The profile could not be read: the failure is shown with Try again.',
          actions: { type: 'fail', params: ({ event }) => ({ form: null, error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The profile could not be read.',
      on: { 'profile.retry': { target: 'loading', description: 'Try again.' } },
    },
    ready: {
      description: 'Both forms are usable.',
      on: {
        'profile.save': {
          target: 'savingProfile',
          description: 'The profile form is sent (checked by the contract first).',
          actions: assign({ failure: null, failedForm: null, passwordMessage: null }),
        },
        'profile.changePassword': {
          target: 'changingPassword',
          description: 'The password form is sent (checked by the contract first).',
          actions: assign({ failure: null, failedForm: null, passwordMessage: null }),
        },
      },
    },
    savingProfile: {
      description: 'Saving the name, email, avatar and language.',
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ event }) => (event as Extract<ProfileEvent, { type: 'profile.save' }>).body,
        onDone: {
          target: 'ready',
          description: 'Saved: the session and the header show the new profile.',
          actions: [
            assign({ admin: ({ event }) => event.output.admin }),
            { type: 'onSaved', params: ({ event }) => ({ message: event.output.message, admin: event.output.admin }) },
          ],
        },
        onError: {
          target: 'ready',
          description: 'Refused (a used email, offline): the reason is shown on the profile form, which keeps what was typed.',
          actions: { type: 'fail', params: ({ event }) => ({ form: 'profile' as const, error: event.error }) },
        },
      },
    },
    changingPassword: {
      description: 'Changing the password.',
      invoke: {
        id: 'savePassword',
        src: 'savePassword',
        input: ({ event }) => (event as Extract<ProfileEvent, { type: 'profile.changePassword' }>).body,
        onDone: {
          target: 'ready',
          description: 'Changed: the message says the other sessions were signed out; the form is emptied.',
          actions: assign({
            passwordMessage: ({ event }) => event.output.message,
            passwordChanges: ({ context }) => context.passwordChanges + 1,
          }),
        },
        onError: {
          target: 'ready',
          description: 'Refused ("Password not correct", a weak password, offline): the reason is shown on the password form.',
          actions: { type: 'fail', params: ({ event }) => ({ form: 'password' as const, error: event.error }) },
        },
      },
    },
  },
})

type ProfileSnapshot = SnapshotFrom<typeof profileMachine>

/** What the profile screen shows of its chart. */
export const profileViewOf = (s: ProfileSnapshot) => ({
  loading: s.matches('loading'),
  failedToLoad: s.matches('failed'),
  admin: s.context.admin,
  saving: s.matches('savingProfile'),
  changing: s.matches('changingPassword'),
  failure: s.context.failure,
  failedForm: s.context.failedForm,
  passwordMessage: s.context.passwordMessage,
  passwordChanges: s.context.passwordChanges,
})
