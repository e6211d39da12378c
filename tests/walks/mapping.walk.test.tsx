import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import {
  mappingPaths,
  mappingScreens,
  type MappingCategoriesResult,
  type MappingCategory,
  type MappingProgress,
} from '../../src/contract/mapping'
import { mappingMachine, type NextUnmapped } from '../../src/machines/mapping'
import { mappingTreeMachine } from '../../src/machines/mapping-tree'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Match, type Network } from './network'
import { walk, type Surface, type WalkContext } from './walk'

/**
 * The category-mapping screen (issue 12) walked through the app: the `mapping` chart (choose a
 * marketplace category, map it to a suggestion or unmap it, next unmapped, a 409 from someone else's
 * change, refusals) and the `mappingTree` chart (browse, expand, search, filters, reveal, a row patched
 * by a save). The fake server keeps a small taxonomy and answers browse and find queries as the
 * contract says (matches with their ancestors in tree order).
 */

const MARKETPLACE = { id: 3, name: 'Noon' }
const categoriesPath = mappingPaths.categories(MARKETPLACE.id)
const platform: Record<number, { name: string; path: string[] }> = {
  501: { name: 'Computers', path: ['Electronics', 'Computers'] },
  502: { name: 'Mobile phones', path: ['Electronics', 'Mobile phones'] },
  503: { name: 'Shoes', path: ['Fashion', 'Shoes'] },
}
const mappedTo = (id: number | null) => (id === null ? null : { id, ...platform[id]! })

const node = (
  id: number,
  parent: number | null,
  name: string,
  depth: number,
  children: number,
  mapped: number | null = null,
): MappingCategory => ({
  id,
  parent_id: parent,
  external_id: `x-${id}`,
  name,
  name_ar: name,
  name_en: name,
  depth,
  children_count: children,
  properties_count: 2,
  required_unmapped: 1,
  mapped_to: mappedTo(mapped),
  match: true,
})

/** The marketplace's tree, in tree order. */
const taxonomy = (): MappingCategory[] => [
  node(10, null, 'Electronics', 0, 2),
  node(11, 10, 'Phones', 1, 0),
  node(12, 10, 'Laptops', 1, 0, 501),
  node(20, null, 'Fashion', 0, 1),
  node(21, 20, 'Shoes', 1, 0),
  node(30, null, 'Toys', 0, 0),
]

/** The (fake) server's taxonomy and mappings: what reads answer and saves change. */
const server = { nodes: taxonomy() }
const byId = (id: number) => server.nodes.find((n) => n.id === id)!
const progress = (): MappingProgress => ({
  categories: { mapped: server.nodes.filter((n) => n.mapped_to).length, total: server.nodes.length },
  required_properties: { mapped: 1, total: 4 },
})

/** The fake server's page of a find (the app asks for more: the server decides). */
const FIND_PAGE = 2

/** `GET core/mapping/categories/3` as the contract says: browse the children of `parent_id`, or find with ancestors. */
function categoriesAnswer(q: URLSearchParams): MappingCategoriesResult {
  const search = q.get('search')?.toLowerCase() ?? ''
  const status = q.get('status')
  const leaves = q.get('leaves') === '1'
  if (!search && !status && !leaves) {
    const parent = q.has('parent_id') ? Number(q.get('parent_id')) : null
    const nodes = server.nodes.filter((n) => n.parent_id === parent)
    return { marketplace: MARKETPLACE, nodes, total: nodes.length, next: null, progress: progress() }
  }
  const after = q.has('after') ? server.nodes.findIndex((n) => n.id === Number(q.get('after'))) : -1
  // a server may answer fewer than asked: this one two matches a page, so a find reads on with "Show more"
  const limit = Math.min(Number(q.get('limit') ?? 500), FIND_PAGE)
  const all = server.nodes
    .slice(after + 1)
    .filter(
      (n) =>
        (!search || n.name.toLowerCase().includes(search)) &&
        (!status || (status === 'mapped') === Boolean(n.mapped_to)) &&
        (!leaves || n.children_count === 0),
    )
  const matches = all.slice(0, limit)
  const shown = new Set<number>()
  for (const m of matches) {
    for (let p = m.parent_id; p !== null; p = byId(p).parent_id) shown.add(p)
    shown.add(m.id)
  }
  const ids = new Set(matches.map((m) => m.id))
  const nodes = server.nodes.filter((n) => shown.has(n.id)).map((n) => ({ ...n, match: ids.has(n.id) }))
  return {
    marketplace: MARKETPLACE,
    nodes,
    total: all.length,
    next: all.length > limit ? (matches.at(-1)?.id ?? null) : null,
    progress: progress(),
  }
}

const isBrowse = (q: URLSearchParams) => !q.has('status') && !q.has('search') && !q.has('leaves')
const browseTop: Match = { method: 'GET', path: categoriesPath, query: (q) => isBrowse(q) && !q.has('parent_id') }
const browseChildren: Match = { method: 'GET', path: categoriesPath, query: (q) => isBrowse(q) && q.has('parent_id') }
/** A find read on from where its last page ended ("Show more"). */
const readOn: Match = { method: 'GET', path: categoriesPath, query: (q) => !isBrowse(q) && q.has('after') && q.get('limit') !== '1' }
const seekQuery: Match = { method: 'GET', path: categoriesPath, query: (q) => q.get('status') === 'unmapped' && q.get('limit') === '1' }
const propertiesOf = (id: number): Match => ({ method: 'GET', path: mappingPaths.properties(id) })
const suggestionsOf = (id: number): Match => ({ method: 'GET', path: mappingPaths.suggestions(id) })
const save = (id: number): Match => ({ method: 'POST', path: mappingPaths.mapCategory(id) })

const suggestions = [
  { id: 502, name: 'Mobile phones', path: platform[502]!.path, score: 0.82 },
  { id: 503, name: 'Shoes', path: platform[503]!.path, score: 0.41 },
]
const propertiesAnswer = (id: number) =>
  ok({ marketplace: MARKETPLACE, category: byId(id), properties: [], platform_properties: [], required: { mapped: 0, total: 1 } })

/** Answers `match` (the oldest such request) from what it asked. */
async function answerWith(net: Network, match: Match, answer: (q: URLSearchParams) => Parameters<Network['answer']>[1]) {
  const p = await net.next(match)
  p.settled = true
  p.settle(answer(p.query))
  return p
}

type Ui = { app: App; net: Network }
type Ctx = WalkContext<Ui>
type S = ReturnType<typeof mappingMachine.getInitialSnapshot>
type T = ReturnType<typeof mappingTreeMachine.getInitialSnapshot>

const tree = () => screen.getByRole('tree', { hidden: true })
const rowNamed = (name: string) =>
  screen.queryAllByRole('treeitem', { hidden: true }).find((r) => r.getAttribute('aria-label')?.startsWith(`${name}:`)) ?? null
const panel = () => within(screen.getByRole('region', { name: 'The chosen category', hidden: true }))
const treePane = () => within(screen.getByRole('region', { name: "The marketplace's categories", hidden: true }))
const toast = (message: string) => screen.queryByText(message)?.closest('[data-type]')?.getAttribute('data-type')
const genericError = 'Something went wrong. Please try again.'
const key = (k: string) => fireEvent.keyDown(document.body, { key: k })

/** The header's progress: what the server last said, as bars and numbers. */
const progressShown = () => {
  const p = progress()
  const bar = screen.getByRole('progressbar', { name: 'Categories mapped', hidden: true })
  expect(bar.getAttribute('aria-valuenow')).toBe(String(p.categories.mapped))
  expect(bar.getAttribute('aria-valuemax')).toBe(String(p.categories.total))
  expect(screen.getByText(`${p.categories.mapped} of ${p.categories.total}`)).toBeTruthy()
}

// ---------------------------------------------------------------------------------------------
// mapping: the workflow of the end side
// ---------------------------------------------------------------------------------------------

const netMap = createNetwork()
netMap.auto(browseTop, (r) => ok(categoriesAnswer(r.query)))
netMap.auto(browseChildren, (r) => ok(categoriesAnswer(r.query)))
netMap.auto({ method: 'GET', path: 'core/list/categories' }, () =>
  ok({ list: Object.entries(platform).map(([id, c]) => ({ id: Number(id), name: c.name })) }),
)

const conflict = { status: 409, message: 'Someone else changed this mapping.', errors: {} }
const inactive = { status: 422, message: 'This platform category is not active.', errors: {} }
const missing = { status: 404, message: 'This category does not exist.', errors: {} }
const limited = { status: 429, message: 'Too many requests, try again in a minute.', errors: {} }
const offline = { status: 0, message: '', errors: {} }

/** A load's outcome: the category not mapped, or mapped (to Computers), with two suggestions. */
const loaded = (mapped: number | null) => ({
  category: { ...node(11, 10, 'Phones', 1, 0, mapped) },
  suggestions,
})
const savedTo = (target: number | null) => ({
  message: 'Saved.',
  category: node(11, 10, 'Phones', 1, 0, target),
  progress: { categories: { mapped: 2, total: 6 }, required_properties: { mapped: 1, total: 4 } },
})
const next = (outcome: NextUnmapped['outcome'], ids: number[]): NextUnmapped => ({
  outcome,
  nodes: ids.map((id, i) => ({ ...taxonomy().find((n) => n.id === id)!, match: i === ids.length - 1 })),
})

const mappingEvents: AnyEventObject[] = [
  { type: 'mapping.select', id: 30 },
  { type: 'mapping.map', categoryId: 503 },
  { type: 'mapping.accept' },
  { type: 'mapping.unmap' },
  { type: 'mapping.next' },
  { type: 'mapping.retry' },
  { type: 'mapping.dismiss' },
  { type: 'xstate.done.actor.loadCategory', output: loaded(null) },
  { type: 'xstate.done.actor.loadCategory', output: loaded(501) },
  { type: 'xstate.error.actor.loadCategory', error: missing },
  { type: 'xstate.done.actor.saveMapping', output: savedTo(502) },
  { type: 'xstate.done.actor.saveMapping', output: savedTo(503) },
  { type: 'xstate.done.actor.saveMapping', output: savedTo(null) },
  { type: 'xstate.error.actor.saveMapping', error: conflict },
  { type: 'xstate.error.actor.saveMapping', error: inactive },
  { type: 'xstate.done.actor.reloadCategory', output: loaded(501) },
  { type: 'xstate.error.actor.reloadCategory', error: offline },
  { type: 'xstate.done.actor.findNext', output: next('found', [20, 21]) },
  { type: 'xstate.done.actor.findNext', output: next('wrapped', [30]) },
  { type: 'xstate.done.actor.findNext', output: next('none', []) },
  { type: 'xstate.error.actor.findNext', error: limited },
]

/** What the screen offers where: buttons only where they are shown, answers consistent with what was asked. */
const mappingOffered = (s: S, e: AnyEventObject) => {
  // an event the chart ignores there is not a step
  if (!s.can(e as never)) return false
  const c = s.context
  switch (e.type) {
    case 'mapping.dismiss':
      return s.matches('ready') ? c.notice === 'conflict' || c.notice === 'wrapped' : true
    case 'xstate.done.actor.saveMapping':
      return ((e.output as { category: MappingCategory }).category.mapped_to?.id ?? null) === c.target
    case 'xstate.done.actor.findNext': {
      const outcome = (e.output as NextUnmapped).outcome
      // with nothing chosen the search starts at the top: it cannot go round
      return outcome !== 'wrapped' || c.selectedId !== null
    }
    default:
      return true
  }
}
const mappingVertex = (s: S) => [s.context.category !== null, Boolean(s.context.category?.mapped_to)]

const mappingSurface = (categoryId: number): Surface<Ui> => ({
  name: categoryId ? 'a category in the address (a reload)' : 'no category in the address',
  input: { marketplaceId: MARKETPLACE.id, categoryId: categoryId || null },
  events: mappingEvents,
  when: mappingOffered,
  vertex: mappingVertex,
  start: () => {
    netMap.install()
    netMap.reset()
    server.nodes = taxonomy()
    // the browser's address bar, which the screen keeps on the chosen category
    window.history.replaceState(null, '', mappingScreens.categories(MARKETPLACE.id, categoryId))
    const app = renderApp(netMap, mappingScreens.categories(MARKETPLACE.id, categoryId))
    return { app, net: netMap }
  },
  stop: ({ app }) => {
    app.stop()
    netMap.uninstall()
  },
})

const selectedOf = (ctx: Ctx) => (ctx.actor().getSnapshot() as S).context.selectedId
const shownName = (ctx: Ctx) => {
  const id = selectedOf(ctx)
  return id === null ? '' : byId(id).name
}

/** The category the server holds for the chosen id, mapped as the load's outcome says. */
async function answerLoad(ctx: Ctx, mapped: number | null) {
  const id = selectedOf(ctx)!
  server.nodes = server.nodes.map((n) => (n.id === id ? { ...n, mapped_to: mappedTo(mapped) } : n))
  await ctx.ui.net.answer(suggestionsOf(id), ok({ suggestions }))
  await ctx.ui.net.answer(propertiesOf(id), propertiesAnswer(id))
}

const mappingPerform: Record<string, (ctx: Ctx) => unknown> = {
  'mapping.select': async () => {
    // the row is on the top level, always in view
    await screen.findByRole('treeitem', { name: /^Toys:/, hidden: true })
    fireEvent.click(rowNamed('Toys')!)
  },
  'mapping.map': () => fireEvent.click(panel().getByRole('button', { name: /^Shoes/, hidden: true })),
  'mapping.accept': () => key('a'),
  'mapping.unmap': () => fireEvent.click(panel().getByRole('button', { name: 'Unmap', hidden: true })),
  'mapping.next': () => key('n'),
  'mapping.retry': () => fireEvent.click(panel().getByRole('button', { name: 'Try again!', hidden: true })),
  'mapping.dismiss': (ctx) => {
    const s = ctx.actor().getSnapshot() as S
    if (s.matches('ready')) fireEvent.click(panel().getByRole('button', { name: 'Close', hidden: true }))
    else fireEvent.click(panel().getByRole('button', { name: 'Cancel', hidden: true }))
  },
  'xstate.done.actor.loadCategory': (ctx) =>
    answerLoad(ctx, (ctx.event.output as ReturnType<typeof loaded>).category.mapped_to?.id ?? null),
  'xstate.error.actor.loadCategory': async (ctx) => {
    const id = selectedOf(ctx)!
    await ctx.ui.net.answer(suggestionsOf(id), ok({ suggestions }))
    await ctx.ui.net.answer(propertiesOf(id), failed(missing.status, missing.message))
  },
  'xstate.done.actor.reloadCategory': (ctx) => answerLoad(ctx, 501),
  'xstate.error.actor.reloadCategory': async (ctx) => {
    const id = selectedOf(ctx)!
    await ctx.ui.net.answer(suggestionsOf(id), ok({ suggestions }))
    await ctx.ui.net.answer(propertiesOf(id), { unreachable: true })
  },
  'xstate.done.actor.saveMapping': async (ctx) => {
    const id = selectedOf(ctx)!
    await answerWith(ctx.ui.net, save(id), () => {
      const target = (ctx.event.output as ReturnType<typeof savedTo>).category.mapped_to?.id ?? null
      server.nodes = server.nodes.map((n) => (n.id === id ? { ...n, mapped_to: mappedTo(target) } : n))
      return ok({ category: byId(id), progress: progress() }, 'Saved.')
    })
  },
  'xstate.error.actor.saveMapping': async (ctx) => {
    const e = ctx.event.error as typeof conflict
    await ctx.ui.net.answer(save(selectedOf(ctx)!), failed(e.status, e.message))
  },
  'xstate.done.actor.findNext': async (ctx) => {
    const out = ctx.event.output as NextUnmapped
    // the server's view: the found one is the first unmapped after the chosen one (or from the top)
    const empty = { marketplace: MARKETPLACE, nodes: [], total: 0, next: null, progress: progress() }
    const hit = { ...empty, nodes: out.nodes, total: 1 }
    if (out.outcome === 'found') await ctx.ui.net.answer(seekQuery, ok(hit))
    else if (out.outcome === 'wrapped') {
      await ctx.ui.net.answer({ ...seekQuery, query: (q) => seekQuery.query!(q) && q.has('after') }, ok(empty))
      await ctx.ui.net.answer({ ...seekQuery, query: (q) => seekQuery.query!(q) && !q.has('after') }, ok(hit))
    } else {
      await ctx.ui.net.answer(seekQuery, ok(empty))
      if (selectedOf(ctx) !== null) await ctx.ui.net.answer(seekQuery, ok(empty))
    }
  },
  'xstate.error.actor.findNext': (ctx) => ctx.ui.net.answer(seekQuery, failed(limited.status, limited.message)),
}

/** The chosen category as the panel shows it: its name, mapped or not, where, the suggestions. */
function showsCategory(ctx: Ctx) {
  const s = ctx.actor().getSnapshot() as S
  const c = byId(s.context.selectedId!)
  expect(panel().getByRole('heading', { level: 3, hidden: true }).textContent).toBe(c.name)
  const where = panel().getByTestId('mapped-to')
  if (c.mapped_to) {
    expect(panel().getByText('Mapped', { selector: '[data-tone]' })).toBeTruthy()
    expect(where.textContent).toContain(c.mapped_to.path.join(''))
    expect(panel().getByRole('link', { name: 'Map its properties', hidden: true }).getAttribute('href')).toBe(
      mappingScreens.properties(c.id, c.mapped_to.id),
    )
  } else {
    expect(panel().getByText('Not mapped', { selector: '[data-tone]' })).toBeTruthy()
    expect(panel().queryByRole('button', { name: 'Unmap', hidden: true })).toBeNull()
    expect(panel().queryByRole('link', { name: 'Map its properties', hidden: true })).toBeNull()
  }
  const list = panel().getByRole('list', { name: 'Suggestions', hidden: true })
  const offered = within(list).getAllByRole('button', { hidden: true })
  expect(offered).toHaveLength(2)
  expect(offered[0]!.textContent).toMatch(/^Mobile phones/)
  expect(offered[1]!.textContent).toMatch(/^Shoes/)
  // the address names it: a reload comes back to it
  expect(window.location.pathname).toBe(mappingScreens.categories(MARKETPLACE.id, c.id))
}

walk<Ui>({
  name: 'mapping',
  machine: mappingMachine,
  timeout: 8000,
  surfaces: [mappingSurface(0), mappingSurface(11)],
  perform: mappingPerform,
  states: {
    idle: () => {
      expect(panel().getByRole('heading', { name: 'Choose a category', hidden: true })).toBeTruthy()
      expect(panel().queryByRole('status')).toBeNull()
    },
    loading: (ctx) => {
      expect(panel().getByRole('status').textContent).toBe('Loading the category…')
      expect(window.location.pathname).toBe(mappingScreens.categories(MARKETPLACE.id, selectedOf(ctx)!))
      // the chosen row is marked in the tree when it is in view
      const row = rowNamed(shownName(ctx))
      if (row) expect(row.getAttribute('aria-selected')).toBe('true')
    },
    failed: (ctx) => {
      expect(panel().getByRole('alert').textContent).toBe((ctx.actor().getSnapshot() as S).context.failure?.message || genericError)
      expect(panel().getByRole('button', { name: 'Try again!', hidden: true })).toBeTruthy()
    },
    ready: (ctx) => {
      showsCategory(ctx)
      expect(panel().queryByText('Loading the category…')).toBeNull()
      expect(panel().queryByText('Saving…')).toBeNull()
      expect(panel().queryByRole('alert')).toBeNull()
      const s = ctx.actor().getSnapshot() as S
      // the notice of a conflict or of going round stays until closed
      if (s.context.notice === 'conflict') expect(panel().getByText(/Someone else changed this category's mapping meanwhile/)).toBeTruthy()
      else expect(panel().queryByText(/Someone else changed/)).toBeNull()
      if (s.context.notice === 'wrapped') expect(panel().getByText(/started again from the top/)).toBeTruthy()
    },
    saving: (ctx) => {
      const s = ctx.actor().getSnapshot() as S
      if (s.context.target === null)
        expect(
          panel()
            .getByRole('button', { name: /Unmapping…/, hidden: true })
            .getAttribute('aria-busy'),
        ).toBe('true')
      else expect(panel().getByRole('status').textContent).toBe('Saving…')
      // nothing else can be picked meanwhile
      for (const b of within(panel().getByRole('list', { name: 'Suggestions', hidden: true })).getAllByRole('button', { hidden: true }))
        expect((b as HTMLButtonElement).disabled).toBe(true)
    },
    saveFailed: () => {
      expect(panel().getByRole('alert').textContent).toBe(inactive.message)
      expect(panel().getByRole('button', { name: 'Try again!', hidden: true })).toBeTruthy()
      expect(panel().getByRole('button', { name: 'Cancel', hidden: true })).toBeTruthy()
    },
    reloading: () => {
      expect(panel().getByText(/Someone else changed this category's mapping meanwhile/)).toBeTruthy()
    },
    seeking: () => {
      expect(screen.getByRole('button', { name: /Finding the next one…/, hidden: true }).getAttribute('aria-busy')).toBe('true')
    },
    seekFailed: () => {
      expect(panel().getByRole('alert').textContent).toBe(limited.message)
      expect(panel().getByRole('button', { name: 'Try again!', hidden: true })).toBeTruthy()
    },
    '*': () => {
      expect(screen.getByRole('heading', { name: MARKETPLACE.name, hidden: true })).toBeTruthy()
    },
  },
  after: {
    // saved: a toast in the UI's language, the row and the progress change without the tree being read again
    'xstate.done.actor.saveMapping': async (ctx) => {
      const c = byId(selectedOf(ctx)!)
      const message = c.mapped_to ? `“${c.name}” mapped to “${c.mapped_to.name}”.` : `“${c.name}” is no longer mapped.`
      expect(toast(message)).toBe('success')
      const row = rowNamed(c.name)
      if (row) expect(row.getAttribute('aria-label')).toBe(c.mapped_to ? `${c.name}: Mapped, ${c.mapped_to.name}` : `${c.name}: Not mapped`)
      progressShown()
      expect(ctx.ui.net.seen.filter((r) => r.path === categoriesPath && isBrowse(r.query) && !r.query.has('parent_id'))).toHaveLength(1)
    },
    // someone else's change: the latest is read again (category and suggestions)
    'xstate.error.actor.saveMapping': async (ctx) => {
      if ((ctx.event.error as typeof conflict).status !== 409) return
      await ctx.ui.net.next(propertiesOf(selectedOf(ctx)!))
      await ctx.ui.net.next(suggestionsOf(selectedOf(ctx)!))
    },
    'xstate.done.actor.reloadCategory': (ctx) => {
      const c = byId(selectedOf(ctx)!)
      const row = rowNamed(c.name)
      if (row) expect(row.getAttribute('aria-label')).toBe(`${c.name}: Mapped, Computers`)
    },
    'xstate.error.actor.reloadCategory': () => expect(panel().getByRole('alert').textContent).toBe(genericError),
    // next unmapped: the one found is revealed in the tree (its ancestors opened) and chosen
    'xstate.done.actor.findNext': async (ctx) => {
      const out = ctx.event.output as NextUnmapped
      const found = out.nodes.find((n) => n.match)
      if (!found) {
        expect(toast('Everything is mapped.')).toBe('info')
        return
      }
      const row = await screen.findByRole('treeitem', { name: new RegExp(`^${found.name}:`), hidden: true })
      expect(row.getAttribute('aria-selected')).toBe('true')
      for (const a of out.nodes.filter((n) => !n.match)) expect(rowNamed(a.name)?.getAttribute('aria-expanded')).toBe('true')
    },
    // the shortcut asks the server for the first unmapped after the chosen one
    'mapping.next': async (ctx) => {
      const r = await ctx.ui.net.next(seekQuery)
      const chosen = selectedOf(ctx)
      expect(r.query.get('after')).toBe(chosen === null ? null : String(chosen))
    },
    // a save carries what the admin saw
    'mapping.map': async (ctx) => {
      const r = await ctx.ui.net.next(save(selectedOf(ctx)!))
      expect(r.body).toEqual({ category_id: 503, expected: (ctx.actor().getSnapshot() as S).context.category?.mapped_to?.id ?? null })
    },
    'mapping.accept': async (ctx) => {
      const r = await ctx.ui.net.next(save(selectedOf(ctx)!))
      expect(r.body).toMatchObject({ category_id: 502 })
    },
    'mapping.unmap': async (ctx) => {
      const r = await ctx.ui.net.next(save(selectedOf(ctx)!))
      expect(r.body).toEqual({ category_id: null, expected: 501 })
    },
  },
})

// ---------------------------------------------------------------------------------------------
// mappingTree: the start side
// ---------------------------------------------------------------------------------------------

const netTree = createNetwork()
netTree.auto({ method: 'GET', path: /^core\/mapping\/properties\/\d+$/ }, (r) => propertiesAnswer(Number(r.path.split('/').at(-1))))
netTree.auto({ method: 'GET', path: /^core\/mapping\/suggestions\/\d+$/ }, () => ok({ suggestions }))
netTree.auto({ method: 'GET', path: 'core/list/categories' }, () => ok({ list: [] }))

type TreeQuery = { search: string; status: string; leaves: boolean }
const queryKey = (q: TreeQuery) => `${q.search}|${q.status}|${q.leaves ? 1 : 0}`
/** What the server answers a query of the tree (browse: the top level), as the chart keeps it. */
const treeAnswer = (q: TreeQuery) => {
  server.nodes = taxonomy()
  const result = categoriesAnswer(
    new URLSearchParams({
      ...(q.search ? { search: q.search } : {}),
      ...(q.status !== 'all' ? { status: q.status } : {}),
      ...(q.leaves ? { leaves: '1' } : {}),
    }),
  )
  return { type: 'xstate.done.actor.loadTree', query: queryKey(q), output: { result, nodes: result.nodes } }
}
const queries: TreeQuery[] = [
  { search: '', status: 'all', leaves: false },
  { search: 'ph', status: 'all', leaves: false },
  { search: 'zz', status: 'all', leaves: false },
  { search: '', status: 'unmapped', leaves: false },
  { search: '', status: 'all', leaves: true },
]
const childrenOf = (parent: number) => {
  server.nodes = taxonomy()
  return categoriesAnswer(new URLSearchParams(parent ? { parent_id: String(parent) } : {}))
}
const revealed = next('found', [20, 21]).nodes

/** The query string of a find. */
const findParams = (q: TreeQuery, after?: number) =>
  new URLSearchParams({
    ...(q.search ? { search: q.search } : {}),
    ...(q.status !== 'all' ? { status: q.status } : {}),
    ...(q.leaves ? { leaves: '1' } : {}),
    ...(after === undefined ? {} : { after: String(after) }),
  })
/** A find's pages up to the one that ends at `next` (what "Show more" has added), its rows once each. */
const findShown = (q: TreeQuery, next: number | null) => {
  let answer = categoriesAnswer(findParams(q))
  const rows = new Map<number, MappingCategory>()
  for (let i = 0; i < 10; i += 1) {
    for (const n of answer.nodes) if (!rows.has(n.id)) rows.set(n.id, n)
    if (answer.next === next || answer.next === null) break
    answer = categoriesAnswer(findParams(q, answer.next))
  }
  return [...rows.values()]
}
/** The pages after the first of the finds that have more than one. */
const morePages = queries.flatMap((q) => {
  server.nodes = taxonomy()
  const pages: AnyEventObject[] = []
  for (let answer = categoriesAnswer(findParams(q)); answer.next !== null;) {
    const after: number = answer.next
    answer = categoriesAnswer(findParams(q, after))
    pages.push({ type: 'xstate.done.actor.loadMore', query: queryKey(q), after, output: { result: answer, nodes: answer.nodes } })
  }
  return q.search === '' && q.status === 'all' && !q.leaves ? [] : pages
})

const treeEvents: AnyEventObject[] = [
  { type: 'tree.expand', id: 10 },
  { type: 'tree.collapse', id: 10 },
  { type: 'tree.search', text: 'ph' },
  { type: 'tree.search', text: 'p' },
  { type: 'tree.search', text: 'zz' },
  { type: 'tree.search', text: '' },
  { type: 'tree.status', status: 'unmapped' },
  { type: 'tree.status', status: 'all' },
  { type: 'tree.leaves', leaves: true },
  { type: 'tree.leaves', leaves: false },
  { type: 'tree.retry' },
  { type: 'tree.dismiss' },
  { type: 'tree.more' },
  ...morePages,
  { type: 'xstate.error.actor.loadMore', error: limited },
  { type: 'tree.reveal', nodes: revealed },
  { type: 'tree.patch', category: node(30, null, 'Toys', 0, 0, 502), progress: null },
  ...queries.map(treeAnswer),
  { type: 'xstate.after.searchDelay.mappingTree.debouncing' },
  { type: 'xstate.error.actor.loadTree', error: offline },
  { type: 'xstate.done.actor.loadChildren', output: { result: childrenOf(10), nodes: childrenOf(10).nodes } },
  { type: 'xstate.error.actor.loadChildren', error: limited },
  {
    type: 'xstate.done.actor.loadBranches',
    output: { branches: [{ parentId: 20, nodes: childrenOf(20).nodes }], result: childrenOf(20), reveal: revealed },
  },
  // the top level too, when a find was asked for before it was ever read
  {
    type: 'xstate.done.actor.loadBranches',
    output: {
      branches: [
        { parentId: 0, nodes: childrenOf(0).nodes },
        { parentId: 20, nodes: childrenOf(20).nodes },
      ],
      result: childrenOf(0),
      reveal: revealed,
    },
  },
  { type: 'xstate.error.actor.loadBranches', error: limited },
]
server.nodes = taxonomy()

const treeOffered = (s: T, e: AnyEventObject) => {
  if (!s.can(e as never)) return false
  const c = s.context
  const browsing = c.search === '' && c.status === 'all' && !c.leaves
  switch (e.type) {
    case 'tree.expand':
      return c.found === null && !c.expanded.includes(10)
    case 'tree.collapse':
      return c.found === null && c.expanded.includes(10)
    case 'tree.search':
      // one filter at a time (but typing while more is read drops that read); only a change of text is typed
      return (s.matches('loadingMore') || (c.status === 'all' && !c.leaves)) && e.text !== c.searchText
    case 'tree.status':
      return c.search === '' && !c.leaves && e.status !== c.status && !s.matches('debouncing')
    case 'tree.leaves':
      return c.search === '' && c.status === 'all' && e.leaves !== c.leaves && !s.matches('debouncing')
    case 'tree.dismiss':
      return c.failure !== null
    case 'xstate.done.actor.loadBranches':
      return (e.output as { branches: unknown[] }).branches.length === (c.children[0] === undefined ? 2 : 1)
    case 'xstate.done.actor.loadTree':
      // the answer to what the chart asked
      return (e as { query?: string }).query === queryKey(c)
    case 'xstate.done.actor.loadMore':
      return (e as { query?: string }).query === queryKey(c) && (e as { after?: number }).after === c.next
    // a row is mapped from the panel while browsing (Toys is on the top level)
    case 'tree.patch':
      return c.found === null && browsing && (s.matches('ready') || s.matches('expanding') || s.matches('revealing'))
    default:
      return true
  }
}
const treeVertex = (s: T) => [s.context.found !== null, s.context.children[20] !== undefined]

const treeSurface: Surface<Ui> = {
  name: 'the tree of a marketplace',
  input: { marketplaceId: MARKETPLACE.id },
  events: treeEvents,
  when: treeOffered,
  vertex: treeVertex,
  start: () => {
    netTree.install()
    netTree.reset()
    server.nodes = taxonomy()
    window.history.replaceState(null, '', '/')
    const app = renderApp(netTree, mappingScreens.categories(MARKETPLACE.id))
    return { app, net: netTree }
  },
  stop: ({ app }) => {
    app.stop()
    netTree.uninstall()
  },
}

const treeOf = (ctx: Ctx) => (ctx.actor().getSnapshot() as T).context
const searchBox = () => treePane().getByRole('searchbox', { name: 'Search categories', hidden: true })

walk<Ui>({
  name: 'mappingTree',
  machine: mappingTreeMachine,
  timeout: 8000,
  surfaces: [treeSurface],
  perform: {
    'tree.expand': async () => {
      const row = rowNamed('Electronics')!
      row.focus()
      fireEvent.keyDown(row, { key: 'ArrowRight' })
    },
    'tree.collapse': async () => {
      const row = rowNamed('Electronics')!
      row.focus()
      fireEvent.keyDown(row, { key: 'ArrowLeft' })
    },
    'tree.search': (ctx) => fireEvent.change(searchBox(), { target: { value: ctx.event.text } }),
    'tree.status': (ctx) =>
      fireEvent.click(
        within(treePane().getByRole('group', { name: 'Show', hidden: true })).getByRole('button', {
          name: ctx.event.status === 'all' ? 'All' : 'Not mapped',
          hidden: true,
        }),
      ),
    'tree.leaves': () => fireEvent.click(treePane().getByRole('checkbox', { name: 'Leaves only', hidden: true })),
    'tree.retry': () => fireEvent.click(treePane().getByRole('button', { name: 'Try again!', hidden: true })),
    'tree.dismiss': () => fireEvent.click(treePane().getByRole('button', { name: 'Close', hidden: true })),
    // next unmapped (N), answered by the server with Shoes under Fashion
    'tree.reveal': async (ctx) => {
      await screen.findByRole('button', { name: /^Next unmapped/, hidden: true })
      const mapping = () => screen.getByRole('button', { name: /^Next unmapped/, hidden: true }) as HTMLButtonElement
      await expect.poll(() => mapping().disabled).toBe(false)
      key('n')
      const hit = { marketplace: MARKETPLACE, nodes: ctx.event.nodes as MappingCategory[], total: 1, next: null, progress: progress() }
      // from Shoes itself nothing is left after it: the search goes round to the top and finds it again
      const first = await answerWith(ctx.ui.net, seekQuery, (q) =>
        q.get('after') === '21' ? ok({ ...hit, nodes: [], total: 0 }) : ok(hit),
      )
      if (first.query.get('after') === '21') await ctx.ui.net.answer(seekQuery, ok(hit))
    },
    // Toys chosen and mapped to the first suggestion from the panel
    'tree.patch': async (ctx) => {
      fireEvent.click(rowNamed('Toys')!)
      await panel().findByRole('heading', { level: 3, name: 'Toys', hidden: true })
      const list = await panel().findByRole('list', { name: 'Suggestions', hidden: true })
      // the first suggestion it is not mapped to yet
      let choice: HTMLButtonElement | undefined
      await expect
        .poll(
          () =>
            (choice = within(list)
              .queryAllByRole('button', { hidden: true })
              .find((b) => !(b as HTMLButtonElement).disabled) as HTMLButtonElement | undefined),
        )
        .toBeTruthy()
      const target = suggestions.find((x) => choice!.textContent?.startsWith(x.name))!.id
      fireEvent.click(choice!)
      await answerWith(ctx.ui.net, save(30), () => {
        server.nodes = server.nodes.map((n) => (n.id === 30 ? { ...n, mapped_to: mappedTo(target) } : n))
        return ok({ category: byId(30), progress: progress() }, 'Saved.')
      })
    },
    'xstate.done.actor.loadTree': (ctx) =>
      answerWith(ctx.ui.net, { ...browseTop, query: () => true, path: categoriesPath }, (q) => ok(categoriesAnswer(q))),
    'xstate.error.actor.loadTree': (ctx) => ctx.ui.net.answer({ method: 'GET', path: categoriesPath }, { unreachable: true }),
    'tree.more': () => fireEvent.click(treePane().getByRole('button', { name: 'Show more', hidden: true })),
    'xstate.done.actor.loadMore': (ctx) => answerWith(ctx.ui.net, readOn, (q) => ok(categoriesAnswer(q))),
    'xstate.error.actor.loadMore': (ctx) => ctx.ui.net.answer(readOn, failed(limited.status, limited.message)),
    'xstate.done.actor.loadChildren': (ctx) => answerWith(ctx.ui.net, browseChildren, (q) => ok(categoriesAnswer(q))),
    'xstate.error.actor.loadChildren': (ctx) => ctx.ui.net.answer(browseChildren, failed(limited.status, limited.message)),
    'xstate.done.actor.loadBranches': async (ctx) => {
      // every branch leading to the revealed row that was not read yet
      while (ctx.ui.net.waiting().some((r) => r.path === categoriesPath && isBrowse(r.query)))
        await answerWith(ctx.ui.net, { method: 'GET', path: categoriesPath, query: isBrowse }, (q) => ok(categoriesAnswer(q)))
    },
    'xstate.error.actor.loadBranches': (ctx) =>
      ctx.ui.net.answer({ method: 'GET', path: categoriesPath, query: isBrowse }, failed(limited.status, limited.message)),
  },
  states: {
    loading: () => expect(treePane().getByRole('status').textContent).toBe('Loading categories…'),
    failed: () => {
      expect(treePane().getByRole('alert').textContent).toBe('The categories could not be loaded.')
      expect(treePane().getByRole('button', { name: 'Try again!', hidden: true })).toBeTruthy()
    },
    ready: (ctx) => {
      const c = treeOf(ctx)
      const shown = screen.queryAllByRole('treeitem', { hidden: true }).map((r) => r.getAttribute('aria-label')?.split(':')[0])
      if (c.found === null) {
        // browsing: the top level, and the children of the open branches
        const expected = server.nodes
          .filter((n) => n.parent_id === null || (c.expanded.includes(n.parent_id) && c.children[n.parent_id]))
          .map((n) => n.name)
        expect(shown).toEqual(expected)
        expect(rowNamed('Electronics')!.getAttribute('aria-expanded')).toBe(String(c.expanded.includes(10)))
        expect(rowNamed('Electronics')!.getAttribute('aria-level')).toBe('1')
      } else {
        // finding: the matches in context (their ancestors with them), the search term marked
        const rows = findShown(c, c.next)
        if (rows.length === 0) expect(treePane().getByText('No category matches.')).toBeTruthy()
        else expect(shown).toEqual(rows.map((n) => n.name))
        // the matches shown of all, and "Show more" while some are not
        const total = categoriesAnswer(findParams(c)).total
        const matches = rows.filter((n) => n.match).length
        if (matches < total) expect(treePane().getByText(`${matches} of ${total} shown.`)).toBeTruthy()
        expect(treePane().queryByRole('button', { name: 'Show more', hidden: true }) !== null).toBe(c.next !== null)
        if (c.search) for (const m of tree().querySelectorAll('mark')) expect(m.textContent?.toLowerCase()).toBe(c.search)
        if (c.search === 'ph') expect(tree().querySelectorAll('mark')).toHaveLength(1)
      }
      expect(treePane().queryByRole('status')).toBeNull()
      if (c.failure) expect(treePane().getByRole('alert').textContent).toBe(limited.message)
      else expect(treePane().queryByRole('alert')).toBeNull()
    },
    debouncing: (ctx) => {
      expect((searchBox() as HTMLInputElement).value).toBe(treeOf(ctx).searchText)
    },
    expanding: () => {
      expect(rowNamed('Electronics')!.getAttribute('aria-busy')).toBe('true')
    },
    // the rows shown stay while the next page is read; the button says so
    loadingMore: (ctx) => {
      const c = treeOf(ctx)
      const shown = screen.queryAllByRole('treeitem', { hidden: true }).map((r) => r.getAttribute('aria-label')?.split(':')[0])
      expect(shown).toEqual(findShown(c, c.next).map((n) => n.name))
      expect(treePane().getByRole('button', { name: 'Loading more…', hidden: true }).getAttribute('aria-busy')).toBe('true')
    },
    revealing: () => {
      expect(treePane().queryByRole('alert')).toBeNull()
    },
    '*': (ctx) => {
      expect(screen.getByRole('heading', { level: 2, hidden: true }).textContent).toBe(
        treeOf(ctx).marketplace ? MARKETPLACE.name : '\u00a0',
      )
    },
  },
  after: {
    // a row mapped from the panel changes in place: the tree is not read again
    'tree.patch': () => {
      expect(rowNamed('Toys')!.getAttribute('aria-label')).toBe(`Toys: Mapped, ${byId(30).mapped_to!.name}`)
      progressShown()
    },
    // the revealed row is chosen and its branch open
    'xstate.done.actor.loadBranches': () => {
      expect(rowNamed('Fashion')!.getAttribute('aria-expanded')).toBe('true')
      expect(rowNamed('Shoes')!.getAttribute('aria-selected')).toBe('true')
      expect(rowNamed('Shoes')!.getAttribute('aria-level')).toBe('2')
    },
  },
})
