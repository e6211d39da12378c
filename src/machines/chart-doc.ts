import type { AnyStateMachine, AnyStateNode } from 'xstate'

/** What a chart says of itself, for QA: one line per state and per transition. */
export type ChartText = {
  /** Stable key: `<state path>` for a state (`''` for the chart), `<state path> <event>` (`#n` for the n-th of several) for a transition. */
  key: string
  kind: 'state' | 'transition'
  description: string | undefined
}

const pathOf = (node: AnyStateNode) => node.path.join('.')

function* textsOf(node: AnyStateNode): Generator<ChartText> {
  const path = pathOf(node)
  yield { key: path, kind: 'state', description: node.description }
  const own: [string, readonly { description?: string | undefined }[]][] = [...node.transitions.entries()]
  if (node.always?.length) own.push(['always', node.always])
  for (const [event, candidates] of own) {
    for (const [i, t] of candidates.entries()) {
      const key = `${path} ${event}${candidates.length > 1 ? `#${i}` : ''}`
      yield { key: key.trim(), kind: 'transition', description: t.description }
    }
  }
  for (const child of Object.values(node.states)) yield* textsOf(child)
}

/** Every state and transition of a chart with its description, in document order. */
export const chartTexts = (machine: AnyStateMachine): ChartText[] => [...textsOf(machine.root)]

/** The states and transitions a chart leaves without a description (a QA reader would be lost there). */
export const undescribed = (machine: AnyStateMachine): string[] =>
  chartTexts(machine)
    .filter((t) => !t.description?.trim())
    .map((t) => `${machine.id}: ${t.kind} "${t.key || '(chart)'}"`)

/** A chart's descriptions by key in both languages. */
export type ChartTextsByLanguage = Record<'ar' | 'en', Record<string, string>>

/** The descriptions of chart `id` in Arabic and English (`src/i18n/charts/`, loaded when first asked for). */
export async function loadChartTexts(id: string): Promise<ChartTextsByLanguage> {
  const [ar, en] = await Promise.all([import('../i18n/charts/ar.json'), import('../i18n/charts/en.json')])
  const pick = (all: Record<string, Record<string, string>>) => all[id] ?? {}
  return { ar: pick(ar.default), en: pick(en.default) }
}
