// `npm run charts`: every chart the app's modules declare, written as its definition (states,
// transitions with guards and descriptions, invoked actors, delays) under dist/charts/, with an index,
// for QA to open in the XState visualizer or Stately Studio.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import type { ScreenModule } from '../src/views/shared/screen-module'
import { chartTexts } from '../src/machines/chart-doc'

const repo = new URL('..', import.meta.url).pathname

export type DeclaredChart = { module: string; id: string; load: () => Promise<AnyStateMachine> }

/** Every chart declared by a `src/views/<module>/module.ts`, in module order (the same files the app reads). */
export async function declaredCharts(root = repo): Promise<DeclaredChart[]> {
  const views = join(root, 'src/views')
  const files = readdirSync(views)
    .sort()
    .map((dir) => join(views, dir, 'module.ts'))
    .filter((file) => existsSync(file))
  const charts: DeclaredChart[] = []
  for (const file of files) {
    const declared = ((await import(pathToFileURL(file).href)) as { default: ScreenModule | readonly ScreenModule[] }).default
    for (const module of ([] as ScreenModule[]).concat(declared as ScreenModule[])) {
      for (const [id, load] of Object.entries(module.charts ?? {})) charts.push({ module: module.name, id, load })
    }
  }
  return charts
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }
type Named = string | ((...args: never[]) => unknown) | { type?: unknown; params?: unknown; src?: unknown; id?: unknown }

/** The name of an action, guard or actor as the visualizer shows it; inline ones by their kind (`xstate.assign`, `not(isUploading)`). */
function nameOf(item: Named): string {
  if (typeof item === 'string') return item
  if (typeof item === 'function') {
    const fn = item as { type?: unknown; guards?: Named[]; name: string }
    if (Array.isArray(fn.guards)) return `${fn.name}(${fn.guards.map(nameOf).join(', ')})`
    return typeof fn.type === 'string' ? fn.type : fn.name || 'inline'
  }
  return typeof item.type === 'string' ? item.type : 'inline'
}

const defined = (entries: [string, Json | undefined][]): Record<string, Json> =>
  Object.fromEntries(entries.filter((e): e is [string, Json] => e[1] !== undefined && !(Array.isArray(e[1]) && e[1].length === 0)))

type Transition = {
  target?: readonly AnyStateNode[] | undefined
  guard?: unknown
  actions: readonly unknown[]
  reenter?: boolean
  description?: string | undefined
}

const transitionOf = (t: Transition): Json =>
  defined([
    ['target', t.target?.map((n) => `#${n.id}`)],
    ['guard', t.guard ? nameOf(t.guard as Named) : undefined],
    ['actions', t.actions.map((a) => nameOf(a as Named))],
    ['reenter', t.reenter ? true : undefined],
    ['description', t.description],
  ])

/**
 * A chart as plain configuration (what `createMachine` and Stately's tools read): states with their
 * descriptions, transitions with targets, guards, actions and descriptions, invoked actors with their
 * done and error transitions, delayed transitions under their delay's name.
 */
export function chartConfig(machine: AnyStateMachine): Record<string, Json> {
  const stateOf = (node: AnyStateNode): Record<string, Json> => {
    const invokes = node.invoke.map((i) => ({ id: i.id, src: nameOf(i.src as Named) }))
    const invokeEvents = new Set(invokes.flatMap((i) => [`xstate.done.actor.${i.id}`, `xstate.error.actor.${i.id}`]))
    const delayed = new Set(node.after.map((t) => t.eventType))
    const on = [...node.transitions.entries()].filter(([event]) => !invokeEvents.has(event) && !delayed.has(event))
    const after = new Map<string, Json[]>()
    for (const t of node.after) after.set(String(t.delay), [...(after.get(String(t.delay)) ?? []), transitionOf(t)])
    const handlers = (event: string) => node.transitions.get(event)?.map(transitionOf)
    return defined([
      ['id', node === machine.root ? machine.id : undefined],
      ['type', node.type === 'parallel' || node.type === 'final' || node.type === 'history' ? node.type : undefined],
      ['history', node.type === 'history' ? String(node.history) : undefined],
      ['description', node.description],
      // the path player's examples (starting inputs, payloads), plain data
      ['meta', node.meta === undefined ? undefined : (JSON.parse(JSON.stringify(node.meta)) as Json)],
      ['initial', typeof node.config.initial === 'string' ? node.config.initial : undefined],
      // the configured ones: `entry`/`exit` of the node also hold the timers its `after` adds
      ['entry', [node.config.entry ?? []].flat().map((a) => nameOf(a as Named))],
      ['exit', [node.config.exit ?? []].flat().map((a) => nameOf(a as Named))],
      [
        'invoke',
        invokes.map((i) =>
          defined([
            ['id', i.id],
            ['src', i.src],
            ['onDone', handlers(`xstate.done.actor.${i.id}`)],
            ['onError', handlers(`xstate.error.actor.${i.id}`)],
          ]),
        ),
      ],
      ['on', on.length ? Object.fromEntries(on.map(([event, ts]) => [event, ts.map(transitionOf)])) : undefined],
      ['always', node.always?.map(transitionOf)],
      ['after', after.size ? Object.fromEntries(after) : undefined],
      ['tags', [...node.tags]],
      [
        'states',
        Object.keys(node.states).length
          ? Object.fromEntries(Object.entries(node.states).map(([key, child]) => [key, stateOf(child)]))
          : undefined,
      ],
    ])
  }
  return stateOf(machine.root)
}

export type ChartIndexEntry = {
  id: string
  module: string
  file: string
  description: string
  states: number
  transitions: number
  /** Named delays in milliseconds (`after` transitions name them). */
  delays: Record<string, number>
}

const delaysOf = (machine: AnyStateMachine): Record<string, number> =>
  Object.fromEntries(Object.entries(machine.implementations.delays ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number'))

/** Writes `<id>.json` (the chart's configuration, see `chartConfig`) for each declared chart, then `index.json`. */
export async function exportCharts(outDir = join(repo, 'dist/charts'), root = repo): Promise<ChartIndexEntry[]> {
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  const index: ChartIndexEntry[] = []
  for (const chart of await declaredCharts(root)) {
    const machine = await chart.load()
    if (machine.id !== chart.id) throw new Error(`module ${chart.module} declares chart "${chart.id}" but it loads "${machine.id}"`)
    const file = `${machine.id}.json`
    writeFileSync(join(outDir, file), `${JSON.stringify(chartConfig(machine), null, 2)}\n`)
    const texts = chartTexts(machine)
    index.push({
      id: machine.id,
      module: chart.module,
      file,
      description: machine.root.description ?? '',
      states: texts.filter((t) => t.kind === 'state').length,
      transitions: texts.filter((t) => t.kind === 'transition').length,
      delays: delaysOf(machine),
    })
  }
  writeFileSync(join(outDir, 'index.json'), `${JSON.stringify({ charts: index }, null, 2)}\n`)
  return index
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const index = await exportCharts()
  for (const c of index) console.log(`dist/charts/${c.file}  (${c.module}: ${c.states} states, ${c.transitions} transitions)`)
  console.log(`dist/charts/index.json  (${index.length} charts)`)
}
