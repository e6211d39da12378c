import { assign, setup } from 'xstate'
import type { Identity } from './session'

/** Which authentication check a navigation asks for (spec section 2). */
export type Verification = 'admin' | 'general'

export type NavigationContext = { path: string | null; verification: Verification }
export type NavigationInput = { identity?: Identity | null } | undefined
export type NavigationEvent =
  | { type: 'nav.changed'; path: string }
  | { type: 'nav.identityChanged'; identity: Identity | null }

export type VerifyAuthParams = { verification: Verification }

const verificationOf = (identity: Identity | null | undefined): Verification => (identity === 'admin' ? 'admin' : 'general')

/**
 * On every navigation: reset the layout, verify authentication, scroll to the top 100 ms later.
 * The app provides `resetLayout`, `verifyAuth` (sends `session.verify`) and `scrollToTop`, and
 * forwards the session's identity with `nav.identityChanged`.
 */
export const navigationMachine = setup({
  types: {
    context: {} as NavigationContext,
    events: {} as NavigationEvent,
    input: {} as NavigationInput,
  },
  actions: {
    resetLayout: () => {},
    verifyAuth: (_, _params: VerifyAuthParams) => {},
    scrollToTop: () => {},
    setPath: assign((_, params: { path: string }) => ({ path: params.path })),
    setIdentity: assign((_, params: { identity: Identity | null }) => ({ verification: verificationOf(params.identity) })),
  },
  delays: { scrollDelay: 100 },
}).createMachine({
  id: 'navigation',
  context: ({ input }) => ({ path: null, verification: verificationOf(input?.identity) }),
  initial: 'idle',
  on: {
    'nav.identityChanged': { actions: { type: 'setIdentity', params: ({ event }) => event } },
  },
  states: {
    idle: {
      description: 'The page is at rest.',
      on: {
        'nav.changed': {
          target: 'settling',
          actions: [
            { type: 'setPath', params: ({ event }) => event },
            'resetLayout',
            { type: 'verifyAuth', params: ({ context }) => ({ verification: context.verification }) },
          ],
        },
      },
    },
    settling: {
      description: 'A navigation happened: the layout is reset and auth verified; scrolls to the top after 100 ms.',
      after: { scrollDelay: { target: 'idle', actions: 'scrollToTop' } },
      on: {
        'nav.changed': {
          target: 'settling',
          reenter: true,
          description: 'Another navigation during the wait restarts it.',
          actions: [
            { type: 'setPath', params: ({ event }) => event },
            'resetLayout',
            { type: 'verifyAuth', params: ({ context }) => ({ verification: context.verification }) },
          ],
        },
      },
    },
  },
})

export type NavigationMachine = typeof navigationMachine
