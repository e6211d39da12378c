import { fireEvent, screen } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import {
  referralGroupsPaths,
  referralGroupsResource,
  referralGroupsScreens,
  type GroupVendor,
  type ReferralGroup,
} from '../../src/contract/referral-code-groups'
import { groupVendorsMachine } from '../../src/machines/group-vendors'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk } from './walk'

/**
 * groupVendors walked through a referral code group's view: the codes typed go to the server in one
 * PUT; once added, the message says so, the field is emptied and the group's vendors are listed
 * again; a code of no vendor is said on the field with the codes kept; an unreachable server is said
 * too. The form refuses an empty field or a code that is not letters and digits before any request.
 */

const net = createNetwork()
type Ui = { app: App; net: Network }
type S = ReturnType<typeof groupVendorsMachine.getInitialSnapshot>

const GROUP = 4
const PUT = referralGroupsPaths.vendors(GROUP)
const addedMessage = 'The vendors were added to the group.'
const unknownCode = 'No vendor has this referral code'
const codes = 'qasim49, NOURA12'

const group: ReferralGroup = {
  id: GROUP,
  name: 'Gold sellers',
  percentage: 7.5,
  number_of_months: 6,
  is_default: false,
  is_active: true,
  vendors_count: 0,
  version: 1,
  created_at: '2026-10-01T08:00:00.000Z',
  updated_at: '2026-10-01T08:00:00.000Z',
  translations: [
    { locale: 'ar', name: 'البائعون الذهبيون' },
    { locale: 'en', name: 'Gold sellers' },
  ],
}
const moved: GroupVendor = {
  id: 49,
  store_name: 'Qassim Dates',
  referral_code: 'QASIM49',
  status: 'active',
  referred_count: 2,
  joined_at: '2026-11-20T09:00:00.000Z',
}
const server = { vendors: [] as GroupVendor[] }
const page = (rows: unknown[]) => ({ data: rows, total: rows.length, page: 1, rowsPerPage: 15, pagesCount: 1, total_is_estimate: false })
net.auto({ method: 'GET', path: `${referralGroupsResource.path}/${GROUP}` }, () => ok({ item: group }))
net.auto({ method: 'GET', path: PUT }, () => ok({ vendors: page(server.vendors) }))

const events: AnyEventObject[] = [
  { type: 'group.add' },
  { type: 'xstate.done.actor.add', output: { moved: 2, message: addedMessage } },
  {
    type: 'xstate.error.actor.add',
    error: { status: 422, message: 'Some fields need your attention.', errors: { referral_codes: [unknownCode] } },
  },
  { type: 'xstate.error.actor.add', error: { status: 0, message: '', errors: {} } },
]

const codesField = () => screen.getByLabelText(/^Referral codes of the vendors/) as HTMLInputElement
const addButton = () => screen.queryByRole('button', { name: /Add to the group|Adding…/, hidden: true })

walk<Ui>({
  name: 'groupVendors',
  machine: groupVendorsMachine,
  timeout: 8000,
  surfaces: [
    {
      name: "a referral code group's view",
      input: { groupId: GROUP },
      events,
      vertex: (s) => [(s as S).context.failure?.status ?? null, (s as S).context.message !== null],
      start: () => {
        net.install()
        net.reset()
        server.vendors = []
        const app = renderApp(net, referralGroupsScreens.view(GROUP), { before: [referralGroupsScreens.list] })
        return { app, net }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'group.add': async () => {
      await screen.findByRole('button', { name: 'Add to the group' })
      // nothing typed, then a code with a sign in it: refused by the form, nothing sent
      fireEvent.change(codesField(), { target: { value: '' } })
      fireEvent.click(screen.getByRole('button', { name: 'Add to the group' }))
      expect(await screen.findByText('Required Field')).toBeTruthy()
      fireEvent.change(codesField(), { target: { value: 'QASIM-49' } })
      fireEvent.click(screen.getByRole('button', { name: 'Add to the group' }))
      expect(await screen.findByText('A referral code is letters (A-Z) and digits only')).toBeTruthy()
      fireEvent.change(codesField(), { target: { value: codes } })
      fireEvent.click(screen.getByRole('button', { name: 'Add to the group' }))
    },
    'xstate.done.actor.add': async ({ ui }) => {
      server.vendors = [moved]
      await ui.net.answer({ method: 'PUT', path: PUT }, ok({ moved: 2 }, addedMessage))
    },
    'xstate.error.actor.add': async ({ ui, event }) => {
      const e = event.error as { status: number; message: string; errors: Record<string, string[]> }
      await ui.net.answer({ method: 'PUT', path: PUT }, e.status === 0 ? { unreachable: true } : failed(e.status, e.message, e.errors))
    },
  },
  states: {
    editing: ({ actor }) => {
      const s = actor().getSnapshot() as S
      expect(addButton()?.textContent).toBe('Add to the group')
      if (s.context.message) {
        expect(screen.getByText(addedMessage)).toBeTruthy()
        expect(codesField().value).toBe('')
        expect(screen.getByRole('link', { name: 'Qassim Dates', hidden: true })).toBeTruthy()
      }
      if (s.context.failure?.status === 422) {
        expect(screen.getByText(unknownCode)).toBeTruthy()
        expect(codesField().getAttribute('aria-invalid')).toBe('true')
        expect(codesField().value).toBe(codes)
      }
      if (s.context.failure?.status === 0) {
        expect(screen.getByRole('alert').textContent).toMatch(/cannot be reached|went wrong/)
        expect(codesField().value).toBe(codes)
      }
    },
    adding: () => {
      expect(addButton()?.getAttribute('aria-busy')).toBe('true')
      expect(addButton()?.textContent).toBe('Adding…')
    },
  },
  after: {
    // one PUT with the codes typed, in upper or lower case as typed (the server compares without case)
    'group.add': async ({ ui }) => {
      const request = await ui.net.next({ method: 'PUT', path: PUT })
      expect(request.body).toEqual({ referral_codes: ['qasim49', 'NOURA12'] })
    },
  },
})
