import { act, fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { categoriesResource, type Category } from '../../src/contract/categories'
import type { Page } from '../../src/contract/resource'
import { shippingIssuesResource, type ShippingIssue } from '../../src/contract/support'
import { dataTableMachine, isFiltered, queryFromUrl } from '../../src/machines/data-table'
import { category, renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network, type Request } from './network'
import { walk, type Surface, type WalkContext } from './walk'

/**
 * dataTable (spec sections 3, 4, 7 and 8) walked through the categories list: the first load, a
 * failure and its retry, pages, page size, sort (the same column flips), the status filter, a
 * shared link adopted without being written back, the search (from 2 characters, 300 ms after the
 * last keystroke), the active switch (then a reload), delete after "Are You Sure You Want To
 * Delete?" with the server's refusal shown, and a page emptied by a delete falling back to the
 * last page. A search that finds nothing says so with a button bringing the whole list back; the
 * search box empties at once on Escape, dropping a search applied without waiting. The shipping
 * issues list reloads its rows after "Mark as resolved" (table.reload).
 */

// jsdom lacks what the select's popup uses to place and scroll itself
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Element.prototype.scrollTo ??= function scrollTo() {}
Element.prototype.scrollIntoView ??= function scrollIntoView() {}

const net = createNetwork()
type Where = 'categories' | 'shipping'
type Ui = {
  app: App
  net: Network
  where: Where
  /** What the screen and the network showed before the step being performed (for the `after` checks). */
  mark: number
  before: { search: string; nameSort: string | null; box: string; toasts: number }
}
type Ctx = WalkContext<Ui>
type S = ReturnType<typeof dataTableMachine.getInitialSnapshot>

const LIST = '/admin-panel/categories/list'
const SHIPPING = '/admin-panel/support/shipping-list'
/** A shared link (or the address typed): page 2 of the inactive categories matching "ph", newest first. */
const LINK = '?page=2&pageSize=15&sort_column=created_at&sort_direction=desc&search=ph&is_active=0'
const AFTER = 'xstate.after.searchDelay.dataTable.search.debouncing'

const categoryRow = (id: number, name: string, isActive: boolean) => category({ id, name, is_active: isActive })
const pageOf = <T,>(data: T[], page: number, total: number): Page<T> => ({
  data,
  total,
  page,
  rowsPerPage: 15,
  pagesCount: Math.ceil(total / 15),
  total_is_estimate: false,
})
/** A page of 40 categories in 3 pages. */
const rows = pageOf([categoryRow(7, 'Phones', true), categoryRow(8, 'Laptops', false)], 1, 40)
/** The answer to page 3 once its last rows were deleted: 30 left, 2 pages. */
const pastEnd = pageOf<Category>([], 3, 30)
/** The answer to a search that finds nothing. */
const nothing = pageOf<Category>([], 1, 0)
const issue: ShippingIssue = {
  id: 3,
  shipmentId: 'SH-1003',
  orderId: 5003,
  orderNumber: 'ORD-5003',
  trackingNumber: null,
  tenant: 'Nour Store',
  tenantId: 11,
  issue: 'The parcel was returned.',
  resolved: false,
  resolveAt: null,
  resolved_by: null,
  version: 1,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
}
const issues = pageOf([issue], 1, 1)

const down = { status: 500, message: 'The server is down.' }
const notAllowed = { status: 403, message: 'You are not allowed to do this.' }
const refused = { status: 422, message: "This category can't be deleted because it has sub-categories." }
const deleted = 'The category was deleted.'

const list = (where: Where) => ({ method: 'GET', path: where === 'categories' ? categoriesResource.path : shippingIssuesResource.path })
const toggle = { method: 'PUT', path: 'admin-panal/categories/active-toggle/7' }
const remove = { method: 'DELETE', path: 'admin-panal/categories/7' }

const at = (s: S, ...states: string[]) => states.some((state) => s.matches({ table: state } as never))
/** A dialog is open over the table: the question, the delete under way, or a toggle's or delete's failure. */
const dialogOpen = (s: S) => at(s, 'confirmingDelete', 'deleting') || (at(s, 'ready') && s.context.actionFailure !== null)

/** What the list screen offers in each state: a user cannot reach what is not on screen, or is behind a dialog. */
const offered = (s: S, e: AnyEventObject) => {
  const ctx = s.context
  switch (e.type) {
    case 'xstate.done.actor.loadPage': {
      const page = e.output as Page<unknown>
      // the server answers "past the end" only to a page whose last rows were deleted
      // and finds nothing only for a search or a filter
      if (page.data.length === 0) return page.total === 0 ? isFiltered(s) : ctx.query.page > page.pagesCount && ctx.actionMessage !== null
      return ctx.query.page <= page.pagesCount
    }
    case 'table.pageChanged':
      return !dialogOpen(s) && (ctx.page?.pagesCount ?? 0) >= (e.page as number) && e.page !== ctx.query.page
    case 'table.pageSizeChanged':
      return !dialogOpen(s) && e.pageSize !== ctx.query.pageSize
    case 'table.sorted':
      return !dialogOpen(s)
    case 'table.filtered':
      return !dialogOpen(s) && JSON.stringify(e.filters) !== JSON.stringify(ctx.query.filters)
    case 'table.searchTyped':
      return !dialogOpen(s) && e.text !== ctx.searchText
    case 'table.searchCleared':
      // Escape clears a box that holds something
      return !dialogOpen(s) && ctx.searchText !== ''
    case 'table.filtersCleared':
      // offered by the empty state of a search or filter that found nothing
      return at(s, 'ready') && !dialogOpen(s) && (ctx.page?.data.length ?? 0) === 0 && isFiltered(s)
    case 'table.urlChanged':
      // the address changes only when it holds another query
      return JSON.stringify(ctx.query) !== JSON.stringify(queryFromUrl(new URLSearchParams(LINK)))
    case 'table.toggleActive':
    case 'table.deleteRequested':
    case 'table.reload':
      return at(s, 'ready') && !dialogOpen(s) && (ctx.page?.data.length ?? 0) > 0
    case 'table.dismiss':
      return at(s, 'ready') && ctx.actionFailure !== null
    default:
      return true
  }
}

// hidden too: an error dialog may be covering the table
const table = () => screen.getByRole('table', { hidden: true })
const nameHeader = () => screen.queryByRole('columnheader', { name: /^Name/ })
const searchBox = () => screen.getByTestId('table-search') as HTMLInputElement
const noResults = () => screen.queryByText('No results match your search or filters.')
const clearAll = () => screen.queryByRole('button', { name: 'Clear the search and filters' })
const question = () => screen.queryByRole('alertdialog', { name: 'Are You Sure You Want To Delete?' })
const failureDialog = () => screen.queryByRole('alertdialog', { name: 'Error' })
const click = async (find: Promise<HTMLElement>) => fireEvent.click(await find)
const params = (search: string) => Object.fromEntries(new URLSearchParams(search))
const address = ({ ui }: Ctx) => ui.app.router.state.location.search
/** List loads asked since the step was performed. */
const loadsSince = ({ ui }: Ctx) => ui.net.seen.slice(ui.mark).filter((r) => r.method === 'GET' && r.path === list(ui.where).path)
const lastLoad = (ctx: Ctx) => {
  const all = loadsSince(ctx)
  expect(all.length).toBeGreaterThan(0)
  return Object.fromEntries((all.at(-1) as Request).query)
}
/** The query of the last list load before the step. */
const previousLoad = ({ ui }: Ctx) => {
  const earlier = ui.net.seen.slice(0, ui.mark).filter((r) => r.method === 'GET' && r.path === list(ui.where).path)
  return Object.fromEntries((earlier.at(-1) as Request).query)
}
const sent = ({ ui }: Ctx, match: { method: string; path: string }) =>
  ui.net.seen.slice(ui.mark).filter((r) => r.method === match.method && r.path === match.path)

/** Remembers what the screen and the network showed, then performs the step. */
const step =
  (perform: (ctx: Ctx) => unknown) =>
  async (ctx: Ctx): Promise<void> => {
    const { ui } = ctx
    ui.mark = ui.net.seen.length
    ui.before = {
      search: address(ctx),
      nameSort: nameHeader()?.getAttribute('aria-sort') ?? null,
      box: searchBox().value,
      toasts: screen.queryAllByText(deleted).length,
    }
    await perform(ctx)
  }

const surface = (
  where: Where,
  name: string,
  events: AnyEventObject[],
  vertex: (s: S) => unknown,
  /** What this walk of the screen keeps to (fewer paths, each about one thing). */
  only: (s: S, e: AnyEventObject) => boolean = () => true,
): Surface<Ui> => ({
  name,
  input: { resource: where === 'categories' ? categoriesResource : shippingIssuesResource, query: queryFromUrl(new URLSearchParams()) },
  events,
  when: (s, e) => offered(s as S, e) && only(s as S, e),
  vertex,
  start: () => {
    net.install()
    net.reset()
    const app = renderApp(net, where === 'categories' ? LIST : SHIPPING)
    return { app, net, where, mark: 0, before: { search: '', nameSort: null, box: '', toasts: 0 } }
  },
  stop: ({ app }) => {
    app.stop()
    net.uninstall()
  },
})

const loaded: AnyEventObject = { type: 'xstate.done.actor.loadPage', output: rows }
const sort = (s: S) => (s.context.query.sort_column ? `${s.context.query.sort_column} ${s.context.query.sort_direction}` : null)

walk<Ui>({
  name: 'dataTable',
  machine: dataTableMachine,
  surfaces: [
    surface(
      'categories',
      'the categories list: load, failure, pages, sort, status filter, a shared link',
      [
        loaded,
        { type: 'xstate.error.actor.loadPage', error: down },
        { type: 'table.retry' },
        { type: 'table.pageChanged', page: 3 },
        { type: 'table.pageSizeChanged', pageSize: 30 },
        { type: 'table.sorted', column: 'name' },
        { type: 'table.filtered', filters: { is_active: '1' } },
        { type: 'table.urlChanged', query: queryFromUrl(new URLSearchParams(LINK)) },
      ],
      sort,
      // acting on a table still loading: only a sort (the load under way is replaced)
      (s, e) =>
        !(at(s, 'loading') && ['table.pageSizeChanged', 'table.filtered', 'table.urlChanged'].includes(e.type)) &&
        !(e.type === 'table.sorted' && sort(s) === 'name desc'),
    ),
    surface(
      'categories',
      'the categories list: the active switch, delete, a page emptied by a delete',
      [
        loaded,
        { type: 'xstate.done.actor.loadPage', output: pastEnd },
        { type: 'table.pageChanged', page: 3 },
        { type: 'table.toggleActive', id: 7 },
        { type: 'xstate.done.actor.toggleActive', output: null },
        { type: 'xstate.error.actor.toggleActive', error: notAllowed },
        { type: 'table.deleteRequested', id: 7 },
        { type: 'table.deleteConfirmed' },
        { type: 'table.deleteCancelled' },
        { type: 'xstate.done.actor.deleteRecord', output: deleted },
        { type: 'xstate.error.actor.deleteRecord', error: refused },
        { type: 'table.dismiss' },
      ],
      (s) => [s.context.query.page, s.context.actionFailure !== null, s.context.actionMessage !== null],
      // to page 3 before deleting there
      (s, e) => e.type !== 'table.pageChanged' || s.context.actionMessage === null,
    ),
    surface(
      'categories',
      'the categories list: the search',
      [
        loaded,
        { type: 'table.searchTyped', text: 'ph' },
        { type: 'table.searchTyped', text: 'p' },
        { type: 'table.searchTyped', text: '' },
        { type: AFTER },
        { type: 'table.deleteRequested', id: 7 },
        { type: 'table.urlChanged', query: queryFromUrl(new URLSearchParams(LINK)) },
      ],
      (s) => [s.context.searchText, s.context.query.search ?? ''],
      // typing over the rows; the address changed, or a delete asked, while a term waits
      (s, e) =>
        (e.type !== 'table.searchTyped' || at(s, 'ready')) &&
        (!['table.urlChanged', 'table.deleteRequested'].includes(e.type) || s.matches({ search: 'debouncing' })),
    ),
    surface(
      'categories',
      'the categories list: a search that finds nothing, Escape in the box, the whole list back',
      [
        loaded,
        { type: 'xstate.done.actor.loadPage', output: nothing },
        { type: 'table.searchTyped', text: 'zz' },
        { type: 'table.searchTyped', text: 'z' },
        { type: AFTER },
        { type: 'table.searchCleared' },
        { type: 'table.filtersCleared' },
      ],
      (s) => [s.context.searchText, s.context.query.search ?? '', s.context.page?.data.length ?? null],
      // rows for the whole list, nothing for a search; typing over the rows shown
      (s, e) =>
        (e.type !== 'xstate.done.actor.loadPage' || ((e.output as Page<unknown>).data.length === 0) === isFiltered(s)) &&
        (!['table.searchTyped', 'table.searchCleared'].includes(e.type) || at(s, 'ready')),
    ),
    surface(
      'shipping',
      'the shipping issues list: rows reloaded after "Mark as resolved"',
      [{ ...loaded, output: issues }, { type: 'table.reload' }],
      () => null,
    ),
  ],
  perform: {
    'xstate.done.actor.loadPage': step(({ ui, event }) =>
      ui.net.answer(list(ui.where), ok({ [ui.where === 'categories' ? 'categories' : 'shipping']: event.output })),
    ),
    'xstate.error.actor.loadPage': step(({ ui, event }) => {
      const e = event.error as typeof down
      return ui.net.answer(list(ui.where), failed(e.status, e.message))
    }),
    'table.retry': step(() => click(within(screen.getByRole('alert')).findByRole('button', { name: 'Try again!' }))),
    'table.pageChanged': step(({ event }) => click(screen.findByRole('button', { name: `Page ${event.page as number}` }))),
    'table.pageSizeChanged': step(async ({ event }) =>
      fireEvent.change(await screen.findByLabelText('Rows per page'), { target: { value: String(event.pageSize) } }),
    ),
    'table.sorted': step(() => click(within(nameHeader() as HTMLElement).findByRole('button'))),
    'table.filtered': step(async () => {
      await click(screen.findByRole('combobox', { name: 'Status' }))
      await click(screen.findByRole('option', { name: 'Active' }))
    }),
    'table.urlChanged': step(({ ui }) => act(() => ui.app.router.navigate(`${LIST}${LINK}`))),
    'table.searchTyped': step(({ event }) => fireEvent.change(searchBox(), { target: { value: event.text as string } })),
    'table.searchCleared': step(() => fireEvent.keyDown(searchBox(), { key: 'Escape' })),
    'table.filtersCleared': step(() => fireEvent.click(clearAll() as HTMLElement)),
    // the term must not apply a moment before 300 ms (spec section 9), and must at 300 ms
    [AFTER]: step(async (ctx) => {
      act(() => ctx.clock.increment(299))
      expect(loadsSince(ctx)).toEqual([])
      act(() => ctx.clock.increment(1))
    }),
    'table.toggleActive': step(() => click(screen.findByLabelText('Active: Phones'))),
    'xstate.done.actor.toggleActive': step(({ ui }) => ui.net.answer(toggle, ok({ item: categoryRow(7, 'Phones', false) }, 'Updated.'))),
    'xstate.error.actor.toggleActive': step(({ ui, event }) => {
      const e = event.error as typeof down
      return ui.net.answer(toggle, failed(e.status, e.message))
    }),
    'table.deleteRequested': step(async () => {
      const row = (await screen.findByRole('link', { name: 'Phones' })).closest('tr') as HTMLElement
      await click(within(row).findByRole('button', { name: 'Delete' }))
    }),
    'table.deleteConfirmed': step(() => click(within(question() as HTMLElement).findByRole('button', { name: 'Yes' }))),
    'table.deleteCancelled': step(() => click(within(question() as HTMLElement).findByRole('button', { name: 'No' }))),
    'xstate.done.actor.deleteRecord': step(({ ui, event }) => ui.net.answer(remove, ok(null, event.output as string))),
    'xstate.error.actor.deleteRecord': step(({ ui, event }) => {
      const e = event.error as typeof down
      return ui.net.answer(remove, failed(e.status, e.message))
    }),
    'table.dismiss': step(() => click(within(failureDialog() as HTMLElement).findByRole('button', { name: 'Try again!' }))),
    'table.reload': step(async ({ ui }) => {
      await click(screen.findByRole('button', { name: 'Mark as resolved ORD-5003' }))
      await ui.net.answer(
        { method: 'PUT', path: 'admin-panal/support/shipping/resolve/3' },
        ok({ item: { ...issue, resolved: true }, outcome: 'apply' }, 'The issue was marked as resolved.'),
      )
    }),
  },
  states: {
    'table.loading': ({ ui }) => {
      expect(table().getAttribute('aria-busy')).toBe('true')
      expect(ui.net.waiting().some((r) => r.method === 'GET' && r.path === list(ui.where).path)).toBe(true)
    },
    'table.ready': ({ ui, actor }) => {
      expect(table().getAttribute('aria-busy')).toBeNull()
      expect(question()).toBeNull()
      if ((actor().getSnapshot() as S).context.page?.data.length === 0) {
        // a search that found nothing says so, offers the whole list back, and counts no "0–0 of 0"
        expect(noResults()).toBeTruthy()
        expect(clearAll()).toBeTruthy()
        expect(screen.queryByText(/0–0/)).toBeNull()
        return
      }
      expect(screen.getByRole('link', { name: ui.where === 'categories' ? 'Phones' : 'ORD-5003', hidden: true })).toBeTruthy()
      expect(noResults()).toBeNull()
    },
    'table.failed': () => {
      const alert = within(table()).getByRole('alert')
      expect(within(alert).getByText('The server is down.')).toBeTruthy()
      expect(within(alert).getByRole('button', { name: 'Try again!' })).toBeTruthy()
    },
    'table.toggling': () => {
      expect(table().getAttribute('aria-busy')).toBe('true')
      expect((screen.getByLabelText('Active: Phones') as HTMLInputElement).disabled).toBe(true)
    },
    'table.confirmingDelete': () => {
      const dialog = question() as HTMLElement
      expect(within(dialog).getByText('Phones')).toBeTruthy()
      expect(dialog.querySelector('[aria-busy]')).toBeNull()
    },
    'table.deleting': () => {
      const dialog = question() as HTMLElement
      expect(within(dialog).getByRole('button', { name: /Deleting/ })).toBeTruthy()
    },
  },
  after: {
    'table.sorted': (ctx) => {
      // the same column again flips the direction; back to page 1; the address says so
      const direction = ctx.ui.before.nameSort === 'ascending' ? 'desc' : 'asc'
      expect(lastLoad(ctx)).toMatchObject({ sort_column: 'name', sort_direction: direction, page: '1' })
      expect(params(address(ctx))).toMatchObject({ sort_column: 'name', sort_direction: direction, page: '1' })
      expect(nameHeader()?.getAttribute('aria-sort')).toBe(direction === 'asc' ? 'ascending' : 'descending')
    },
    'table.pageChanged': (ctx) => {
      expect(lastLoad(ctx)).toMatchObject({ ...params(ctx.ui.before.search), page: String(ctx.event.page) })
      expect(params(address(ctx))).toMatchObject({ page: String(ctx.event.page) })
    },
    'table.pageSizeChanged': (ctx) => {
      expect(lastLoad(ctx)).toMatchObject({ pageSize: String(ctx.event.pageSize), page: '1' })
      expect(params(address(ctx))).toMatchObject({ pageSize: String(ctx.event.pageSize), page: '1' })
    },
    'table.filtered': (ctx) => {
      expect(lastLoad(ctx)).toMatchObject({ is_active: '1', page: '1' })
      expect(params(address(ctx))).toMatchObject({ is_active: '1', page: '1' })
    },
    'table.urlChanged': (ctx) => {
      // the link's query is loaded and shown, and the address is not written back
      expect(lastLoad(ctx)).toEqual(params(LINK))
      expect(address(ctx)).toBe(LINK)
      expect(searchBox().value).toBe('ph')
      expect(screen.getByRole('columnheader', { name: /^Created/ }).getAttribute('aria-sort')).toBe('descending')
    },
    'table.searchTyped': (ctx) => {
      // nothing is asked while typing; a single character says why it will not search
      expect(loadsSince(ctx)).toEqual([])
      const short = (ctx.event.text as string).trim().length === 1
      expect(Boolean(screen.queryByText('Type at least 2 characters'))).toBe(short)
    },
    'table.searchCleared': (ctx) => {
      // the box is empty at once; a search applied is dropped without waiting (page 1), a term only typed asks nothing
      expect(searchBox().value).toBe('')
      if (params(ctx.ui.before.search).search) {
        const load = lastLoad(ctx)
        expect(load.search).toBeUndefined()
        expect(load.page).toBe('1')
        expect(params(address(ctx)).search).toBeUndefined()
      } else expect(loadsSince(ctx)).toEqual([])
    },
    'table.filtersCleared': (ctx) => {
      // the whole list: no search, no filter, page 1, and the address says so
      const load = lastLoad(ctx)
      expect(load).toEqual({ page: '1', pageSize: '15' })
      expect(params(address(ctx))).toEqual({ page: '1', pageSize: '15' })
      expect(searchBox().value).toBe('')
    },
    [AFTER]: (ctx) => {
      // from 2 characters, or a cleared box, the term applies (page 1); otherwise nothing is asked
      const term = ctx.ui.before.box.trim()
      const current = params(ctx.ui.before.search).search ?? ''
      if ((term.length === 0 || term.length >= 2) && term !== current) {
        const load = lastLoad(ctx)
        expect(load.search).toBe(term || undefined)
        expect(load.page).toBe('1')
        expect(params(address(ctx)).search).toBe(term || undefined)
      } else expect(loadsSince(ctx)).toEqual([])
    },
    'xstate.done.actor.loadPage': (ctx) => {
      // a page past the end (its last rows deleted) loads the last page instead
      const page = ctx.event.output as Page<unknown>
      if (page.data.length > 0 || page.total === 0) return expect(loadsSince(ctx)).toEqual([])
      expect(lastLoad(ctx)).toMatchObject({ page: String(page.pagesCount) })
      expect(params(address(ctx))).toMatchObject({ page: String(page.pagesCount) })
    },
    'table.retry': (ctx) => expect(lastLoad(ctx)).toEqual(previousLoad(ctx)),
    'table.toggleActive': (ctx) => {
      expect(sent(ctx, toggle)).toHaveLength(1)
      expect(loadsSince(ctx)).toEqual([])
    },
    // a toggle flips the record, then the table reloads with the same query
    'xstate.done.actor.toggleActive': (ctx) => expect(lastLoad(ctx)).toEqual(previousLoad(ctx)),
    'xstate.error.actor.toggleActive': (ctx) => {
      expect(within(failureDialog() as HTMLElement).getByText(notAllowed.message)).toBeTruthy()
      expect(loadsSince(ctx)).toEqual([])
    },
    'table.deleteRequested': (ctx) => {
      // asked first: nothing is deleted yet
      expect(question()).toBeTruthy()
      expect(sent(ctx, remove)).toEqual([])
    },
    'table.deleteCancelled': (ctx) => {
      expect(question()).toBeNull()
      expect(failureDialog()).toBeNull()
      expect(sent(ctx, remove)).toEqual([])
    },
    'table.deleteConfirmed': (ctx) => expect(sent(ctx, remove)).toHaveLength(1),
    'xstate.done.actor.deleteRecord': (ctx) => {
      // the server's message in a toast, then the rows again
      expect(screen.queryAllByText(deleted)).toHaveLength(ctx.ui.before.toasts + 1)
      expect(lastLoad(ctx)).toEqual(previousLoad(ctx))
    },
    'xstate.error.actor.deleteRecord': (ctx) => {
      // the question closes and the server's refusal is shown in the error dialog, with "Try again!"; the rows stay
      expect(question()).toBeNull()
      const dialog = failureDialog() as HTMLElement
      expect(within(dialog).getByText(refused.message)).toBeTruthy()
      expect(within(dialog).getByRole('button', { name: 'Try again!' })).toBeTruthy()
      expect(screen.getByRole('link', { name: 'Phones', hidden: true })).toBeTruthy()
      expect(loadsSince(ctx)).toEqual([])
    },
    'table.dismiss': () => expect(failureDialog()).toBeNull(),
    'table.reload': (ctx) => expect(lastLoad(ctx)).toEqual(previousLoad(ctx)),
  },
})
