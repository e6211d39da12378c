import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { screenModules } from '../../src/app/modules'
import { chartTexts, undescribed } from '../../src/machines/chart-doc'
import ar from '../../src/i18n/charts/ar.json'
import en from '../../src/i18n/charts/en.json'

const declared = screenModules.flatMap((m) => Object.entries(m.charts ?? {}).map(([id, load]) => ({ module: m.name, id, load })))
const charts = await Promise.all(declared.map(async (d) => ({ ...d, machine: await d.load() })))

const isMachine = (v: unknown): v is AnyStateMachine => typeof v === 'object' && v !== null && 'root' in v && 'implementations' in v
const machineFiles = import.meta.glob<Record<string, unknown>>('../../src/machines/*.ts', { eager: true })
const defined = Object.values(machineFiles).flatMap((exports) => Object.values(exports).filter(isMachine))

const texts = ar as Record<string, Record<string, string>>
const english = en as Record<string, Record<string, string>>

describe('declared charts', () => {
  it('are every chart of src/machines, each declared once under its own id', () => {
    expect(charts.map((c) => c.machine.id)).toEqual(charts.map((c) => c.id))
    expect(new Set(charts.map((c) => c.id)).size).toBe(charts.length)
    expect(defined.map((m) => m.id).sort()).toEqual(charts.map((c) => c.id).sort())
    expect(readdirSync(`${process.cwd()}/src/machines`).length).toBeGreaterThan(charts.length)
  })

  it('describe every state and every transition', () => {
    expect(charts.flatMap((c) => undescribed(c.machine))).toEqual([])
  })

  it('have their descriptions in the flows locale: English as in the chart, Arabic for the same keys', () => {
    for (const { id, machine } of charts) {
      const inChart = Object.fromEntries(chartTexts(machine).map((t) => [t.key, t.description]))
      expect(english[id], id).toEqual(inChart)
      expect(Object.keys(texts[id] ?? {}).sort(), id).toEqual(Object.keys(inChart).sort())
    }
    expect(Object.keys(english).sort()).toEqual(charts.map((c) => c.id).sort())
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort())
    const empty = Object.entries(texts).flatMap(([id, t]) =>
      Object.entries(t)
        .filter(([, v]) => !v.trim())
        .map(([k]) => `${id}: ${k}`),
    )
    expect(empty).toEqual([])
  })
})

describe('the description check', () => {
  it('names a state and a transition left without a description', async () => {
    const { createMachine } = await import('xstate')
    const bare = createMachine({
      id: 'bare',
      description: 'A chart.',
      initial: 'a',
      states: { a: { on: { go: 'b' } }, b: { description: 'B.' } },
    })
    expect(undescribed(bare)).toEqual(['bare: state "a"', 'bare: transition "a go"'])
  })
})
