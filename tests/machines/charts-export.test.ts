import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createMachine } from 'xstate'
import { chartConfig, exportCharts, type ChartIndexEntry } from '../../build/charts'
import { screenModules } from '../../src/app/modules'
import { chartTexts } from '../../src/machines/chart-doc'

const out = mkdtempSync(join(tmpdir(), 'charts-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

const declared = screenModules.flatMap((m) => Object.entries(m.charts ?? {}).map(([id, load]) => ({ module: m.name, id, load })))
const index = await exportCharts(out)
const exported = (file: string) => JSON.parse(readFileSync(join(out, file), 'utf8')) as Record<string, unknown>

describe('npm run charts', () => {
  it('exports every chart the modules declare, with an index', () => {
    expect((exported('index.json') as { charts: ChartIndexEntry[] }).charts).toEqual(index)
    expect(index.map((c) => [c.module, c.id])).toEqual(declared.map((d) => [d.module, d.id]))
    for (const c of index) expect(existsSync(join(out, c.file)), c.file).toBe(true)
    expect(index.find((c) => c.id === 'navigation')?.delays).toEqual({ scrollDelay: 100 })
    expect(index.find((c) => c.id === 'dataTable')?.delays).toEqual({ searchDelay: 300 })
  })

  it('writes definitions that load back with createMachine: the same states, transitions, guards, actors, delays and descriptions', async () => {
    for (const { id, load } of declared) {
      const original = await load()
      const loaded = createMachine(exported(`${id}.json`) as never)
      expect(loaded.id, id).toBe(id)
      expect(chartTexts(loaded), id).toEqual(chartTexts(original))
      expect(chartConfig(loaded), id).toEqual(chartConfig(original))
    }
  })

  it('names guards, invoked actors and delays as the chart does', () => {
    const session = JSON.stringify(exported('session.json'))
    expect(session).toContain('"guard":"hasUserToken"')
    expect(session).toContain('"src":"checkAdmin"')
    const navigation = exported('navigation.json') as { states: { settling: { after: Record<string, unknown> } } }
    expect(Object.keys(navigation.states.settling.after)).toEqual(['scrollDelay'])
    expect(JSON.stringify(exported('crudForm.json'))).toContain('"guard":"not(isUploading)"')
  })
})
