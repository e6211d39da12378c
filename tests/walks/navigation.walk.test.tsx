import { fireEvent, screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import type { SimulatedClock } from 'xstate'
import type { User } from '../../src/contract/auth'
import { TOKEN_STORAGE_KEY } from '../../src/contract/common'
import { screens } from '../../src/contract/screens'
import { actorOptions } from '../../src/machines/runtime'
import { navigationMachine } from '../../src/machines/navigation'
import { IDENTITY_STORAGE_KEY } from '../../src/machines/session'
import { renderApp, type App } from './app'
import { accountMenu, go, pathname, signInForm } from './auth-ui'
import { createNetwork, ok } from './network'
import { walk, type Surface } from './walk'

/**
 * navigation (spec section 2, "On every navigation") walked through the whole app for a signed-in
 * admin, a guest and an end user: each navigation (Back and Forward in the browser's history, with
 * the admin's menu panel open) resets the layout, asks for the verification of the identity that is
 * signed in (the admin's "me" for an admin, the end user's for an end user, none for a guest), and
 * scrolls to the top 100 ms later on the walk's clock; a navigation during the wait restarts it.
 */

const net = createNetwork()
type Who = 'admin' | 'guest' | 'user'
/** Requests and scrolls before the step, and which way through the history it went. */
type Mark = { seen: number; scrolls: number; path: string }
/** `elapsed`: time on the walk's clock since the last navigation. */
type Ui = { app: App; who: Who; mark: Mark; elapsed: number }

const user: User = { id: 7, name: 'Vendor', email: 'vendor@example.com', phone: null, locale: 'en', is_active: true }
const AFTER = 'xstate.after.scrollDelay.navigation.settling'
const SCROLL_DELAY = 100
/** Time passing in the wait before and after a second navigation: together more than the delay. */
const RESTART = 60

/** The two screens each one moves between with Back and Forward. */
const pages: Record<Who, [string, string]> = {
  admin: [screens.profile, screens.dashboard],
  guest: [screens.forgetPassword, screens.signIn],
  user: [screens.forgetPassword, screens.signIn],
}

const menuButton = () => screen.queryByTestId('nav-menu-button')
const mark = (ui: Ui) => (ui.mark = { seen: net.seen.length, scrolls: ui.app.platform.scrolls, path: pathname(ui.app) })
const checksSince = (ui: Ui) => net.seen.slice(ui.mark.seen).filter((r) => r.path.endsWith('auth/me'))

const surface = (who: Who, name: string): Surface<Ui> => ({
  name,
  events: [{ type: 'nav.changed', path: '/somewhere' }, { type: AFTER }],
  start: async () => {
    net.install()
    net.reset()
    if (who === 'user') {
      localStorage.setItem(TOKEN_STORAGE_KEY, 'user-token')
      localStorage.setItem(IDENTITY_STORAGE_KEY, 'user')
      net.auto({ method: 'GET', path: 'user/auth/me' }, () => ok({ user }))
    }
    const [back, here] = pages[who]
    const app = renderApp(net, here, { before: [back], signedIn: who === 'admin' })
    const ui: Ui = { app, who, mark: { seen: 0, scrolls: 0, path: here }, elapsed: 0 }
    // the first page is a navigation too: once its screen is up, its scroll happens on the walk's clock
    const clock = actorOptions().clock as SimulatedClock
    await waitFor(() => expect(who === 'admin' ? screen.queryByTestId('welcome') : signInForm()).toBeTruthy(), { timeout: 30_000 })
    // the sign-in screen shows while an end user's stored token is still being checked: a navigation
    // then asks for no second check (the start-up one answers it), so the walk starts once it is done
    await waitFor(() => expect(app.root.session.getSnapshot().matches(who === 'guest' ? 'signedOut' : 'signedIn')).toBe(true), {
      timeout: 30_000,
    })
    // (the first page may have settled before its screen shows, or start settling just after: its one
    // scroll is what counts, whenever its wait begins)
    await waitFor(
      () => {
        if (app.root.navigation.getSnapshot().value === 'settling') clock.increment(SCROLL_DELAY)
        expect(app.root.navigation.getSnapshot().value).toBe('idle')
      },
      { timeout: 30_000 },
    )
    expect(app.platform.scrolls).toBe(1)
    return ui
  },
  stop: ({ app }) => {
    app.stop()
    net.uninstall()
  },
})

walk<Ui>({
  name: 'navigation',
  machine: navigationMachine,
  surfaces: [
    surface('admin', 'a signed-in admin on the dashboard'),
    surface('guest', 'a guest at the sign-in screen'),
    surface('user', 'a signed-in end user at the sign-in screen'),
  ],
  perform: {
    'nav.changed': async ({ ui, clock, actor }) => {
      const waiting = actor().getSnapshot().matches('settling')
      // a navigation during the wait: part of it has passed
      if (waiting) clock.increment(RESTART)
      // the admin's menu panel is open when the admin goes Back (or Forward)
      if (ui.who === 'admin') {
        fireEvent.click(menuButton()!)
        expect(menuButton()?.getAttribute('aria-expanded')).toBe('true')
      }
      mark(ui)
      const [back] = pages[ui.who]
      await go(ui.app, pathname(ui.app) === back ? 1 : -1)
      ui.elapsed = 0
      // the wait restarted: more than 100 ms after the first navigation, the page has not scrolled yet
      if (waiting) {
        clock.increment(RESTART)
        ui.elapsed = RESTART
      }
    },
    [AFTER]: ({ ui, clock }) => {
      mark(ui)
      clock.increment(SCROLL_DELAY - 1 - ui.elapsed)
      expect(ui.app.platform.scrolls).toBe(ui.mark.scrolls)
      clock.increment(1)
      ui.elapsed = 0
    },
  },
  states: {
    // whatever the state, the page shown is the one at the address, with the default layout
    '*': ({ ui }) => {
      if (ui.who === 'admin') {
        expect(accountMenu()).toBeTruthy()
        expect(menuButton()?.getAttribute('aria-expanded')).toBe('false')
      } else if (pathname(ui.app) === screens.signIn) expect(signInForm()).toBeTruthy()
    },
    settling: ({ ui }) => expect(ui.app.platform.scrolls).toBe(ui.mark.scrolls),
  },
  after: {
    'nav.changed': ({ ui }) => {
      expect(pathname(ui.app)).not.toBe(ui.mark.path)
      // the layout is reset: the menu panel closed
      if (ui.who === 'admin') expect(menuButton()?.getAttribute('aria-expanded')).toBe('false')
      // the verification of who is signed in: the admin one, the general (end user) one, none for a guest
      const expected = { admin: ['admin-panal/auth/me'], user: ['user/auth/me'], guest: [] }[ui.who]
      expect(checksSince(ui).map((r) => r.path)).toEqual(expected)
      // the scroll comes later
      expect(ui.app.platform.scrolls).toBe(ui.mark.scrolls)
    },
    [AFTER]: ({ ui }) => expect(ui.app.platform.scrolls).toBe(ui.mark.scrolls + 1),
  },
})
