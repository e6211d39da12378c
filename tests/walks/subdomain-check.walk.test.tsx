import { fireEvent, screen } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { vendorsPaths, vendorsScreens } from '../../src/contract/vendors'
import { subdomainCheckMachine } from '../../src/machines/subdomain-check'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk } from './walk'

/**
 * subdomainCheck walked through the vendor form: typing waits for a pause (300 ms on the walk's
 * clock) before the server is asked; its answer shows "Available" or the reason under the field; an
 * emptied box or a failed check says nothing.
 */

const net = createNetwork()
type Ui = { app: App; net: Network }
type S = ReturnType<typeof subdomainCheckMachine.getInitialSnapshot>

const FREE = 'fresh-shop'
const RESERVED = 'www'
const reason = 'This subdomain is reserved.'
const AFTER = 'xstate.after.pause.subdomainCheck.waiting'

const events: AnyEventObject[] = [
  { type: 'subdomain.typed', value: FREE },
  { type: 'subdomain.typed', value: RESERVED },
  { type: 'subdomain.typed', value: '' },
  { type: AFTER },
  { type: 'xstate.done.actor.check', output: { available: true, reason: null } },
  { type: 'xstate.done.actor.check', output: { available: false, reason } },
  { type: 'xstate.error.actor.check', error: { status: 0, message: '', errors: {} } },
]

/** A box changes only to another value; the server answers for the value asked. */
const offered = (s: S, e: AnyEventObject) => {
  if (e.type === 'subdomain.typed') return e.value !== s.context.value
  if (e.type === 'xstate.done.actor.check') return (e.output as { available: boolean }).available === (s.context.value === FREE)
  return true
}

const field = () => screen.getByLabelText(/Subdomain/) as HTMLInputElement
const helper = () => field().parentElement?.textContent ?? ''

walk<Ui>({
  name: 'subdomainCheck',
  machine: subdomainCheckMachine,
  timeout: 8000,
  surfaces: [
    {
      name: 'the new vendor form',
      input: { exceptId: null },
      events,
      when: offered,
      vertex: (s) => (s as S).context.value,
      start: () => {
        net.install()
        net.reset()
        return { app: renderApp(net, vendorsScreens.create, { before: [vendorsScreens.list] }), net }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'subdomain.typed': ({ event }) => {
      fireEvent.change(field(), { target: { value: event.value as string } })
    },
    'xstate.done.actor.check': ({ ui, event }) => ui.net.answer({ method: 'GET', path: vendorsPaths.subdomain }, ok(event.output)),
    'xstate.error.actor.check': ({ ui }) => ui.net.answer({ method: 'GET', path: vendorsPaths.subdomain }, failed(500)),
  },
  states: {
    idle: () => {
      expect(helper()).toContain('Lowercase letters, digits and hyphens')
      expect(helper()).not.toContain(reason)
    },
    waiting: ({ ui }) => {
      expect(helper()).toContain('Checking…')
      // nothing is asked before the pause
      expect(ui.net.waiting().filter((r) => r.path === vendorsPaths.subdomain)).toHaveLength(0)
    },
    checking: () => expect(helper()).toContain('Checking…'),
    available: () => {
      expect(helper()).toContain('Available')
      expect(helper()).not.toContain(reason)
    },
    unavailable: () => expect(helper()).toContain(reason),
  },
  after: {
    // after the pause, one question about the value typed
    [AFTER]: async ({ ui, actor }) => {
      const request = await ui.net.next({ method: 'GET', path: vendorsPaths.subdomain })
      expect(request.query.get('subdomain')).toBe((actor().getSnapshot() as S).context.value)
      expect(request.query.get('except_id')).toBeNull()
    },
  },
})
