import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { fetchMappingCategories } from '../api/mapping'
import {
  MAPPING_FIND_PAGE,
  MAPPING_PAGE_MAX,
  type MappingCategoriesResult,
  type MappingCategory,
  type MappingProgress,
  type MappingStatus,
} from '../contract/mapping'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '../contract/resource'
import { failureOf, type Failure } from './failure'

export type MappingTreeInput = { marketplaceId: number }
export type TreeStatus = 'all' | MappingStatus
/** The top level's key among `children`. */
export const TOP = 0

export type MappingTreeContext = {
  marketplaceId: number
  marketplace: { id: number; name: string } | null
  progress: MappingProgress | null
  /** Every category read so far, by id. */
  nodes: Record<number, MappingCategory>
  /** Browsing: the children read of each category (`TOP`: the top level), in order. */
  children: Record<number, number[]>
  expanded: number[]
  /** The category whose children are being read. */
  loadingId: number | null
  /** What is typed in the search box, and the find that applies. */
  searchText: string
  search: string
  status: TreeStatus
  leaves: boolean
  /** Finding: the matches and their ancestors in tree order; null while browsing. */
  found: number[] | null
  /** Finding: how many match in all (more than shown when the answer was cut). */
  total: number
  /** Finding: where "Show more" reads on (null when every match is shown). */
  next: number | null
  /** The query whose rows are shown (null before the first answer). */
  shown: string | null
  failure: Failure | null
}

export type MappingTreeEvent =
  | { type: 'tree.expand'; id: number }
  | { type: 'tree.collapse'; id: number }
  | { type: 'tree.search'; text: string }
  | { type: 'tree.status'; status: TreeStatus }
  | { type: 'tree.leaves'; leaves: boolean }
  | { type: 'tree.retry' }
  | { type: 'tree.dismiss' }
  /** Finding: the next page of matches ("Show more"). */
  | { type: 'tree.more' }
  /** From the mapping chart: a category found by "next unmapped", with its ancestors. */
  | { type: 'tree.reveal'; nodes: MappingCategory[] }
  /** From the mapping chart: a category changed (and, after a save, the progress). */
  | { type: 'tree.patch'; category: MappingCategory; progress: MappingProgress | null }

type Query = { search: string; status: TreeStatus; leaves: boolean }
type Loaded = { result: MappingCategoriesResult; nodes: MappingCategory[] }
type Branches = {
  branches: { parentId: number; nodes: MappingCategory[] }[]
  result: MappingCategoriesResult | null
  /** The category revealed and its ancestors. */
  reveal: MappingCategory[]
}

const isFinding = (q: Query) => q.search !== '' || q.status !== 'all' || q.leaves
const keyOf = (q: Query) => JSON.stringify([q.search, q.status, q.leaves])
/** The search that applies for a typed text: trimmed, and nothing below the minimum length. */
const searchOf = (text: string) => (text.trim().length >= SEARCH_MIN_LENGTH ? text.trim() : '')

/** All the children of `parentId` (`TOP`: the top level), page after page. */
async function readBranch(marketplaceId: number, parentId: number, signal?: AbortSignal) {
  const base = { limit: MAPPING_PAGE_MAX, ...(parentId === TOP ? {} : { parent_id: parentId }) }
  let result = await fetchMappingCategories(marketplaceId, base, signal)
  const nodes = [...result.nodes]
  // a branch larger than a page is read on (bounded: a runaway cursor must not loop)
  for (let i = 0; result.next !== null && i < 50; i += 1) {
    result = await fetchMappingCategories(marketplaceId, { ...base, after: result.next }, signal)
    nodes.push(...result.nodes)
  }
  return { result, nodes }
}

/** A page of a find (its matches with their ancestors), from the start or after `after`. */
async function readFind(marketplaceId: number, query: Query, after: number | null, signal?: AbortSignal): Promise<Loaded> {
  const result = await fetchMappingCategories(
    marketplaceId,
    {
      limit: MAPPING_FIND_PAGE,
      ...(after === null ? {} : { after }),
      ...(query.search ? { search: query.search } : {}),
      ...(query.status === 'all' ? {} : { status: query.status }),
      ...(query.leaves ? { leaves: '1' as const } : {}),
    },
    signal,
  )
  return { result, nodes: result.nodes }
}

const byId = (nodes: readonly MappingCategory[]) => Object.fromEntries(nodes.map((n) => [n.id, n]))

/** A category as the path player's examples give it. */
const exampleNode: MappingCategory = {
  id: 1,
  parent_id: null,
  external_id: 'example',
  name: 'Example',
  name_ar: 'مثال',
  name_en: 'Example',
  depth: 0,
  children_count: 0,
  properties_count: 0,
  required_unmapped: 0,
  mapped_to: null,
  match: true,
}

/**
 * A marketplace's category tree on the mapping screen: browsed level by level (children read when a
 * category is first expanded), or found (search, mapped / not mapped, leaves only: the matches in
 * context with their ancestors). "Next unmapped" reveals its find here; a saved mapping patches its row.
 */
export const mappingTreeMachine = setup({
  types: {
    context: {} as MappingTreeContext,
    events: {} as MappingTreeEvent,
    input: {} as MappingTreeInput,
  },
  actors: {
    loadTree: fromPromise<Loaded, { marketplaceId: number; query: Query }>(async ({ input, signal }) => {
      const { query } = input
      if (!isFinding(query)) return readBranch(input.marketplaceId, TOP, signal)
      return readFind(input.marketplaceId, query, null, signal)
    }),
    loadMore: fromPromise<Loaded, { marketplaceId: number; query: Query; after: number }>(({ input, signal }) =>
      readFind(input.marketplaceId, input.query, input.after, signal),
    ),
    loadChildren: fromPromise<Loaded, { marketplaceId: number; id: number }>(({ input, signal }) =>
      readBranch(input.marketplaceId, input.id, signal),
    ),
    /** The branches a revealed category's ancestors need (those not read yet). */
    loadBranches: fromPromise<Branches, { marketplaceId: number; parents: number[]; reveal: MappingCategory[] }>(
      async ({ input, signal }) => {
        const read = await Promise.all(input.parents.map((parentId) => readBranch(input.marketplaceId, parentId, signal)))
        return {
          branches: read.map((r, i) => ({ parentId: input.parents[i] ?? TOP, nodes: r.nodes })),
          result: read[0]?.result ?? null,
          reveal: input.reveal,
        }
      },
    ),
  },
  actions: {
    setText: assign((_, params: { text: string }) => ({ searchText: params.text })),
    applySearch: assign(({ context }) => ({ search: searchOf(context.searchText) })),
    setStatus: assign((_, params: { status: TreeStatus }) => ({ status: params.status })),
    setLeaves: assign((_, params: { leaves: boolean }) => ({ leaves: params.leaves })),
    setLoaded: assign(({ context }, params: Loaded) => {
      const finding = isFinding(context)
      return {
        marketplace: params.result.marketplace,
        progress: params.result.progress,
        nodes: finding ? { ...context.nodes, ...byId(params.nodes) } : byId(params.nodes),
        children: finding ? context.children : { [TOP]: params.nodes.map((n) => n.id) },
        expanded: finding ? context.expanded : [],
        found: finding ? params.nodes.map((n) => n.id) : null,
        total: params.result.total,
        next: finding ? params.result.next : null,
        shown: keyOf(context),
        failure: null,
      }
    }),
    /**
     * The next page of a find, after the rows shown: its matches and the ancestors not shown yet (a
     * page's rows come after the previous page's in tree order, so adding them keeps that order).
     */
    addPage: assign(({ context }, params: Loaded) => {
      const shown = new Set(context.found ?? [])
      const added = params.nodes.filter((n) => !shown.has(n.id))
      return {
        nodes: { ...context.nodes, ...byId(added) },
        found: [...(context.found ?? []), ...added.map((n) => n.id)],
        next: params.result.next,
        progress: params.result.progress,
        failure: null,
      }
    }),
    setChildren: assign(({ context }, params: Loaded & { id: number }) => ({
      nodes: { ...context.nodes, ...byId(params.nodes) },
      children: { ...context.children, [params.id]: params.nodes.map((n) => n.id) },
      expanded: [...context.expanded.filter((x) => x !== params.id), params.id],
      progress: params.result.progress,
      failure: null,
    })),
    setBranches: assign(({ context }, params: Branches) => {
      const nodes = { ...context.nodes, ...byId(params.reveal) }
      const children = { ...context.children }
      for (const b of params.branches) {
        Object.assign(nodes, byId(b.nodes))
        children[b.parentId] = b.nodes.map((n) => n.id)
      }
      const ancestors = params.reveal.filter((n) => !n.match).map((n) => n.id)
      return {
        nodes,
        children,
        expanded: [...new Set([...context.expanded, ...ancestors])],
        ...(params.result ? { progress: params.result.progress, marketplace: params.result.marketplace } : {}),
        // the tree is browsed again, so the category shows in its place
        found: null,
        next: null,
        shown: keyOf({ search: '', status: 'all', leaves: false }),
        searchText: '',
        search: '',
        status: 'all' as const,
        leaves: false,
        failure: null,
      }
    }),
    /** Opens the ancestors of a revealed category already read. */
    reveal: assign(({ context }, params: { nodes: MappingCategory[] }) => ({
      expanded: [...new Set([...context.expanded, ...params.nodes.filter((n) => !n.match).map((n) => n.id)])],
    })),
    expand: assign(({ context }, params: { id: number }) => ({
      expanded: [...context.expanded.filter((x) => x !== params.id), params.id],
    })),
    collapse: assign(({ context }, params: { id: number }) => ({ expanded: context.expanded.filter((x) => x !== params.id) })),
    setLoadingId: assign((_, params: { id: number | null }) => ({ loadingId: params.id })),
    patch: assign(({ context }, params: { category: MappingCategory; progress: MappingProgress | null }) => ({
      nodes: { ...context.nodes, [params.category.id]: { ...params.category, match: context.nodes[params.category.id]?.match ?? true } },
      progress: params.progress ?? context.progress,
    })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    isLoaded: ({ context }, params: { id: number }) => context.children[params.id] !== undefined,
    /** The typed text asks for other rows than those shown (a read cut short by typing counts as not shown). */
    searchChanges: ({ context }) => keyOf({ ...context, search: searchOf(context.searchText) }) !== context.shown,
    /** The revealed category is on screen already (the find shows it, or its branches are read and open). */
    isShown: ({ context }, params: { nodes: MappingCategory[] }) => {
      const target = params.nodes.find((n) => n.match)
      if (!target) return true
      if (context.found) return context.found.includes(target.id)
      return context.children[TOP] !== undefined && params.nodes.filter((n) => !n.match).every((n) => context.children[n.id] !== undefined)
    },
    /** A find shows fewer matches than there are. */
    hasMore: ({ context }) => context.found !== null && context.next !== null,
    /** Every branch leading to it is read already (the top level included). */
    branchesRead: ({ context }, params: { nodes: MappingCategory[] }) =>
      context.children[TOP] !== undefined && params.nodes.filter((n) => !n.match).every((n) => context.children[n.id] !== undefined),
  },
  delays: { searchDelay: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'mappingTree',
  // the path player's starting data and payloads (Flows screen): a category found deep in a branch not read yet
  meta: {
    examples: {
      inputs: [{ marketplaceId: 1 }],
      events: [
        {
          type: 'tree.reveal',
          nodes: [
            { ...exampleNode, id: 10, depth: 0, children_count: 1, match: false },
            { ...exampleNode, id: 11, parent_id: 10, depth: 1, match: true },
          ],
        },
      ],
    },
  },
  description: "A marketplace's category tree: browsed level by level, or found by search and filters.",
  context: ({ input }) => ({
    marketplaceId: input.marketplaceId,
    marketplace: null,
    progress: null,
    nodes: {},
    children: {},
    expanded: [],
    loadingId: null,
    searchText: '',
    search: '',
    status: 'all',
    leaves: false,
    found: null,
    total: 0,
    next: null,
    shown: null,
    failure: null,
  }),
  on: {
    'tree.patch': {
      actions: { type: 'patch', params: ({ event }) => event },
      description: 'A category was mapped or unmapped: its row (and the progress) change, the tree is not read again.',
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The top level (browsing) or the matches with their ancestors (finding) are read.',
      invoke: {
        id: 'loadTree',
        src: 'loadTree',
        input: ({ context }) => ({
          marketplaceId: context.marketplaceId,
          query: { search: context.search, status: context.status, leaves: context.leaves },
        }),
        onDone: {
          target: 'ready',
          description: 'Read: the rows are shown.',
          actions: { type: 'setLoaded', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          description: 'Not read: the message and Try again.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'tree.search': {
          target: 'debouncing',
          description: 'Typing while it is read: the search waits for typing to pause.',
          actions: { type: 'setText', params: ({ event }) => event },
        },
      },
    },
    failed: {
      description: 'The tree could not be read: the message and Try again.',
      on: {
        'tree.retry': { target: 'loading', description: 'Try again.' },
      },
    },
    ready: {
      description: 'The rows are shown: expand, collapse, search and filter.',
      on: {
        'tree.expand': [
          {
            guard: { type: 'isLoaded', params: ({ event }) => event },
            description: 'Its children are read already: they show at once.',
            actions: { type: 'expand', params: ({ event }) => event },
          },
          {
            target: 'expanding',
            description: 'Its children are read for the first time (the row shows it is loading).',
            actions: { type: 'setLoadingId', params: ({ event }) => event },
          },
        ],
        'tree.collapse': { description: 'Its children are hidden.', actions: { type: 'collapse', params: ({ event }) => event } },
        'tree.search': {
          target: 'debouncing',
          description: 'A keystroke in the search box starts the wait.',
          actions: { type: 'setText', params: ({ event }) => event },
        },
        'tree.status': {
          target: 'loading',
          description: 'All / mapped / not mapped chosen: read again.',
          actions: { type: 'setStatus', params: ({ event }) => event },
        },
        'tree.leaves': {
          target: 'loading',
          description: '"Leaves only" switched: read again.',
          actions: { type: 'setLeaves', params: ({ event }) => event },
        },
        'tree.reveal': [
          {
            guard: { type: 'isShown', params: ({ event }) => event },
            description: 'It is on screen already: its branch is opened.',
            actions: { type: 'reveal', params: ({ event }) => event },
          },
          {
            guard: { type: 'branchesRead', params: ({ event }) => event },
            description: 'Its branches are read but a find hides it: the tree is browsed again with its branch open.',
            actions: { type: 'setBranches', params: ({ event }) => ({ branches: [], result: null, reveal: event.nodes }) },
          },
          { target: 'revealing', description: 'Its ancestors are read, then opened.' },
        ],
        'tree.dismiss': { description: "A branch's failure was closed.", actions: 'clearFailure' },
        'tree.more': {
          guard: 'hasMore',
          target: 'loadingMore',
          description: '"Show more" under a find cut short: the next matches are read.',
          actions: 'clearFailure',
        },
      },
    },
    loadingMore: {
      description: 'The next page of the find is read; the rows shown stay, "Show more" says it is loading.',
      invoke: {
        id: 'loadMore',
        src: 'loadMore',
        input: ({ context }) => ({
          marketplaceId: context.marketplaceId,
          query: { search: context.search, status: context.status, leaves: context.leaves },
          after: context.next ?? 0,
        }),
        onDone: {
          target: 'ready',
          description: 'Read: its rows are added after those shown.',
          actions: { type: 'addPage', params: ({ event }) => event.output },
        },
        onError: {
          target: 'ready',
          description: 'Not read: the message; the rows shown stay, and "Show more" can be tried again.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'tree.search': {
          target: 'debouncing',
          description: 'Typing while more is read: that read is dropped, the search waits for typing to pause.',
          actions: { type: 'setText', params: ({ event }) => event },
        },
      },
    },
    debouncing: {
      description: 'Waiting for typing to pause; each keystroke restarts the wait.',
      on: {
        'tree.search': {
          target: 'debouncing',
          reenter: true,
          description: 'Another keystroke restarts the wait.',
          actions: { type: 'setText', params: ({ event }) => event },
        },
      },
      after: {
        searchDelay: [
          {
            guard: 'searchChanges',
            target: 'loading',
            description:
              'A term of at least 2 characters (or a cleared box), or rows of another query on screen: the find (or the browse) is read.',
            actions: 'applySearch',
          },
          { target: 'ready', description: 'Shorter than 2 characters, or the rows shown already: nothing is read.' },
        ],
      },
    },
    expanding: {
      description: "A category's children are read; its row shows it is loading.",
      invoke: {
        id: 'loadChildren',
        src: 'loadChildren',
        input: ({ context }) => ({ marketplaceId: context.marketplaceId, id: context.loadingId ?? 0 }),
        onDone: {
          target: 'ready',
          description: 'Read: the children show under it.',
          actions: [
            { type: 'setChildren', params: ({ context, event }) => ({ ...event.output, id: context.loadingId ?? 0 }) },
            { type: 'setLoadingId', params: { id: null } },
          ],
        },
        onError: {
          target: 'ready',
          description: 'Not read: the message, and the row stays closed.',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'setLoadingId', params: { id: null } },
          ],
        },
      },
    },
    revealing: {
      description: 'A category found by "next unmapped": the branches leading to it are read.',
      entry: assign({ failure: null }),
      invoke: {
        id: 'loadBranches',
        src: 'loadBranches',
        input: ({ context, event }) => {
          const nodes = event.type === 'tree.reveal' ? event.nodes : []
          const parents = [TOP, ...nodes.filter((n) => !n.match).map((n) => n.id)].filter((id) => context.children[id] === undefined)
          return { marketplaceId: context.marketplaceId, parents, reveal: nodes }
        },
        onDone: {
          target: 'ready',
          description: 'Its ancestors are opened; the view scrolls to it.',
          actions: { type: 'setBranches', params: ({ event }) => event.output },
        },
        onError: {
          target: 'ready',
          description: 'Not read: the message; the tree stays as it was.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

export type MappingTreeSnapshot = SnapshotFrom<typeof mappingTreeMachine>

/** A row of the tree as the view shows it. */
export type TreeRowOf = {
  node: MappingCategory
  level: number
  expandable: boolean
  expanded: boolean
  loading: boolean
  parentId: number | null
  setSize: number
  posInSet: number
}

/** The rows on screen, in order: the open branches while browsing, the matches in context while finding. */
export function visibleRows(c: MappingTreeContext): TreeRowOf[] {
  const rows: TreeRowOf[] = []
  if (c.found) {
    const siblings = new Map<number | null, number[]>()
    for (const id of c.found) {
      const n = c.nodes[id]
      if (!n) continue
      siblings.set(n.parent_id, [...(siblings.get(n.parent_id) ?? []), id])
    }
    for (const id of c.found) {
      const n = c.nodes[id]
      if (!n) continue
      const group = siblings.get(n.parent_id) ?? []
      rows.push({
        node: n,
        level: n.depth + 1,
        expandable: !n.match,
        expanded: !n.match,
        loading: false,
        parentId: n.parent_id,
        setSize: group.length,
        posInSet: group.indexOf(id) + 1,
      })
    }
    return rows
  }
  const open = new Set(c.expanded)
  const walk = (parent: number, level: number) => {
    const ids = c.children[parent] ?? []
    ids.forEach((id, i) => {
      const n = c.nodes[id]
      if (!n) return
      const expanded = open.has(id) && c.children[id] !== undefined
      rows.push({
        node: n,
        level,
        expandable: n.children_count > 0,
        expanded,
        loading: c.loadingId === id,
        parentId: parent === TOP ? null : parent,
        setSize: ids.length,
        posInSet: i + 1,
      })
      if (expanded) walk(id, level + 1)
    })
  }
  walk(TOP, 1)
  return rows
}

/** The names from the top down to a category (what is read of its ancestors). */
export function pathOf(c: MappingTreeContext, id: number | null): string[] {
  const names: string[] = []
  let n = id === null ? undefined : c.nodes[id]
  for (let i = 0; n && i < 64; i += 1) {
    names.unshift(n.name)
    n = n.parent_id === null ? undefined : c.nodes[n.parent_id]
  }
  return names
}

export const isFindingTree = (s: MappingTreeSnapshot) => s.context.found !== null
export const isTreeLoading = (s: MappingTreeSnapshot) => s.matches('loading')
export const isLoadingMore = (s: MappingTreeSnapshot) => s.matches('loadingMore')
export const treeFailure = (s: MappingTreeSnapshot) => (s.matches('failed') ? s.context.failure : null)
export const branchFailure = (s: MappingTreeSnapshot) => (s.matches('failed') ? null : s.context.failure)
