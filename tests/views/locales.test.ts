import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { mergeFiles } from '../../src/i18n/merge'
import { catalogues } from '../../src/i18n/catalogue'

const { ar, en } = catalogues

type Tree = { [k: string]: string | Tree }
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flatten(v, `${prefix}${k}.`)))),
  )
const arKeys = flatten(ar as unknown as Tree)
const enKeys = flatten(en as unknown as Tree)
const plural = /_(zero|one|two|few|many|other)$/
const base = (k: string) => k.replace(plural, '')
const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

describe('locale files', () => {
  it('come in pairs: every file of one language has its counterpart in the other', () => {
    const dir = `${process.cwd()}/src/i18n/locales/`
    const files = (lang: string) => readdirSync(`${dir}${lang}`).sort()
    expect(files('ar').length).toBeGreaterThan(5)
    expect(files('en')).toEqual(files('ar'))
  })

  it('refuse a key two files define', () => {
    expect(() =>
      mergeFiles([
        { name: 'a.json', messages: { x: {} } },
        { name: 'b.json', messages: { x: {} } },
      ]),
    ).toThrow(/"x" is defined by both a.json and b.json/)
  })

  it('have the same keys in ar and en', () => {
    const a = new Set(Object.keys(arKeys).map(base))
    const e = new Set(Object.keys(enKeys).map(base))
    expect([...e].filter((k) => !a.has(k))).toEqual([])
    expect([...a].filter((k) => !e.has(k))).toEqual([])
  })

  it('use the same interpolation values in both languages', () => {
    const mismatched = Object.keys(enKeys)
      .filter((k) => arKeys[k] !== undefined)
      .filter((k) => vars(enKeys[k]!).join() !== vars(arKeys[k]!).join())
    expect(mismatched).toEqual([])
  })

  it('give Arabic every plural form where a key is plural', () => {
    const plurals = new Set(
      Object.keys(arKeys)
        .filter((k) => plural.test(k))
        .map(base),
    )
    const missing = [...plurals].flatMap((k) =>
      ['zero', 'one', 'two', 'few', 'many', 'other'].filter((f) => arKeys[`${k}_${f}`] === undefined).map((f) => `${k}_${f}`),
    )
    expect(missing).toEqual([])
  })

  it('leave no value empty', () => {
    expect(Object.entries(arKeys).filter(([, v]) => !v.trim())).toEqual([])
    expect(Object.entries(enKeys).filter(([, v]) => !v.trim())).toEqual([])
  })

  it('write "greater", never the misspelling', () => {
    expect(enKeys['validation.numberMin']).toBe('must be greater than {{n}}')
    expect(JSON.stringify(en)).not.toContain('grater')
  })
})
