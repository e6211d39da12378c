import { readdirSync, readFileSync, statSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { subsetFonts } from '../../build/subset-fonts'

const repo = new URL('../..', import.meta.url).pathname
const css = readFileSync(join(repo, 'src/index.css'), 'utf8')

/** The code points a CSS `unicode-range` covers. */
function covered(range: string): Set<number> {
  const points = new Set<number>()
  for (const part of range.split(',')) {
    const match = /U\+([0-9a-f]+)(?:-([0-9a-f]+))?/i.exec(part.trim())
    if (!match) continue
    const from = parseInt(match[1]!, 16)
    for (let c = from; c <= (match[2] ? parseInt(match[2], 16) : from); c++) points.add(c)
  }
  return points
}

const faces = css.match(/@font-face\s*{[^}]*}/g) ?? []
const arabicFaces = faces.filter((rule) => rule.includes('IBM Plex Sans Arabic'))
const latinFaces = faces.filter((rule) => rule.includes("'Inter'"))
const rangeOf = (rule: string) => covered(/unicode-range:([^;]+);/.exec(rule)![1]!)
const messages = (lang: string) => {
  const dirOf = join(repo, 'src/i18n/locales', lang)
  return readdirSync(dirOf)
    .map((file) => readFileSync(join(dirOf, file), 'utf8'))
    .join('')
}

describe('build: the Arabic faces cut to what Arabic text uses', () => {
  let dir = ''
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'subset-fonts-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('covers every Arabic character of the Arabic messages, in both weights', () => {
    expect(arabicFaces).toHaveLength(2)
    const arabic = new Set([...messages('ar')].filter((ch) => /\p{Script=Arabic}/u.test(ch)).map((ch) => ch.codePointAt(0)!))
    expect(arabic.size).toBeGreaterThan(30)
    for (const rule of arabicFaces) {
      expect(rule).toContain("url('subset-fonts/")
      const range = rangeOf(rule)
      const missing = [...arabic].filter((c) => !range.has(c)).map((c) => `U+${c.toString(16).toUpperCase()} ${String.fromCodePoint(c)}`)
      expect(missing).toEqual([])
    }
  })

  it('covers every other character of the messages in either language with the Latin face, in both weights', () => {
    expect(latinFaces).toHaveLength(2)
    const arabicRange = rangeOf(arabicFaces[0]!)
    const others = new Set(
      [...(messages('ar') + messages('en'))]
        .map((ch) => ch.codePointAt(0)!)
        // format controls (the isolates around a Latin name in Arabic text) are never drawn: no face needs them
        .filter((c) => c > 0x20 && !arabicRange.has(c) && !/\p{Script=Arabic}|\p{Cf}/u.test(String.fromCodePoint(c))),
    )
    for (const rule of latinFaces) {
      expect(rule).toContain("url('subset-fonts/")
      const range = rangeOf(rule)
      expect([...others].filter((c) => !range.has(c)).map((c) => `U+${c.toString(16).toUpperCase()} ${String.fromCodePoint(c)}`)).toEqual(
        [],
      )
    }
  })

  it('makes each face from its source with only its range, smaller, and not again while it is up to date', async () => {
    const file = 'ibm-plex-sans-arabic-arabic-400-normal.woff2'
    const cssFile = join(dir, 'fonts.css')
    await writeFile(
      cssFile,
      `@font-face { font-family: 'X'; src: url('subset-fonts/${file}') format('woff2'); unicode-range: U+0621-064A; }`,
    )
    const outDir = join(dir, 'out')
    const start = subsetFonts({ cssFile, outDir }).buildStart as () => Promise<void>
    await start()
    const source = createRequire(import.meta.url).resolve(`@fontsource/ibm-plex-sans-arabic/files/${file}`)
    const made = statSync(join(outDir, file))
    expect(made.size).toBeGreaterThan(1000)
    expect(made.size).toBeLessThan(statSync(source).size / 2)
    // a woff2 file, not a copy of the source
    expect(readFileSync(join(outDir, file)).subarray(0, 4).toString('latin1')).toBe('wOF2')
    await start()
    expect(statSync(join(outDir, file)).mtimeMs).toBe(made.mtimeMs)
  })
})
