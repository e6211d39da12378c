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

describe('loading the messages in parts', () => {
  it('loads the app and signing in at start, and every module once a screen asks for them', async () => {
    const { addLanguage, completeCatalogues, createI18n, hasLanguage, loadCatalogue } = await import('../../src/i18n')
    const start = await loadCatalogue('ar')
    // what the sign-in pages and the guest page need, and no module's messages
    expect(Object.keys(start)).toEqual(expect.arrayContaining(['app', 'auth', 'errors', 'actions']))
    expect(start).not.toHaveProperty('registration')
    expect(start).not.toHaveProperty('vendors')

    const i18n = createI18n('ar', { ar: start })
    expect(i18n.exists('auth.signIn.title')).toBe(true)
    expect(i18n.exists('registration.wizard.title')).toBe(false)
    expect(hasLanguage(i18n, 'ar')).toBe(true)

    await completeCatalogues(i18n)
    // the start and the rest together are the whole catalogue
    expect(i18n.getResourceBundle('ar', 'translation')).toEqual(catalogues.ar)

    // English asked for afterwards arrives whole
    expect(hasLanguage(i18n, 'en')).toBe(false)
    await addLanguage(i18n, 'en')
    expect(hasLanguage(i18n, 'en')).toBe(true)
    expect(i18n.getResourceBundle('en', 'translation')).toEqual(catalogues.en)
  })

  it("brings a screen only its module's messages when it names them, in every language it switches to, then all once another screen asks", async () => {
    const { addLanguage, completeCatalogues, createI18n, hasLanguage, loadCatalogue } = await import('../../src/i18n')
    const i18n = createI18n('ar', { ar: await loadCatalogue('ar') })
    await completeCatalogues(i18n, ['registration'])
    expect(i18n.getResourceBundle('ar', 'translation')).toEqual({
      ...(await loadCatalogue('ar')),
      registration: catalogues.ar.registration,
    })
    expect(i18n.exists('vendors.title')).toBe(false)
    // the other language, switched to on that screen, arrives with the same file
    expect(hasLanguage(i18n, 'en')).toBe(false)
    await addLanguage(i18n, 'en')
    expect(hasLanguage(i18n, 'en')).toBe(true)
    expect(i18n.getResourceBundle('en', 'translation')).toEqual({
      ...(await loadCatalogue('en')),
      registration: catalogues.en.registration,
    })
    // a second visit fetches nothing more and changes nothing
    await completeCatalogues(i18n, ['registration'])
    expect(hasLanguage(i18n, 'ar')).toBe(true)
    // a screen needing every module's: both languages become whole
    await completeCatalogues(i18n)
    expect(i18n.getResourceBundle('ar', 'translation')).toEqual(catalogues.ar)
    expect(i18n.getResourceBundle('en', 'translation')).toEqual(catalogues.en)
    // a file no language has is an error, not a silent gap
    await expect(completeCatalogues(createI18n('ar', { ar: await loadCatalogue('ar') }), ['no-such-module'])).rejects.toThrow(
      /no-such-module/,
    )
  })

  it('names only messages files that exist, for every screen that names them', async () => {
    const { screenModules } = await import('../../src/app/modules')
    const named = screenModules.flatMap((m) => m.routes.flatMap((r) => r.messages ?? []))
    expect(named).toContain('registration')
    for (const name of named) for (const lang of ['ar', 'en'] as const) expect(catalogues[lang]).toHaveProperty([name])
  })

  it('adds only the start of a language while no screen asked for the rest', async () => {
    const { addLanguage, createI18n, hasLanguage, loadCatalogue } = await import('../../src/i18n')
    const i18n = createI18n('ar', { ar: await loadCatalogue('ar') })
    await addLanguage(i18n, 'en')
    expect(hasLanguage(i18n, 'en')).toBe(true)
    expect(i18n.getResourceBundle('en', 'translation')).toEqual(await loadCatalogue('en'))
    expect(i18n.exists('vendors.title', { lng: 'en' })).toBe(false)
  })
})
