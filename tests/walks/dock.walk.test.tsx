import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { screens } from '../../src/contract/screens'
import { dockMachine } from '../../src/machines/dock'
import { renderApp, type App } from './app'
import { accountMenu, pathname, shown } from './auth-ui'
import { createNetwork } from './network'
import { walk, type Surface } from './walk'

/**
 * dock walked through the whole app for a signed-in admin: "Flows panel" ticked in the account menu
 * docks QA's Flows panel under the screen (its chart list shown, the screen still there above it);
 * the panel stays when the admin moves to another screen; unticking it in the menu, or its close
 * button, puts it away.
 */

const net = createNetwork()
type Ui = { app: App }

const dock = () => screen.queryByTestId('tool-dock')
const panelName = () => shown().flows.panel

/**
 * Opens the account menu and presses the "Flows panel" entry, as a pointer does; the entry shows
 * whether the panel is docked (its tick) before it is pressed.
 */
async function pressFlowsEntry(ticked: boolean) {
  const trigger = await screen.findByTestId('account-menu')
  console.log('BEFORE', trigger.getAttribute('aria-expanded'), trigger.getAttribute('data-state'))
  fireEvent.click(trigger)
  console.log(
    'AFTER',
    trigger.getAttribute('aria-expanded'),
    document.querySelectorAll('[role=menuitemcheckbox]').length,
    [...document.querySelectorAll('[role=menu]')].map((m) => m.outerHTML.slice(0, 200)),
  )
  const entry = await screen.findByRole('menuitemcheckbox', { name: panelName() })
  expect(entry.getAttribute('aria-checked')).toBe(String(ticked))
  fireEvent.pointerDown(entry, { pointerType: 'mouse' })
  await waitFor(() => {
    if (entry.getAttribute('data-highlighted') === null) throw new Error('the menu item is not highlighted yet')
  })
  fireEvent.click(entry)
}

const surface: Surface<Ui> = {
  name: 'a signed-in admin on the profile',
  events: [{ type: 'dock.open', tool: 'flows' }, { type: 'dock.close' }],
  // the entry is a tick: pressed while the panel is docked, it closes it
  when: (s, e) => !(e.type === 'dock.open' && s.matches('open')),
  start: async () => {
    net.install()
    net.reset()
    const app = renderApp(net, screens.profile)
    await waitFor(() => expect(accountMenu()).toBeTruthy(), { timeout: 30_000 })
    return { app }
  },
  stop: ({ app }) => {
    app.stop()
    net.uninstall()
  },
}

walk<Ui>({
  name: 'dock',
  machine: dockMachine,
  surfaces: [surface],
  perform: {
    'dock.open': () => pressFlowsEntry(false),
    // the panel's own close button (unticking it in the account menu closes it too: in jsdom the menu
    // does not open a second time after a tick, as it does in a browser, so tests/e2e/flows.test.ts
    // unticks it)
    'dock.close': () => fireEvent.click(within(dock()!).getByRole('button', { name: shown().actions.close })),
  },
  states: {
    closed: () => expect(dock()).toBeNull(),
    open: async ({ ui }) => {
      const panel = await waitFor(() => screen.getByRole('region', { name: panelName() }))
      // the Flows panel itself: its list of charts, with this tab's own charts among them
      await waitFor(() => expect(within(panel).getByRole('button', { name: 'crudForm' })).toBeTruthy(), { timeout: 10_000 })
      // the screen is still there above it, and the panel stays on another screen
      expect(screen.getByTestId('account-menu')).toBeTruthy()
      const from = pathname(ui.app)
      await ui.app.router.navigate(from === screens.profile ? screens.dashboard : screens.profile)
      await waitFor(() => expect(pathname(ui.app)).not.toBe(from))
      expect(screen.getByRole('region', { name: panelName() })).toBe(panel)
    },
  },
})
