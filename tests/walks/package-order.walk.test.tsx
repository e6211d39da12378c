import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { packagesPaths, packagesResource, packagesScreens, type SubscriptionPackage } from '../../src/contract/packages'
import { packageOrderMachine, reordered, type OrderItem } from '../../src/machines/package-order'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Match, type Network } from './network'
import { walk, type Surface } from './walk'

/**
 * packageOrder walked through the packages list's "Display order" panel: the order loads (or
 * fails, with a retry), a package moves by its handle's keys (Home, End, the arrows; an arrow
 * past the end moves nothing and sends nothing) or by dragging it onto another row, the new order
 * shows at once with the handles held while it is saved as the whole order, the saved order is the
 * server's and the list reloads; a refused save (stale, server error, offline) puts the order back
 * and says why until closed.
 */

const net = createNetwork()
type Fail = { status: number; message: string }
type Ui = {
  app: App
  net: Network
  /** The order the panel must show (package ids, first first). */
  shown: number[]
  /** The order before the move being saved. */
  previous: number[]
  /** The failure message the panel must show, or null. */
  failure: string | null
  /** What the status line must say when nothing is being saved. */
  announced: string
  /** The list's GETs before the save was answered (a saved order reloads the list). */
  listLoads: number
  /** PUTs sent before the last move. */
  puts: number
  /** What the last move must have sent (null: it changed nothing, so nothing is sent). */
  sent: number[] | null
}
type S = ReturnType<typeof packageOrderMachine.getInitialSnapshot>

const packages: OrderItem[] = [
  { id: 1, title: 'Basic' },
  { id: 2, title: 'Pro' },
  { id: 3, title: 'Elite' },
]
const titleOf = (id: number) => packages.find((p) => p.id === id)!.title
const row = (item: OrderItem, index: number): SubscriptionPackage => ({
  id: item.id,
  title: item.title,
  short_description: `${item.title} plan`,
  description: null,
  price: 100 * (index + 1),
  subscription_type: 'MONTH',
  days: null,
  package_type: 'STANDARD',
  product_count: null,
  market_count: null,
  order_count: null,
  num_branches: null,
  num_orders: null,
  num_shared_apps: null,
  num_brands: null,
  added_price: null,
  whatsapp_free_conversations_count: null,
  whatsapp_sales_channel_usage: null,
  pickup_locations_count: null,
  users_count: null,
  shipping_companies_count: null,
  is_active: true,
  display_order: index,
  version: 1,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  translations: [],
})
const pageOf = (ids: number[]) => ({
  data: ids.map((id, index) => row({ id, title: titleOf(id) }, index)),
  total: ids.length,
  page: 1,
  rowsPerPage: 100,
  pagesCount: 1,
  total_is_estimate: false,
})

const isOrderLoad = (q: URLSearchParams) => q.get('sort_column') === 'display_order' && q.get('pageSize') === '100'
/** The panel's GET of every package in display order; the list's own GET is told apart by its query. */
const orderLoad: Match = { method: 'GET', path: packagesResource.path, query: isOrderLoad }
const listLoad: Match = { method: 'GET', path: packagesResource.path, query: (q) => !isOrderLoad(q) }
const save: Match = { method: 'PUT', path: packagesPaths.reorder }

const down: Fail = { status: 500, message: 'The server is down.' }
const stale: Fail = { status: 409, message: 'The packages changed meanwhile: reload the list and reorder again.' }
const offline: Fail = { status: 0, message: '' }
const GENERIC = 'Something went wrong. Please try again.'

type Via = 'Home' | 'End' | 'ArrowUp' | 'ArrowDown' | 'drag'
const move = (id: number, to: number, via: Via) => ({ type: 'order.moved', id, to, via })
/** Moves the walk makes, each offered only where its key (or drop target) gives that `to`. */
const moves = [
  move(3, 0, 'Home'),
  move(1, 2, 'End'),
  move(1, 1, 'ArrowDown'),
  // ArrowUp on the first row: nothing moves, nothing is sent
  move(1, -1, 'ArrowUp'),
  move(2, 0, 'drag'),
]
const permutations = (ids: number[]): number[][] =>
  ids.length <= 1 ? [ids] : ids.flatMap((id) => permutations(ids.filter((other) => other !== id)).map((rest) => [id, ...rest]))

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadOrder', output: packages },
  { type: 'xstate.error.actor.loadOrder', error: down },
  { type: 'xstate.error.actor.loadOrder', error: offline },
  { type: 'order.retry' },
  ...moves,
  // the server keeps the order sent (one answer per order the walk can send)
  ...permutations([1, 2, 3]).map((ids) => ({
    type: 'xstate.done.actor.saveOrder',
    output: { message: 'The order was saved.', items: ids.map((id) => ({ id, title: titleOf(id) })) },
  })),
  { type: 'xstate.error.actor.saveOrder', error: stale },
  { type: 'xstate.error.actor.saveOrder', error: down },
  { type: 'xstate.error.actor.saveOrder', error: offline },
  { type: 'order.dismiss' },
]

const ids = (items: readonly OrderItem[]) => items.map((item) => item.id)
const same = (a: number[], b: number[]) => JSON.stringify(a) === JSON.stringify(b)
/** Where a key on a row's handle sends it (as the panel computes it). */
const keyTarget = (via: Via, index: number, length: number) =>
  ({ Home: 0, End: length - 1, ArrowUp: index - 1, ArrowDown: index + 1, drag: undefined })[via]

/** What the panel offers: moves in `ready` only (the handles are held while saving), Close under a failure. */
const when = (s: S, e: AnyEventObject) => {
  switch (e.type) {
    case 'order.moved': {
      if (!s.matches('ready')) return false
      const index = s.context.items.findIndex((item) => item.id === e.id)
      const target = keyTarget(e.via as Via, index, s.context.items.length)
      // a drag goes onto another row
      return target === undefined ? e.to !== index : target === e.to
    }
    case 'order.dismiss':
      return s.context.failure !== null
    case 'xstate.done.actor.saveOrder':
      return same(ids((e.output as { items: OrderItem[] }).items), ids(s.context.items))
    default:
      return true
  }
}

const panel = () => screen.getByRole('region', { name: 'Display order' })
const handleOf = (id: number) => within(panel()).getByRole('button', { name: `Move ${titleOf(id)}: drag, or press the arrow keys` })
const rowsShown = () => within(panel()).queryAllByTestId('order-row')
const answerFailure = (match: Match, e: Fail) => net.answer(match, e.status === 0 ? { unreachable: true } : failed(e.status, e.message))
const listLoads = () => net.seen.filter((r) => r.method === 'GET' && r.path === packagesResource.path && !isOrderLoad(r.query)).length
const puts = () => net.seen.filter((r) => r.method === 'PUT' && r.path === packagesPaths.reorder).length

const surface: Surface<Ui> = {
  name: 'the display order panel of the packages list',
  events,
  when: (s, e) => when(s as S, e),
  // failures apart from the rest, so each move is walked from a clean panel and from one showing a failure
  vertex: (s) => (s as S).context.failure !== null,
  start: async () => {
    net.install()
    net.reset()
    net.auto(listLoad, () => ok({ [packagesResource.name]: pageOf([1, 2, 3]) }))
    const app = renderApp(net, packagesScreens.list)
    fireEvent.click(await screen.findByRole('button', { name: 'Display order' }, { timeout: 30_000 }))
    return { app, net, shown: [], previous: [], failure: null, announced: '', listLoads: 0, puts: 0, sent: null }
  },
  stop: ({ app }) => {
    app.stop()
    net.uninstall()
  },
}

walk<Ui>({
  name: 'packageOrder',
  machine: packageOrderMachine,
  surfaces: [surface],
  perform: {
    'xstate.done.actor.loadOrder': async ({ ui, event }) => {
      ui.shown = ids(event.output as OrderItem[])
      ui.failure = null
      await ui.net.answer(orderLoad, ok({ [packagesResource.name]: pageOf(ui.shown) }))
    },
    'xstate.error.actor.loadOrder': async ({ ui, event }) => {
      const e = event.error as Fail
      ui.failure = e.message || GENERIC
      await answerFailure(orderLoad, e)
    },
    'order.retry': () => fireEvent.click(within(panel()).getByRole('button', { name: 'Try again!' })),
    'order.moved': ({ ui, event }) => {
      const { id, to, via } = event as unknown as { id: number; to: number; via: Via }
      ui.puts = puts()
      const next = reordered(
        ui.shown.map((shown) => ({ id: shown, title: titleOf(shown) })),
        id,
        to,
      )
      ui.sent = next && ids(next)
      if (next) {
        ui.previous = ui.shown
        ui.shown = ids(next)
        ui.failure = null
        ui.announced = `${titleOf(id)} moved to position ${ui.shown.indexOf(id) + 1}.`
      }
      const handle = handleOf(id)
      if (via === 'drag') {
        // dragged by its handle and dropped on the row now at `to`
        const dataTransfer = { effectAllowed: '', setData: () => {}, getData: () => String(id) }
        const target = rowsShown()[to]!
        fireEvent.dragStart(handle, { dataTransfer })
        fireEvent.dragOver(target, { dataTransfer })
        expect(target.hasAttribute('data-over')).toBe(true)
        fireEvent.drop(target, { dataTransfer })
        return
      }
      handle.focus()
      fireEvent.keyDown(handle, { key: via })
    },
    'xstate.done.actor.saveOrder': async ({ ui, event }) => {
      const out = event.output as { message: string; items: OrderItem[] }
      ui.listLoads = listLoads()
      ui.shown = ids(out.items)
      await ui.net.answer(save, ok({ list: out.items.map((item, index) => row(item, index)) }, out.message))
    },
    'xstate.error.actor.saveOrder': async ({ ui, event }) => {
      const e = event.error as Fail
      ui.shown = ui.previous
      ui.failure = e.message || GENERIC
      ui.announced = ''
      await answerFailure(save, e)
    },
    'order.dismiss': ({ ui }) => {
      ui.failure = null
      fireEvent.click(within(panel()).getByRole('button', { name: 'Close' }))
    },
  },
  states: {
    loading: () => {
      expect(within(panel()).getByRole('status', { name: 'Loading…' })).toBeTruthy()
      expect(rowsShown()).toHaveLength(0)
    },
    loadFailed: ({ ui }) => {
      expect(within(panel()).getByRole('alert').textContent).toBe(ui.failure)
      expect(within(panel()).getByRole('button', { name: 'Try again!' })).toBeTruthy()
      expect(rowsShown()).toHaveLength(0)
    },
    ready: ({ ui }) => {
      // the order, numbered from 1, each handle free to move
      expect(rowsShown().map((r) => r.textContent)).toEqual(ui.shown.map((id, index) => `${index + 1}${titleOf(id)}`))
      for (const id of ui.shown) expect((handleOf(id) as HTMLButtonElement).disabled).toBe(false)
      expect(within(panel()).getByRole('list').parentElement!.getAttribute('aria-busy')).toBe('false')
      expect(within(panel()).getByRole('status').textContent).toBe(ui.announced)
      if (ui.failure === null) {
        expect(within(panel()).queryByRole('alert')).toBeNull()
        expect(within(panel()).queryByRole('button', { name: 'Close' })).toBeNull()
      } else {
        expect(within(panel()).getByRole('alert').textContent).toBe(ui.failure)
        expect(within(panel()).getByRole('button', { name: 'Close' })).toBeTruthy()
      }
    },
    saving: ({ ui }) => {
      // the new order shows at once; the handles wait for the save
      expect(rowsShown().map((r) => r.textContent)).toEqual(ui.shown.map((id, index) => `${index + 1}${titleOf(id)}`))
      for (const id of ui.shown) expect((handleOf(id) as HTMLButtonElement).disabled).toBe(true)
      expect(within(panel()).getByRole('list').parentElement!.getAttribute('aria-busy')).toBe('true')
      expect(within(panel()).getByRole('status').textContent).toBe('Saving the order…')
      expect(within(panel()).queryByRole('alert')).toBeNull()
    },
  },
  after: {
    'order.retry': async ({ ui }) => {
      await ui.net.next(orderLoad)
    },
    'order.moved': async ({ ui }) => {
      if (ui.sent) {
        // the whole order goes out, once
        const request = await ui.net.next(save)
        expect(request.body).toEqual({ ids: ui.sent })
        expect(puts()).toBe(ui.puts + 1)
      } else {
        // a move that changes nothing sends nothing
        expect(puts()).toBe(ui.puts)
        expect(ui.net.waiting().filter((r) => r.method === 'PUT')).toEqual([])
      }
    },
    'xstate.done.actor.saveOrder': ({ ui }) => {
      // the list reloads, so its numbers follow the new order
      expect(listLoads()).toBeGreaterThan(ui.listLoads)
    },
    'xstate.error.actor.saveOrder': ({ ui }) => {
      // nothing is reloaded or sent again
      expect(ui.net.waiting()).toEqual([])
    },
    'order.dismiss': () => {
      expect(within(panel()).queryByRole('alert')).toBeNull()
    },
  },
})
