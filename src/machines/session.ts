import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import * as api from '../api/auth'
import { ApiError } from '../api/client'
import { type Admin, type AdminLoginBody, type User, type UserLoginBody, type UserRegisterBody } from '../contract/auth'
import { TOKEN_STORAGE_KEY, type Locale, type SessionEndReason } from '../contract/common'
import { browserStorage, failureOf } from './failure'

/** Who holds the session: an administrator of the back-office or an end user (vendor account). */
export type Identity = 'admin' | 'user'

/** Storage key of the identity that owns the stored token (the token itself is under `id-token`). */
export const IDENTITY_STORAGE_KEY = 'id-identity'

export type SessionContext = {
  identity: Identity | null
  token: string | null
  admin: Admin | null
  user: User | null
  /** Server message of the last failure ('' when it sent none); null when there is none to show. */
  error: string | null
  /** Field errors of the last failure. */
  errors: Record<string, string[]>
  /**
   * Why the session ended under the signed-in person (a call answered 401): the server's reason (its
   * password changed, its account deactivated) or `expired` when it gave none; the sign-in screen says it.
   */
  ended: SessionEnded | null
}

export type SessionEnded = SessionEndReason | 'expired'

/** Read from storage by the app: token under `id-token`, identity under `id-identity`. */
export type SessionInput = { token: string | null; identity: Identity | null }

export type SessionEvent =
  | { type: 'session.signIn'; email: string; password: string; locale?: Locale }
  | { type: 'session.userSignIn'; email: string; password: string }
  | { type: 'session.register'; body: UserRegisterBody }
  | { type: 'session.dismissError' }
  | { type: 'session.verify' }
  /** The start-up check could not reach the server: check again (the Retry button, or the browser back online). */
  | { type: 'session.retry' }
  | { type: 'session.logout' }
  /** A call answered 401, with the server's reason when someone else ended the session. */
  | { type: 'session.purge'; reason?: SessionEndReason | undefined }
  | { type: 'session.adminUpdated'; admin: Admin }
  /** An end user's session was opened elsewhere (the vendor registration's completion signs the vendor in). */
  | { type: 'session.userEstablished'; token: string; user: User }

export type StoreTokenParams = { token: string; identity: Identity }
export type SignedInParams = { identity: Identity; locale: Locale }

/** The start-up check of either identity failed: no answer keeps the token, a refusal clears it. */
const startupCheckFailed = [
  {
    guard: 'serverUnreachable',
    target: '#session.unreachable',
    description: 'No answer from the server (offline, or the page being left): nothing is known of the token, so it is kept.',
  },
  {
    target: '#session.signedOut',
    description: 'The token was refused: it is cleared.',
    actions: [
      'clearSession',
      { type: 'setFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
      'clearToken',
    ],
  },
] as const

/**
 * Authentication lifecycle of both identities (spec section 4). The app provides `onSignedIn`
 * (to tell the locale chart the admin's locale) and may replace the storage actions.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    checkAdmin: fromPromise(() => api.adminMe()),
    checkUser: fromPromise(() => api.userMe()),
    adminLogin: fromPromise(({ input }: { input: AdminLoginBody }) => api.adminLogin(input)),
    userLogin: fromPromise(({ input }: { input: UserLoginBody }) => api.userLogin(input)),
    userRegister: fromPromise(({ input }: { input: UserRegisterBody }) => api.userRegister(input)),
    logout: fromPromise(({ input }: { input: { identity: Identity | null } }) =>
      input.identity === 'user' ? api.userLogout() : api.adminLogout(),
    ),
  },
  actions: {
    storeToken: (_, params: StoreTokenParams) => {
      browserStorage()?.setItem(TOKEN_STORAGE_KEY, params.token)
      browserStorage()?.setItem(IDENTITY_STORAGE_KEY, params.identity)
    },
    clearToken: () => {
      browserStorage()?.removeItem(TOKEN_STORAGE_KEY)
      browserStorage()?.removeItem(IDENTITY_STORAGE_KEY)
    },
    onSignedIn: (_, _params: SignedInParams) => {},
    clearErrors: assign({ error: null, errors: {}, ended: null }),
    setEnded: assign((_, params: { reason: SessionEndReason | undefined }) => ({ ended: params.reason ?? ('expired' as const) })),
    dismissError: assign({ error: null }),
    setFailure: assign((_, params: { error: unknown }) => {
      // a session someone else ended: the sign-in screen's notice says why, no failure dialog
      const reason = params.error instanceof ApiError ? params.error.reason : undefined
      if (reason) return { error: null, errors: {}, ended: reason }
      const { message, errors } = failureOf(params.error)
      return { error: message, errors }
    }),
    setToken: assign((_, params: { token: string }) => ({ token: params.token })),
    setAdmin: assign((_, params: { admin: Admin }) => ({ identity: 'admin' as const, admin: params.admin, user: null })),
    setUser: assign((_, params: { user: User }) => ({ identity: 'user' as const, user: params.user, admin: null })),
    clearSession: assign({ identity: null, token: null, admin: null, user: null }),
  },
  guards: {
    hasUserToken: ({ context }) => context.token !== null && context.identity === 'user',
    hasToken: ({ context }) => context.token !== null,
    isAdmin: ({ context }) => context.identity === 'admin',
    isUser: ({ context }) => context.identity === 'user',
    /** The call failed without an HTTP status: the server was not reached, so nothing is known of the token. */
    serverUnreachable: ({ event }) => failureOf((event as { error?: unknown }).error).status === 0,
  },
}).createMachine({
  id: 'session',
  // the path player's starting data and payloads (Flows screen): states only such data reaches
  meta: {
    examples: {
      inputs: [{ token: 'stored-token', identity: 'user' }],
    },
  },
  description: 'Who is signed in (an admin or an end user) and their token, from start-up to sign-out.',
  context: ({ input }) => ({
    identity: input.token ? input.identity : null,
    token: input.token,
    admin: null,
    user: null,
    error: null,
    errors: {},
    ended: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Start-up: a stored token is verified; without one the visitor is a guest.',
      always: [
        { guard: 'hasUserToken', target: 'verifying.user', description: 'A stored end-user token is checked.' },
        { guard: 'hasToken', target: 'verifying.admin', description: 'A token without identity is an admin one.' },
        { target: 'signedOut', description: 'No stored token: a guest.' },
      ],
    },
    verifying: {
      description:
        'Checks the stored token with the identity\'s "me" call; a refusal stores the errors and clears the token, no answer at all keeps it.',
      initial: 'admin',
      states: {
        admin: {
          description: "The admin's token is checked.",
          invoke: {
            id: 'checkAdmin',
            src: 'checkAdmin',
            onDone: {
              target: '#session.signedIn',
              description: 'The token is valid: the admin is signed in.',
              actions: { type: 'setAdmin', params: ({ event }) => event.output },
            },
            onError: startupCheckFailed,
          },
        },
        user: {
          description: "The end user's token is checked.",
          invoke: {
            id: 'checkUser',
            src: 'checkUser',
            onDone: {
              target: '#session.signedIn',
              description: 'The token is valid: the end user is signed in.',
              actions: { type: 'setUser', params: ({ event }) => event.output },
            },
            onError: startupCheckFailed,
          },
        },
      },
    },
    unreachable: {
      description:
        'The start-up check got no answer: the screen says the server cannot be reached, the stored token is kept, and Retry (or the browser coming back online) checks again.',
      on: {
        'session.retry': { target: 'restoring', description: 'Check the stored token again.' },
      },
    },
    signedOut: {
      description: 'Guest. `error`/`errors` hold the last failure (admin views show `error`, end-user views `errors`).',
      on: {
        'session.signIn': { target: 'signingIn.admin', description: 'An admin sends their email and password.' },
        'session.userSignIn': { target: 'signingIn.user', description: 'An end user sends their email and password.' },
        'session.register': { target: 'registering', description: 'A visitor sends the registration form.' },
        'session.dismissError': { actions: 'dismissError', description: 'The failure dialog was closed; field errors stay.' },
        'session.userEstablished': {
          target: 'signedIn',
          description: 'The vendor registration completed: its end user is signed in with the token it returned.',
          actions: [
            'clearErrors',
            { type: 'setUser', params: ({ event }) => event },
            { type: 'setToken', params: ({ event }) => event },
            { type: 'storeToken', params: ({ event }) => ({ token: event.token, identity: 'user' }) },
            { type: 'onSignedIn', params: ({ event }) => ({ identity: 'user', locale: event.user.locale }) },
          ],
        },
      },
    },
    signingIn: {
      description: 'Credentials are sent (admin or end-user login); success stores the token.',
      entry: 'clearErrors',
      initial: 'admin',
      states: {
        admin: {
          description: 'The admin login call is under way.',
          invoke: {
            id: 'adminLogin',
            src: 'adminLogin',
            input: ({ event }) => {
              assertEvent(event, 'session.signIn')
              return { email: event.email, password: event.password, ...(event.locale ? { locale: event.locale } : {}) }
            },
            onDone: {
              target: '#session.signedIn',
              description: "Accepted: the token is stored and the admin's language applied.",
              actions: [
                { type: 'setAdmin', params: ({ event }) => event.output },
                { type: 'setToken', params: ({ event }) => event.output },
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.token, identity: 'admin' }) },
                { type: 'onSignedIn', params: ({ event }) => ({ identity: 'admin', locale: event.output.admin.locale }) },
              ],
            },
            onError: {
              target: '#session.signedOut',
              description: 'Refused (wrong credentials, blocked, rate limited, offline): the failure is shown.',
              actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        user: {
          description: 'The end-user login call is under way.',
          invoke: {
            id: 'userLogin',
            src: 'userLogin',
            input: ({ event }) => {
              assertEvent(event, 'session.userSignIn')
              return { email: event.email, password: event.password }
            },
            onDone: {
              target: '#session.signedIn',
              description: 'Accepted: the token is stored.',
              actions: [
                { type: 'setUser', params: ({ event }) => event.output },
                { type: 'setToken', params: ({ event }) => ({ token: event.output.api_token }) },
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.api_token, identity: 'user' }) },
                { type: 'onSignedIn', params: ({ event }) => ({ identity: 'user', locale: event.output.user.locale }) },
              ],
            },
            onError: {
              target: '#session.signedOut',
              description: 'Refused: the failure is shown.',
              actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    registering: {
      description: 'End-user registration; success signs the new user in.',
      entry: 'clearErrors',
      invoke: {
        id: 'userRegister',
        src: 'userRegister',
        input: ({ event }) => {
          assertEvent(event, 'session.register')
          return event.body
        },
        onDone: {
          target: 'signedIn',
          description: 'Registered: the new user is signed in.',
          actions: [
            { type: 'setUser', params: ({ event }) => event.output },
            { type: 'setToken', params: ({ event }) => ({ token: event.output.api_token }) },
            { type: 'storeToken', params: ({ event }) => ({ token: event.output.api_token, identity: 'user' }) },
            { type: 'onSignedIn', params: ({ event }) => ({ identity: 'user', locale: event.output.user.locale }) },
          ],
        },
        onError: {
          target: 'signedOut',
          description: 'Refused: the field errors are shown.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signedIn: {
      description: 'Authenticated as `context.identity`; `session.verify` re-checks the token on each navigation.',
      initial: 'idle',
      on: {
        'session.signIn': {
          guard: 'isUser',
          target: 'signingIn.admin',
          description:
            "An end user signs in as an admin on the admin sign-in screen (which a user still sees): the end user's session ends, the admin's replaces it.",
          actions: ['clearSession', 'clearToken'],
        },
        'session.logout': { target: 'signingOut', description: 'Sign out from the menu.' },
        'session.purge': {
          target: 'signedOut',
          description:
            "Any call answered 401: the token is no longer valid; why (the server's reason, else expired) is kept for the sign-in screen.",
          actions: ['clearSession', 'clearErrors', 'clearToken', { type: 'setEnded', params: ({ event }) => ({ reason: event.reason }) }],
        },
        'session.adminUpdated': {
          guard: 'isAdmin',
          description: "The signed-in admin's record changed on the server (their language saved from the language switch).",
          actions: { type: 'setAdmin', params: ({ event }) => ({ admin: event.admin }) },
        },
      },
      states: {
        idle: {
          description: 'Nothing pending.',
          on: {
            'session.verify': [
              { guard: 'isAdmin', target: 'revalidating.admin', description: "A navigation: the admin's token is checked again." },
              { target: 'revalidating.user', description: "A navigation: the end user's token is checked again." },
            ],
          },
        },
        revalidating: {
          description: 'Background re-check; the page stays usable. A failure purges the session.',
          initial: 'admin',
          states: {
            admin: {
              description: "The admin's token is checked in the background.",
              invoke: {
                id: 'checkAdmin',
                src: 'checkAdmin',
                onDone: {
                  target: '#session.signedIn.idle',
                  description: "Still valid: the admin's record is refreshed.",
                  actions: { type: 'setAdmin', params: ({ event }) => event.output },
                },
                onError: [
                  {
                    guard: 'serverUnreachable',
                    target: '#session.signedIn.idle',
                    description: 'No answer from the server (offline): the session stays; the next navigation checks again.',
                  },
                  {
                    target: '#session.signedOut',
                    description: 'The token was refused: the session ends.',
                    actions: ['clearSession', { type: 'setFailure', params: ({ event }) => ({ error: event.error }) }, 'clearToken'],
                  },
                ],
              },
            },
            user: {
              description: "The end user's token is checked in the background.",
              invoke: {
                id: 'checkUser',
                src: 'checkUser',
                onDone: {
                  target: '#session.signedIn.idle',
                  description: "Still valid: the end user's record is refreshed.",
                  actions: { type: 'setUser', params: ({ event }) => event.output },
                },
                onError: [
                  {
                    guard: 'serverUnreachable',
                    target: '#session.signedIn.idle',
                    description: 'No answer from the server (offline): the session stays; the next navigation checks again.',
                  },
                  {
                    target: '#session.signedOut',
                    description: 'The token was refused: the session ends.',
                    actions: ['clearSession', { type: 'setFailure', params: ({ event }) => ({ error: event.error }) }, 'clearToken'],
                  },
                ],
              },
            },
          },
        },
      },
    },
    signingOut: {
      description: 'Tells the server; the session is cleared whatever it answers.',
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ identity: context.identity }),
        onDone: { target: 'signedOut', description: 'Signed out.', actions: ['clearSession', 'clearErrors', 'clearToken'] },
        onError: {
          target: 'signedOut',
          description: 'Logout clears the session even if the server call fails.',
          actions: ['clearSession', 'clearErrors', 'clearToken'],
        },
      },
    },
  },
})

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/** An administrator is signed in (also while the token is being re-checked). */
export const isAdmin = (s: SessionSnapshot) => s.matches('signedIn') && s.context.identity === 'admin'
/** An end user is signed in. */
export const isUser = (s: SessionSnapshot) => s.matches('signedIn') && s.context.identity === 'user'
/** Nobody is signed in and nothing is pending. */
export const isGuest = (s: SessionSnapshot) => s.matches('signedOut')
/** A blocking call is under way (start-up check, sign-in, registration, sign-out); not the background re-check. */
export const isBusy = (s: SessionSnapshot) =>
  s.matches('restoring') || s.matches('verifying') || s.matches('signingIn') || s.matches('registering') || s.matches('signingOut')
