import { parseAst, type Plugin } from 'vite'

type Node = { type: string; start: number; end: number; [key: string]: unknown }

/** A `description: '…'` (or a template without expressions) property of an object literal. */
const isDescription = (node: Node) => {
  if (node.type !== 'Property' || node.computed) return false
  const key = node.key as Node & { name?: string; value?: unknown }
  if (key.name !== 'description' && key.value !== 'description') return false
  const value = node.value as Node & { value?: unknown; expressions?: unknown[] }
  return (
    (value.type === 'Literal' && typeof value.value === 'string') || (value.type === 'TemplateLiteral' && value.expressions?.length === 0)
  )
}

function* walk(node: unknown): Generator<Node> {
  if (Array.isArray(node)) for (const child of node) yield* walk(child)
  else if (node && typeof node === 'object' && typeof (node as Node).type === 'string') {
    yield node as Node
    for (const [key, child] of Object.entries(node)) if (key !== 'type' && child && typeof child === 'object') yield* walk(child)
  }
}

/** The code without the description properties of its object literals (each with the comma after it). */
export function stripDescriptions(code: string): string {
  const ranges = [...walk(parseAst(code))].filter(isDescription).map((p) => {
    const comma = /^\s*,/.exec(code.slice(p.end))
    return [p.start, p.end + (comma ? comma[0].length : 0)] as const
  })
  let out = code
  for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end)
  return out
}

/**
 * The descriptions on the charts' states and transitions are for QA: the Flows screen and the chart
 * export read them from `src/i18n/charts/` and the sources, so a production build leaves them out of
 * the charts' code (users download none of them). A QA build (`VITE_INSPECT=1`) keeps them for the
 * Stately inspector.
 */
export function stripChartDescriptions(): Plugin {
  return {
    name: 'strip-chart-descriptions',
    apply: (_, env) => env.command === 'build' && process.env.VITE_INSPECT !== '1',
    transform: {
      filter: { id: /\/src\/machines\/[^/]+\.ts$/ },
      handler: (code) => ({ code: stripDescriptions(code), map: null }),
    },
  }
}
