import type { AnyStateMachine, AnyStateNode } from 'xstate'

export type LaidState = { key: string; name: string; x: number; y: number; width: number; height: number; kind: string; depth: number }
export type LaidEdge = {
  id: string
  from: string
  label: string
  points: { x: number; y: number }[]
  labelAt: { x: number; y: number; width: number }
}
export type ChartLayout = { width: number; height: number; states: LaidState[]; edges: LaidEdge[] }

type ElkNode = {
  id: string
  width?: number
  height?: number
  x?: number
  y?: number
  children?: ElkNode[]
  layoutOptions?: Record<string, string>
  labels?: { text: string; width: number; height: number }[]
}
type ElkEdge = {
  id: string
  sources: string[]
  targets: string[]
  labels?: { text: string; width: number; height: number; x?: number; y?: number }[]
  sections?: { startPoint: { x: number; y: number }; endPoint: { x: number; y: number }; bendPoints?: { x: number; y: number }[] }[]
}

type Engine = { layout: (graph: never) => Promise<unknown> }
let engine: Promise<Engine> | null = null

/**
 * elkjs, laying out in a worker so a large chart never holds up the page (in a browser); where there
 * are no workers (the tests' Node), in the same thread. One engine serves every chart of the visit.
 */
function layoutEngine(): Promise<Engine> {
  engine ??= (
    typeof Worker === 'undefined'
      ? import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK())
      : Promise.all([import('elkjs/lib/elk-api.js'), import('elkjs/lib/elk-worker.min.js?worker')]).then(
          ([{ default: ELK }, { default: LayoutWorker }]) => new ELK({ workerFactory: () => new LayoutWorker() }),
        )
  ).catch((error: unknown) => {
    engine = null
    throw error
  })
  return engine
}

const CHAR = 8
const keyOf = (node: AnyStateNode) => node.path.join('.') || '(chart)'
const textWidth = (text: string) => Math.ceil(text.length * CHAR) + 16

/** A guard as an arrow shows it: its name, or a combination by its parts (`and(ready, not(busy))`). */
function guardName(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined
  if (typeof guard === 'string') return guard
  const g = guard as { type?: unknown; name?: string; guards?: unknown[] }
  if (typeof g.type === 'string') return g.type
  if (Array.isArray(g.guards)) return `${g.name ?? ''}(${g.guards.map((x) => guardName(x) ?? '').join(', ')})`
  return g.name || 'inline'
}

/** What a transition's arrow says: its event (delays and actor outcomes in short) and its guard. */
export function edgeLabel(event: string, guard: unknown): string {
  const short = event
    .replace(/^xstate\.done\.actor\.(.+)$/, 'done: $1')
    .replace(/^xstate\.error\.actor\.(.+)$/, 'error: $1')
    .replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1')
  const name = guardName(guard)
  return name ? `${short} [${name}]` : short
}

/** The arrows of a state's own transitions (its `on`, delays, actors' outcomes and `always`). */
function edgesOf(node: AnyStateNode, edges: ElkEdge[]) {
  const key = keyOf(node)
  const own = [...node.transitions.entries(), ...(node.always?.length ? ([['always', node.always]] as const) : [])]
  for (const [event, candidates] of own)
    for (const [i, t] of candidates.entries())
      for (const target of t.target ?? []) {
        const label = edgeLabel(String(event), t.guard)
        edges.push({
          id: `${key} ${event}#${i}>${keyOf(target)}`,
          sources: [key],
          targets: [keyOf(target)],
          labels: [{ text: label, width: textWidth(label), height: 16 }],
        })
      }
}

function nodeOf(node: AnyStateNode, edges: ElkEdge[]): ElkNode {
  const key = keyOf(node)
  edgesOf(node, edges)
  const children = Object.values(node.states)
  const name = node.key
  if (!children.length) return { id: key, width: Math.max(textWidth(name), 90), height: 36 }
  return {
    id: key,
    layoutOptions: { 'elk.padding': '[top=34,left=14,bottom=14,right=14]' },
    children: children.map((c) => nodeOf(c, edges)),
  }
}

/** Lays a chart out (elkjs, layered, top to bottom): nested states inside their parents, transitions as routed arrows. */
export async function layoutChart(machine: AnyStateMachine): Promise<ChartLayout> {
  const edges: ElkEdge[] = []
  edgesOf(machine.root, edges)
  const top = Object.values(machine.root.states).map((c) => nodeOf(c, edges))
  const graph = {
    id: '(chart)',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '60',
      'elk.spacing.nodeNode': '40',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      'elk.layered.edgeLabels.sideSelection': 'ALWAYS_DOWN',
    },
    children: top,
    // edges into or out of the chart itself (its own `on`) start at its first state
    edges: edges.map((e) => (e.sources[0] === '(chart)' ? { ...e, sources: [top[0]?.id ?? '(chart)'] } : e)),
  }
  const laid = (await (await layoutEngine()).layout(graph as never)) as unknown as ElkNode & { edges: ElkEdge[] }
  const kinds = new Map<string, string>()
  const collect = (node: AnyStateNode) => {
    kinds.set(keyOf(node), node.type)
    for (const c of Object.values(node.states)) collect(c)
  }
  collect(machine.root)
  const states: LaidState[] = []
  const visit = (n: ElkNode, depth: number) => {
    states.push({
      key: n.id,
      name: n.id.split('.').at(-1) ?? n.id,
      x: n.x ?? 0,
      y: n.y ?? 0,
      width: n.width ?? 0,
      height: n.height ?? 0,
      kind: kinds.get(n.id) ?? 'atomic',
      depth,
    })
    for (const c of n.children ?? []) visit(c, depth + 1)
  }
  for (const c of laid.children ?? []) visit(c, 0)
  return {
    width: Math.ceil(laid.width ?? 0),
    height: Math.ceil(laid.height ?? 0),
    states,
    edges: laid.edges.map((e) => {
      const s = e.sections?.[0]
      const label = e.labels?.[0]
      return {
        id: e.id,
        from: e.sources[0] ?? '',
        label: label?.text ?? '',
        points: s ? [s.startPoint, ...(s.bendPoints ?? []), s.endPoint] : [],
        labelAt: { x: label?.x ?? 0, y: label?.y ?? 0, width: label?.width ?? 0 },
      }
    }),
  }
}
