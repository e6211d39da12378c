import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseAst, transformWithOxc } from 'vite'
import { stripDescriptions } from '../../build/strip-descriptions'

const machines = new URL('../../src/machines/', import.meta.url).pathname
const count = (code: string, pattern: RegExp) => code.match(pattern)?.length ?? 0

describe('build: chart descriptions left out of production code', () => {
  it('drops literal descriptions with their commas and keeps computed ones and everything else', () => {
    const code = [
      'const d = "kept"',
      'export const chart = { description: "a state", on: { go: { target: "b", description: `a transition` } },',
      '  states: { b: { description: d, type: "final" }, c: { "description": \'quoted\' } }, tail: 1 }',
    ].join('\n')
    const stripped = stripDescriptions(code)
    const evaluate = (source: string) => new Function(source.replace('export const chart =', 'return'))() as unknown
    expect(evaluate(stripped.replace('const d = "kept"\n', 'const d = "kept";'))).toEqual({
      on: { go: { target: 'b' } },
      states: { b: { description: 'kept', type: 'final' }, c: {} },
      tail: 1,
    })
  })

  it('leaves every chart of the app valid code with its targets and guards, and no literal description', async () => {
    const files = readdirSync(machines).filter((f) => f.endsWith('.ts'))
    expect(files.length).toBeGreaterThan(10)
    let removed = 0
    for (const file of files) {
      const { code } = await transformWithOxc(readFileSync(join(machines, file), 'utf8'), file)
      const stripped = stripDescriptions(code)
      expect(() => parseAst(stripped), file).not.toThrow()
      expect(count(stripped, /\bdescription:\s*["'`]/g), file).toBe(0)
      for (const word of [/\btarget:/g, /\bguard:/g, /\bactions:/g]) expect(count(stripped, word), file).toBe(count(code, word))
      removed += code.length - stripped.length
    }
    // the descriptions of 13 charts are several kilobytes of text
    expect(removed).toBeGreaterThan(10_000)
  })
})
