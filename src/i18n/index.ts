import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultLocale, type Locale } from '../contract/common'
import type { Catalogue } from './catalogue'
import type { MessageTree } from './merge'

// each part's import() on its own, so that no other file is preloaded with it
const parts = {
  ar: { start: () => import('./ar'), more: () => import('./ar-more') },
  en: { start: () => import('./en'), more: () => import('./en-more') },
} as const
export type CataloguePart = keyof (typeof parts)['ar']

// and each module's file on its own too, for a screen that needs only its module's messages
const moduleFiles = {
  ar: import.meta.glob<MessageTree>(['./locales/ar/*.json', '!./locales/ar/{app,auth,dashboard}.json'], { import: 'default' }),
  en: import.meta.glob<MessageTree>(['./locales/en/*.json', '!./locales/en/{app,auth,dashboard}.json'], { import: 'default' }),
} as const
const fileOf = (locale: Locale, name: string) => moduleFiles[locale][`./locales/${locale}/${name}.json`]

/**
 * A part of one language's messages, fetched when first needed: `start` (the app's and signing in:
 * what every page needs) or `more` (the modules', before their screens open).
 */
export const loadCatalogue = async (locale: Locale, part: CataloguePart = 'start'): Promise<Catalogue> =>
  (await parts[locale][part]()).default as Catalogue

/** What the screens opened so far asked for beyond the start: every module's messages, or some modules' files. */
type Wanted = 'all' | Set<string>
const wantedOf = new WeakMap<I18n, Wanted>()
/** What each language of an instance holds beyond the start. */
const heldOf = new WeakMap<I18n, Map<Locale, Wanted>>()

const held = (i18n: I18n, locale: Locale): Wanted => {
  const byLocale = heldOf.get(i18n) ?? new Map<Locale, Wanted>()
  heldOf.set(i18n, byLocale)
  const mine = byLocale.get(locale) ?? new Set<string>()
  byLocale.set(locale, mine)
  return mine
}

/** The files wanted that a language does not hold yet ('all': the whole rest). */
function missing(i18n: I18n, locale: Locale): 'all' | string[] {
  const wanted = wantedOf.get(i18n)
  const has = held(i18n, locale)
  if (!wanted || has === 'all') return []
  if (wanted === 'all') return 'all'
  return [...wanted].filter((name) => !has.has(name))
}

/** Brings a language the messages the screens asked for (each file fetched once). */
async function addWanted(i18n: I18n, locale: Locale): Promise<void> {
  const need = missing(i18n, locale)
  if (need === 'all') {
    const more = await loadCatalogue(locale, 'more')
    if (held(i18n, locale) === 'all') return
    i18n.addResourceBundle(locale, 'translation', more, true, false)
    heldOf.get(i18n)!.set(locale, 'all')
    return
  }
  await Promise.all(
    need.map(async (name) => {
      const load = fileOf(locale, name)
      if (!load) throw new Error(`no messages file "${name}" in ${locale}`)
      const messages = structuredClone(await load())
      const has = held(i18n, locale)
      if (has === 'all' || has.has(name)) return
      i18n.addResourceBundle(locale, 'translation', messages, true, false)
      has.add(name)
    }),
  )
}

/**
 * Adds the messages a screen needs to every language the instance has (fetched once): the named
 * modules' files, or without names every module's; resolves when they are there. A screen that
 * needs more than the start's messages opens after this.
 */
export async function completeCatalogues(i18n: I18n, files?: readonly string[]): Promise<void> {
  const wanted = wantedOf.get(i18n)
  if (!files) wantedOf.set(i18n, 'all')
  else if (wanted !== 'all') wantedOf.set(i18n, new Set([...(wanted ?? []), ...files]))
  const languages = (Object.keys(parts) as Locale[]).filter((l) => i18n.hasResourceBundle(l, 'translation'))
  await Promise.all(languages.map((l) => addWanted(i18n, l)))
}

/**
 * One i18next instance for the SPA with the catalogues at hand (the language shown at start; the
 * other is added by `addLanguage` when it arrives); the locale chart drives its language.
 */
export function createI18n(lng: Locale, catalogues: Partial<Record<Locale, Catalogue>>): I18n {
  const instance = i18next.createInstance()
  // copies: adding a part later merges into the instance's bundle, never into a loaded file's object
  const resources = Object.fromEntries(Object.entries(catalogues).map(([l, c]) => [l, { translation: { ...c } }]))
  void instance.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: defaultLocale,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    // a language added later shows at once
    react: { bindI18nStore: 'added' },
  })
  return instance
}

/** Whether `locale` can be shown at once: its messages are there, with those the screens asked for. */
export const hasLanguage = (i18n: I18n, locale: Locale): boolean => {
  if (!i18n.hasResourceBundle(locale, 'translation')) return false
  const need = missing(i18n, locale)
  return need !== 'all' && need.length === 0
}

/** Makes `locale`'s messages available (fetched once), with those the screens asked for; resolves when they are. */
export async function addLanguage(i18n: I18n, locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    const start = await loadCatalogue(locale)
    if (!i18n.hasResourceBundle(locale, 'translation')) i18n.addResourceBundle(locale, 'translation', { ...start }, true, false)
  }
  await addWanted(i18n, locale)
}
