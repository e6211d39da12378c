import { assign, setup } from 'xstate'

export type NavigationContext = { path: string | null }
export type NavigationEvent = { type: 'nav.changed'; path: string }

/**
 * On every navigation: reset the layout, verify authentication, scroll to the top 100 ms later
 * (spec section 2). The app provides `resetLayout`, `verifyAuth` and `scrollToTop`. `verifyAuth`
 * asks the session chart to verify: it knows who is current, so it makes the admin verification
 * when an admin is signed in and the general (end-user) one otherwise; a guest has nothing to verify.
 */
export const navigationMachine = setup({
  types: {
    context: {} as NavigationContext,
    events: {} as NavigationEvent,
  },
  actions: {
    resetLayout: () => {},
    verifyAuth: () => {},
    scrollToTop: () => {},
    setPath: assign((_, params: { path: string }) => ({ path: params.path })),
  },
  delays: { scrollDelay: 100 },
}).createMachine({
  id: 'navigation',
  description: 'What every navigation does: reset the layout, verify the session, then scroll to the top.',
  context: { path: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The page is at rest.',
      on: {
        'nav.changed': {
          target: 'settling',
          description: 'The address changed: the layout is reset and the session verified.',
          actions: [{ type: 'setPath', params: ({ event }) => event }, 'resetLayout', 'verifyAuth'],
        },
      },
    },
    settling: {
      description: 'A navigation happened: the layout is reset and auth verified; scrolls to the top after 100 ms.',
      after: { scrollDelay: { target: 'idle', description: 'After 100 ms the page scrolls to the top.', actions: 'scrollToTop' } },
      on: {
        'nav.changed': {
          target: 'settling',
          reenter: true,
          description: 'Another navigation during the wait restarts it.',
          actions: [{ type: 'setPath', params: ({ event }) => event }, 'resetLayout', 'verifyAuth'],
        },
      },
    },
  },
})
