import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import type { ListItem } from '../../src/contract/resource'
import { listKey, listsMachine } from '../../src/machines/lists'
import { AppActorsProvider, useSelectList } from '../../src/views/shared/runtime'
import { admin, category, renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk, type Surface, type WalkContext } from './walk'

/**
 * lists (spec sections 3, 5 and 7) walked through the app: the constants (`core/common`) asked
 * once when the admin's session is confirmed, a failure of theirs, the parent-category select of
 * the new-category page (`core/list/categories`) fetched once and served from the cache when the
 * page opens again, asked again after a failure, not asked twice while it loads, and forgotten at
 * sign-out. A second select list asked while the first loads waits its turn.
 */

// jsdom lacks what the select's popup uses to place and scroll itself
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Element.prototype.scrollTo ??= function scrollTo() {}
Element.prototype.scrollIntoView ??= function scrollIntoView() {}

type Ui = {
  app: App
  net: Network
  /** Requests seen before the step being performed (for the `after` checks). */
  mark: number
  /** Select lists being asked when the step was performed (by query string). */
  loading: string[]
  /** How the network last answered each select list (by its query string), for the cache checks. */
  answered: Map<string, 'ok' | 'failed'>
  /** Select lists the screens asked for and have not received yet, in the order they asked. */
  wanted: string[]
  /** Probes of a second select list mounted so far. */
  probes: number
}
type Ctx = WalkContext<Ui>
type S = ReturnType<typeof listsMachine.getInitialSnapshot>

const LIST = '/admin-panel/categories/list'
const CREATE = '/admin-panel/categories/create'
const SIGN_IN = '/admin-panel/sign-in'
const me = { method: 'GET', path: 'admin-panal/auth/me' }
const common = { method: 'GET', path: 'core/common' }
const selectList = { method: 'GET', path: 'core/list/categories' }
const constants = {
  lists: {
    package_types: [{ value: 'STANDARD', label: 'Standard' }],
    subscription_types: [],
    payment_methods: [],
    payment_statuses: [],
    attribute_types: [],
    languages: [],
  },
}
const options: ListItem[] = [
  { id: 7, name: 'Phones' },
  { id: 8, name: 'Laptops' },
]
const down = { status: 500, message: 'The server is down.' }
const page = {
  data: [category({ id: 7, name: 'Phones', translations: [] })],
  total: 1,
  page: 1,
  rowsPerPage: 15,
  pagesCount: 1,
  total_is_estimate: false,
}

/**
 * The app as `renderApp` builds it, but the session check and the constants wait for the walk's
 * answer (renderApp answers both at once): the first makes an admin current, the second is what
 * the walk is about. Later session checks (one per navigation) and the list screen's rows are
 * answered at once.
 */
function renderQuietApp(net: Network, path: string) {
  const waits = (m: { path: RegExp | string }) => m.path === me.path || m.path === common.path
  const quiet: Network = { ...net, auto: (m, answer) => (waits(m) ? undefined : net.auto(m, answer)) }
  net.auto({ method: 'GET', path: 'admin-panal/categories' }, () => ok({ categories: page }))
  net.auto({ method: 'GET', path: 'admin-panal/auth/logout' }, () => ok(null))
  return renderApp(quiet, path)
}

/**
 * Another screen's select list (`core/list/categories?parent_id=7`), through the same hook and the
 * app's own actors: no screen asks for two select lists yet (see the report), so this stands for
 * the next one that does.
 */
function SubCategories() {
  const { list, loading } = useSelectList('categories', { parent_id: 7 })
  return (
    <ul aria-label="Sub-categories of Phones" aria-busy={loading || undefined}>
      {list?.map((item) => (
        <li key={item.id}>{item.name}</li>
      ))}
    </ul>
  )
}

/** A screen's code loads the first time it opens. */
const wait = { timeout: 10_000 }
const at = (s: S, region: 'list' | 'common', state: string) => s.matches({ [region]: state } as never)
const signedIn = (s: S) => !at(s, 'common', 'none')
const keyOf = (filters: Record<string, unknown> = {}) => new URLSearchParams(filters as Record<string, string>).toString()

/** The choices of the parent-category select (its items, whether or not it is open). */
const parentChoices = () => [...document.querySelectorAll('[data-scope="select"][data-part="item"]')].map((o) => o.textContent)
const probes = () => screen.queryAllByRole('list', { name: 'Sub-categories of Phones' })
const since = ({ ui }: Ctx, match: { method: string; path: string }) =>
  ui.net.seen.slice(ui.mark).filter((r) => r.method === match.method && r.path === match.path)
const pending = ({ ui }: Ctx, match: { method: string; path: string }) =>
  ui.net.waiting().filter((r) => r.method === match.method && r.path === match.path)

/** After an answer, the next list a screen is waiting for is asked (one at a time, in the order asked). */
const nextAsked = (ctx: Ctx) => {
  const next = ctx.ui.wanted[0]
  const asked = pending(ctx, selectList)
  if (next === undefined) expect(asked).toEqual([])
  else expect(asked.map((r) => r.query.toString())).toEqual([next])
}

const step =
  (perform: (ctx: Ctx) => unknown) =>
  async (ctx: Ctx): Promise<void> => {
    ctx.ui.mark = ctx.ui.net.seen.length
    ctx.ui.loading = pending(ctx, selectList).map((r) => r.query.toString())
    await perform(ctx)
  }

/** How the network answers the select list at the head of the line. */
const answerList = (answer: 'ok' | 'failed') =>
  step(async ({ ui, event }) => {
    const request = await ui.net.answer(
      selectList,
      answer === 'ok' ? ok({ list: event.output }) : failed((event.error as typeof down).status, (event.error as typeof down).message),
    )
    const key = request.query.toString()
    ui.answered.set(key, answer)
    ui.wanted = ui.wanted.filter((k) => k !== key)
  })

const surface = (
  name: string,
  events: AnyEventObject[],
  /** What this walk keeps to (fewer paths, each about one thing). */
  only: (s: S, e: AnyEventObject) => boolean = () => true,
): Surface<Ui> => ({
  name,
  events,
  when: (s, e) => {
    const snapshot = s as S
    if (!only(snapshot, e)) return false
    switch (e.type) {
      case 'lists.adminCurrent':
        // the session check of the first screen; a sign-in after a sign-out leads to the same state
        return !signedIn(snapshot)
      case 'lists.request':
      case 'lists.reset':
        return signedIn(snapshot)
      default:
        return true
    }
  },
  vertex: (s) => [Object.keys((s as S).context.cache), (s as S).context.queue.length, Object.keys((s as S).context.failures)],
  start: () => {
    const net = createNetwork()
    net.install()
    const app = renderQuietApp(net, LIST)
    return { app, net, mark: 0, loading: [], answered: new Map(), wanted: [], probes: 0 }
  },
  stop: ({ app, net }) => {
    app.stop()
    net.uninstall()
  },
})

walk<Ui>({
  name: 'lists',
  machine: listsMachine,
  surfaces: [
    surface(
      'the constants and the parent-category select of the new-category page',
      [
        { type: 'lists.adminCurrent' },
        { type: 'xstate.done.actor.fetchCommon', output: constants.lists },
        { type: 'xstate.error.actor.fetchCommon', error: down },
        { type: 'lists.request', name: 'categories' },
        { type: 'xstate.done.actor.fetchList', output: options },
        { type: 'xstate.error.actor.fetchList', error: down },
        { type: 'lists.reset' },
      ],
      // the constants are answered before the first screen asks for a list
      (s, e) =>
        !e.type.includes('fetchCommon') ||
        Object.keys(s.context.cache).length + s.context.queue.length + Object.keys(s.context.failures).length === 0,
    ),
    surface(
      'a second select list asked while the first one loads',
      [
        { type: 'lists.adminCurrent' },
        { type: 'xstate.done.actor.fetchCommon', output: constants.lists },
        { type: 'lists.request', name: 'categories' },
        { type: 'lists.request', name: 'categories', filters: { parent_id: 7 } },
        { type: 'xstate.done.actor.fetchList', output: options },
        { type: 'xstate.error.actor.fetchList', error: down },
      ],
      // the constants arrive first; each screen asks for a list it does not have yet
      (s, e) => {
        if (e.type === 'xstate.done.actor.fetchCommon') return true
        if (at(s, 'common', 'fetching')) return e.type === 'lists.adminCurrent'
        if (e.type !== 'lists.request') return true
        const key = listKey(e.name as string, e.filters as Record<string, string> | undefined)
        return !(key in s.context.cache) && !s.context.queue.some((r) => listKey(r.name, r.filters) === key)
      },
    ),
  ],
  perform: {
    'lists.adminCurrent': step(async ({ ui }) => {
      await ui.net.answer(me, ok({ admin }))
      // the checks of later navigations are answered at once
      ui.net.auto(me, () => ok({ admin }))
    }),
    'xstate.done.actor.fetchCommon': step(({ ui, event }) => ui.net.answer(common, ok({ lists: event.output }))),
    'xstate.error.actor.fetchCommon': step(({ ui, event }) => {
      const e = event.error as typeof down
      return ui.net.answer(common, failed(e.status, e.message))
    }),
    'lists.request': step(async ({ ui, event }) => {
      const key = keyOf(event.filters as Record<string, unknown> | undefined)
      if (ui.answered.get(key) !== 'ok' && !ui.wanted.includes(key)) ui.wanted.push(key)
      if (event.filters) {
        ui.probes += 1
        render(
          <AppActorsProvider actors={ui.app.root}>
            <SubCategories />
          </AppActorsProvider>,
        )
        return
      }
      // the new-category page again: back to the list (Cancel), then "Add category"
      if (ui.app.router.state.location.pathname === CREATE) fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }, wait))
      fireEvent.click(await screen.findByRole('link', { name: 'Add category' }, wait))
    }),
    'xstate.done.actor.fetchList': answerList('ok'),
    'xstate.error.actor.fetchList': answerList('failed'),
    'lists.reset': step(async ({ ui }) => {
      ui.answered.clear()
      ui.wanted = []
      // the account menu, as a pointer chooses in it (press, then click once the item is highlighted)
      // (named by the admin's name, as it shows it)
      fireEvent.click(await screen.findByRole('button', { name: new RegExp(admin.name) }, wait))
      const signOut = await screen.findByRole('menuitem', { name: 'Sign out' }, wait)
      fireEvent.pointerDown(signOut, { pointerType: 'mouse' })
      await waitFor(() => expect(signOut.getAttribute('data-highlighted')).not.toBeNull())
      fireEvent.click(signOut)
    }),
  },
  states: {
    // before the session is confirmed nothing is asked (after a sign-out, the sign-in screen shows)
    'common.none': ({ ui }) => {
      if (ui.app.router.state.location.pathname !== SIGN_IN) expect(ui.net.seen.filter((r) => r.path === common.path)).toEqual([])
    },
    'common.fetching': (ctx) => expect(pending(ctx, common)).toHaveLength(1),
    // fetched once for the admin's session, whatever screens open after
    'common.ready': ({ ui }) => {
      expect(ui.net.seen.filter((r) => r.path === common.path)).toHaveLength(1)
      expect(ui.net.waiting().filter((r) => r.path === common.path)).toEqual([])
    },
    'common.failed': (ctx) => expect(pending(ctx, common)).toEqual([]),
    'list.fetching': (ctx) => expect(pending(ctx, selectList)).toHaveLength(1),
    // (a sign-out drops a fetch under way: the chart ignores its answer, the request itself is not aborted)
    'list.idle': (ctx) => {
      if (ctx.ui.app.router.state.location.pathname !== SIGN_IN) expect(pending(ctx, selectList)).toEqual([])
    },
  },
  after: {
    // the constants are asked for as soon as the admin's session is confirmed
    'lists.adminCurrent': (ctx) => expect(since(ctx, common)).toHaveLength(1),
    'lists.request': (ctx) => {
      const { ui, event } = ctx
      const key = keyOf(event.filters as Record<string, unknown> | undefined)
      const asked = since(ctx, selectList).filter((r) => r.query.toString() === key)
      if (ui.answered.get(key) === 'ok') {
        // fetched before with the same name and filters: served from the cache, not asked again
        expect(asked).toEqual([])
        if (!event.filters) expect(parentChoices()).toEqual(expect.arrayContaining(['Phones', 'Laptops']))
      } else if (ui.loading.length > 0) {
        // one list at a time: this one is being asked already, or waits for the one ahead of it
        expect(asked).toEqual([])
      } else {
        // not asked yet, or its last answer was a failure (kept per list): asked (again)
        expect(asked).toHaveLength(1)
      }
    },
    'xstate.done.actor.fetchList': (ctx) => {
      const { ui } = ctx
      // the list reaches the screens that asked for it; the next one waiting is asked
      if (ui.app.router.state.location.pathname === CREATE && ui.answered.get('') === 'ok')
        expect(parentChoices()).toEqual(expect.arrayContaining(['None (top level)', 'Phones', 'Laptops']))
      if (ui.answered.get('parent_id=7') === 'ok') for (const probe of probes()) expect(probe.textContent).toBe('PhonesLaptops')
      nextAsked(ctx)
    },
    'xstate.error.actor.fetchList': (ctx) => {
      const { ui } = ctx
      if (ui.app.router.state.location.pathname === CREATE && ui.answered.get('') === 'failed')
        expect(parentChoices()).toEqual(['None (top level)'])
      nextAsked(ctx)
    },
    // signed out: the admin's lists are forgotten with the session
    'lists.reset': ({ ui }) => expect(ui.app.router.state.location.pathname).toBe(SIGN_IN),
  },
})
