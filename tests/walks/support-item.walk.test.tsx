import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import {
  companyRequestsResource,
  shippingIssuesResource,
  supportScreens,
  type CompanyRequest,
  type ShippingIssue,
} from '../../src/contract/support'
import type { SupportKind, SupportStatus } from '../../src/domain/support'
import { supportItemMachine } from '../../src/machines/support-item'
import { formatDateTime, formatDateTimeShort } from '../../src/views/shared/format'
import { admin, renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk, type Surface, type WalkContext } from './walk'

/**
 * supportItem (DOMAIN.md "Support") walked through the app: the view of a shipping issue and of a
 * shipping company request (`?kind=company`), and their rows in the two support lists. Each item
 * starts where its record stands; "Mark as resolved" / "Activate" is answered by the network as the
 * server would: this call did it (`apply`), someone did it first (`noop`, the message names who), or
 * a refusal (a missing record, a missing permission) whose message is shown while the item stays open.
 */

const net = createNetwork()
type Where = 'view' | 'list'
type Ui = { app: App; net: Network; where: Where; kind: SupportKind }
type Ctx = WalkContext<Ui>
type S = ReturnType<typeof supportItemMachine.getInitialSnapshot>

const LOADED = '2026-11-20T08:00:00.000Z'
const EARLIER = '2026-11-20T07:45:00.000Z'
const NOW = '2026-11-20T09:13:00.000Z'
const OTHER = 'Sara Admin'

const issue = (resolvedBy: string | null = null, at: string | null = null): ShippingIssue => ({
  id: 5,
  shipmentId: 'SHP-20265',
  orderId: 5005,
  orderNumber: 'ORD-10455',
  trackingNumber: 'TRK7730085',
  tenant: 'Oud House',
  tenantId: 102,
  issue: 'Package arrived damaged',
  resolved: resolvedBy !== null,
  resolveAt: at,
  resolved_by: resolvedBy,
  version: resolvedBy === null ? 1 : 2,
  created_at: LOADED,
  updated_at: at ?? LOADED,
})

const request = (activatedBy: string | null = null, at: string | null = null): CompanyRequest => ({
  id: 9,
  tenant: 'Tech Corner',
  tenantId: 104,
  company_name: 'DHL Express',
  contact_phone: '800124000',
  activated: activatedBy !== null,
  activatedAt: at,
  activated_by: activatedBy,
  version: activatedBy === null ? 1 : 2,
  created_at: LOADED,
  updated_at: at ?? LOADED,
})

/** The record as the (fake) server holds it now: a view or a list reads it, an action changes it. */
const server: { issue: ShippingIssue; request: CompanyRequest } = { issue: issue(), request: request() }

const page = (row: unknown) => ({ data: [row], total: 1, page: 1, rowsPerPage: 10, pagesCount: 1 })
net.auto({ method: 'GET', path: `${shippingIssuesResource.path}/5` }, () => ok({ item: server.issue }))
net.auto({ method: 'GET', path: `${companyRequestsResource.path}/9` }, () => ok({ item: server.request }))
net.auto({ method: 'GET', path: shippingIssuesResource.path }, () => ok({ [shippingIssuesResource.name]: page(server.issue) }))
net.auto({ method: 'GET', path: companyRequestsResource.path }, () => ok({ [companyRequestsResource.name]: page(server.request) }))

const text = {
  shippingIssue: {
    action: 'Mark as resolved',
    pending: 'Resolving…',
    open: 'Not resolved',
    done: 'Resolved',
    at: 'Resolved at',
    by: 'Resolved by',
    applied: 'The issue was marked as resolved.',
    already: `This issue had already been resolved by ${OTHER}; nothing was changed.`,
    put: `${shippingIssuesResource.path}/resolve/5`,
    name: 'ORD-10455',
  },
  companyRequest: {
    action: 'Activate',
    pending: 'Activating…',
    open: 'Not activated',
    done: 'Activated',
    at: 'Activated at',
    by: 'Activated by',
    applied: 'The shipping company was activated.',
    already: `This request had already been activated by ${OTHER}; nothing was changed.`,
    put: `${companyRequestsResource.path}/activate/9`,
    name: 'DHL Express',
  },
} as const

const missing = { status: 404, message: 'This record does not exist.', errors: {} }
const forbidden = { status: 403, message: 'You are not allowed to do this.', errors: {} }

const eventsOf = (actor: 'resolve' | 'activate', kind: SupportKind): AnyEventObject[] => [
  { type: `support.${actor}` },
  { type: 'support.dismiss' },
  { type: `xstate.done.actor.${actor}`, output: { message: text[kind].applied, outcome: 'apply' } },
  { type: `xstate.done.actor.${actor}`, output: { message: text[kind].already, outcome: 'noop' } },
  { type: `xstate.error.actor.${actor}`, error: missing },
  { type: `xstate.error.actor.${actor}`, error: forbidden },
]

/** What the screen offers: the action while no failure dialog covers it, "Try again!" while one is open. */
const offered = (s: S, e: AnyEventObject) => {
  if (e.type === 'support.dismiss') return s.context.failure !== null
  if (e.type === 'support.resolve' || e.type === 'support.activate') return s.context.failure === null
  return true
}
const vertex = (s: S) => s.context.failure?.status ?? null

/** Where the item is shown: the view's card or its row in the list (also while a dialog covers it). */
const scope = ({ ui }: Ctx) => {
  const name = new RegExp(text[ui.kind].name)
  return within(ui.where === 'view' ? screen.getByRole('region', { name, hidden: true }) : screen.getByRole('row', { name, hidden: true }))
}
const actionButton = (ctx: Ctx) =>
  scope(ctx).queryByRole('button', {
    name: ctx.ui.where === 'view' ? text[ctx.ui.kind].action : `${text[ctx.ui.kind].action} ${text[ctx.ui.kind].name}`,
    hidden: true,
  })
/** The action while it is sent: busy, saying so (a row's button keeps its row's name). */
const pendingButton = (ctx: Ctx) => {
  const busy = scope(ctx)
    .queryAllByRole('button', { hidden: true })
    .find((b) => b.getAttribute('aria-busy') === 'true')
  if (busy) expect(busy.textContent).toContain(text[ctx.ui.kind].pending)
  return busy ?? null
}
const badge = (ctx: Ctx, label: string) => scope(ctx).queryByText(label, { exact: true })

/** The item is open on screen and its action is offered (not busy). */
const isOpen = (ctx: Ctx) => {
  expect(badge(ctx, text[ctx.ui.kind].open)).toBeTruthy()
  expect(badge(ctx, text[ctx.ui.kind].done)).toBeNull()
  const button = actionButton(ctx) as HTMLButtonElement | null
  expect(button).toBeTruthy()
  expect(button!.getAttribute('aria-busy')).toBeNull()
}

/** Done on screen: the state, when and by whom (the view; the list shows when), and no action. */
const isDone = (ctx: Ctx, by: string, at: string) => {
  const t = text[ctx.ui.kind]
  expect(actionButton(ctx)).toBeNull()
  expect(pendingButton(ctx)).toBeNull()
  expect(badge(ctx, t.done)).toBeTruthy()
  if (ctx.ui.where === 'view') {
    expect(scope(ctx).getByText(t.at).nextElementSibling?.textContent).toBe(formatDateTime(at, 'en'))
    expect(scope(ctx).getByText(t.by).nextElementSibling?.textContent).toBe(by)
  } else {
    const shown = formatDateTimeShort(at, 'en').join(' ')
    expect(scope(ctx).getByText((_, el) => el?.tagName === 'TIME' && el.textContent === shown)).toBeTruthy()
  }
}

const toast = (message: string) => screen.getByText(message).closest('[data-type]')?.getAttribute('data-type')
const failureDialog = () => screen.queryByRole('alertdialog')

const surface = (where: Where, kind: SupportKind, status: SupportStatus): Surface<Ui> => {
  const company = kind === 'companyRequest'
  const resource = company ? companyRequestsResource : shippingIssuesResource
  const path =
    where === 'view'
      ? company
        ? `${supportScreens.view(9)}?kind=company`
        : supportScreens.view(5)
      : company
        ? supportScreens.companyRequestsList
        : supportScreens.shippingList
  const done = status === 'resolved' || status === 'activated'
  return {
    name: `${where === 'view' ? 'the view of' : 'the list row of'} ${company ? 'a company request' : 'a shipping issue'}, ${done ? 'done' : 'open'}`,
    input: { kind, status, path: resource.path, id: company ? 9 : 5 },
    events: eventsOf(company ? 'activate' : 'resolve', kind),
    when: offered,
    vertex,
    start: () => {
      net.install()
      net.reset()
      server.issue = done ? issue(OTHER, EARLIER) : issue()
      server.request = done ? request(OTHER, EARLIER) : request()
      const app = renderApp(net, path, { before: [company ? supportScreens.companyRequestsList : supportScreens.shippingList] })
      return { app, net, where, kind }
    },
    stop: ({ app }) => {
      app.stop()
      net.uninstall()
    },
  }
}

/** The server's answer to the action: the record as it now stands, and what this call did. */
const answerDone = async ({ ui, event }: Ctx) => {
  const out = event.output as { message: string; outcome: 'apply' | 'noop' }
  const [by, at] = out.outcome === 'apply' ? [admin.name, NOW] : [OTHER, EARLIER]
  if (ui.kind === 'shippingIssue') server.issue = issue(by, at)
  else server.request = request(by, at)
  const item = ui.kind === 'shippingIssue' ? server.issue : server.request
  await ui.net.answer({ method: 'PUT', path: text[ui.kind].put }, ok({ item, outcome: out.outcome }, out.message))
}
const answerFailed = ({ ui, event }: Ctx) => {
  const e = event.error as typeof missing
  return ui.net.answer({ method: 'PUT', path: text[ui.kind].put }, failed(e.status, e.message))
}
const act = (ctx: Ctx) => {
  const button = actionButton(ctx)
  if (!button) throw new Error(`no ${text[ctx.ui.kind].action} button`)
  fireEvent.click(button)
}

walk<Ui>({
  name: 'supportItem',
  machine: supportItemMachine,
  timeout: 8000,
  surfaces: [
    surface('view', 'shippingIssue', 'notResolved'),
    surface('view', 'shippingIssue', 'resolved'),
    surface('view', 'companyRequest', 'notActivated'),
    surface('view', 'companyRequest', 'activated'),
    surface('list', 'shippingIssue', 'notResolved'),
    surface('list', 'companyRequest', 'notActivated'),
  ],
  perform: {
    'support.resolve': act,
    'support.activate': act,
    'xstate.done.actor.resolve': answerDone,
    'xstate.done.actor.activate': answerDone,
    'xstate.error.actor.resolve': answerFailed,
    'xstate.error.actor.activate': answerFailed,
    'support.dismiss': async () => {
      const dialog = await screen.findByRole('alertdialog')
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Try again!' }))
    },
  },
  states: {
    'shippingIssue.notResolved': isOpen,
    'companyRequest.notActivated': isOpen,
    'shippingIssue.resolving': (ctx) => {
      expect(pendingButton(ctx)?.getAttribute('aria-busy')).toBe('true')
      expect(badge(ctx, text.shippingIssue.open)).toBeTruthy()
    },
    'companyRequest.activating': (ctx) => {
      expect(pendingButton(ctx)?.getAttribute('aria-busy')).toBe('true')
      expect(badge(ctx, text.companyRequest.open)).toBeTruthy()
    },
    // done here or before: the record says when and by whom, and nothing more is offered
    'shippingIssue.resolved': (ctx) => isDone(ctx, server.issue.resolved_by ?? '', server.issue.resolveAt ?? ''),
    'companyRequest.activated': (ctx) => isDone(ctx, server.request.activated_by ?? '', server.request.activatedAt ?? ''),
    '*': ({ actor }) => {
      // a failure is shown exactly while the chart holds one
      const failure = (actor().getSnapshot() as S).context.failure
      if (failure) expect(within(failureDialog()!).getByText(failure.message)).toBeTruthy()
      else expect(failureDialog()).toBeNull()
    },
  },
  after: {
    // the action goes to the server once, to the item's own address
    'support.resolve': async ({ ui }) => {
      await ui.net.next({ method: 'PUT', path: text.shippingIssue.put })
      expect(ui.net.waiting().filter((r) => r.method === 'PUT')).toHaveLength(1)
    },
    'support.activate': async ({ ui }) => {
      await ui.net.next({ method: 'PUT', path: text.companyRequest.put })
      expect(ui.net.waiting().filter((r) => r.method === 'PUT')).toHaveLength(1)
    },
    // this admin did it: a success toast, then the record shows when and by whom, and the button goes
    'xstate.done.actor.resolve': (ctx) => doneBy(ctx),
    'xstate.done.actor.activate': (ctx) => doneBy(ctx),
    // refused: the server's message, and the item stays open with its action
    'xstate.error.actor.resolve': (ctx) => refused(ctx),
    'xstate.error.actor.activate': (ctx) => refused(ctx),
    'support.dismiss': (ctx) => {
      expect(failureDialog()).toBeNull()
      isOpen(ctx)
    },
  },
})

function doneBy(ctx: Ctx) {
  const out = ctx.event.output as { message: string; outcome: 'apply' | 'noop' }
  const t = text[ctx.ui.kind]
  if (out.outcome === 'apply') {
    expect(toast(t.applied)).toBe('success')
    isDone(ctx, admin.name, NOW)
  } else {
    // someone did it first: said as information, naming who; the record shows their time and name
    expect(toast(t.already)).toBe('info')
    expect(screen.getByText(t.already).textContent).toContain(OTHER)
    isDone(ctx, OTHER, EARLIER)
  }
}

function refused(ctx: Ctx) {
  const e = ctx.event.error as typeof missing
  expect(within(failureDialog()!).getByText(e.message)).toBeTruthy()
  expect(badge(ctx, text[ctx.ui.kind].open)).toBeTruthy()
  expect(actionButton(ctx)).toBeTruthy()
}
